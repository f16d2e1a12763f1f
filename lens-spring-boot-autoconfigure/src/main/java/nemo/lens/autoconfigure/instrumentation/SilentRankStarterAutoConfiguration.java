package nemo.lens.autoconfigure.instrumentation;

import io.opentelemetry.api.OpenTelemetry;
import nemo.lens.TelemetryHandle;
import nemo.lens.autoconfigure.binding.ConditionalOnLensEnabled;
import nemo.lens.autoconfigure.binding.ConditionalOnLensSwitch;
import nemo.lens.autoconfigure.binding.LensSwitches;
import nemo.lens.autoconfigure.silent.ConditionalOnSilentForLife;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * On a rank that will never export any signal, the OpenTelemetry instrumentation starter builds no
 * SDK at all: the rank's handle publishes its {@link OpenTelemetry} (no-op, propagating W3C trace
 * context and baggage) before the starter's auto-configuration, which then backs off. The starter's
 * instrumentations run on it, so a request's trace still passes through the rank, while no
 * provider, processor, reader or exporter exists. A rank that exports a signal, or may be switched
 * on, keeps the starter's SDK behind {@link StarterSdkGate}; so does a door opted out
 * ({@code nemo.lens.gate.otel.starter=false}).
 */
@AutoConfiguration(beforeName = OpenTelemetryStarterDoor.STARTER)
@ConditionalOnClass(name = OpenTelemetryStarterDoor.STARTER)
@ConditionalOnLensEnabled
@ConditionalOnLensSwitch(value = LensSwitches.GATE_OTEL_STARTER, matchIfMissing = true)
@ConditionalOnSilentForLife
public final class SilentRankStarterAutoConfiguration {

	SilentRankStarterAutoConfiguration() {
	}

	@Bean(name = OpenTelemetryStarterDoor.SILENT_RANK_BEAN, destroyMethod = "")
	@ConditionalOnMissingBean(OpenTelemetry.class)
	OpenTelemetry lensSilentRankOpenTelemetry(TelemetryHandle handle) {
		return handle.openTelemetry();
	}

}

package nemo.lens.switching;

import java.lang.reflect.Method;
import java.util.List;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.logs.Logger;
import io.opentelemetry.api.logs.Severity;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * Where the API on the class path has no {@code isEnabled} (the default line's), nothing can ask it
 * through the interface, but a caller that finds the wrappers' own methods by reflection is told
 * whether what it records goes anywhere: not on a silent rank, yes on an SDK. Where the API has the
 * method, {@link SwitchableTelemetryEnabledTests} and {@link SwitchableInstrumentsEnabledTests}
 * test the answers instead.
 */
class SwitchableTelemetryEnabledFallbackTests {

	private final OpenTelemetrySdk sdk = InMemorySdk.create();

	private final SwitchableTelemetry telemetry = new SwitchableTelemetry(OpenTelemetry.noop());

	private final Tracer tracer = this.telemetry.getTracer("library");

	private final Meter meter = this.telemetry.getMeter("library");

	private final Logger logger = this.telemetry.getLogsBridge().get("library");

	@BeforeEach
	void onlyWhereTheApiHasNoIsEnabled() {
		assumeFalse(List.of(Tracer.class.getMethods()).stream().anyMatch((method) -> method.getName().equals("isEnabled")),
				"The OpenTelemetry API on the class path has Tracer.isEnabled(): the wrappers answer as their "
						+ "targets do, which the other isEnabled tests check");
	}

	@AfterEach
	void close() {
		this.sdk.close();
	}

	@Test
	void withoutTheApiMethodTheWrappersOfASilentRankAnswerNotEnabled() throws Exception {
		assertThat(answers()).containsOnly(false);
	}

	@Test
	void withoutTheApiMethodTheWrappersOnAnSdkAnswerEnabled() throws Exception {
		this.telemetry.switchTo(this.sdk);
		assertThat(answers()).containsOnly(true);
	}

	private List<Boolean> answers() throws Exception {
		return List.of(ownMethod(this.tracer), ownMethod(this.meter.counterBuilder("steps").build()),
				ownMethod(this.meter.histogramBuilder("seconds").build()),
				ownMethod(this.logger, Severity.INFO, Context.root()));
	}

	/** Asks the wrapper's own {@code isEnabled}, the one the interface of a newer API would reach. */
	private static boolean ownMethod(Object wrapper, Object... arguments) throws Exception {
		Class<?>[] types = (arguments.length == 0) ? new Class<?>[0] : new Class<?>[] { Severity.class, Context.class };
		Method method = wrapper.getClass().getMethod("isEnabled", types);
		method.setAccessible(true);
		return (Boolean) method.invoke(wrapper, arguments);
	}

}

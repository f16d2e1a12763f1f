package nemo.lens.autoconfigure.instrumentation;

import java.util.Map;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.sdk.autoconfigure.spi.AutoConfigurationCustomizer;
import io.opentelemetry.sdk.autoconfigure.spi.AutoConfigurationCustomizerProvider;
import io.opentelemetry.sdk.logs.LogRecordProcessor;
import io.opentelemetry.sdk.metrics.Aggregation;
import io.opentelemetry.sdk.metrics.InstrumentSelector;
import io.opentelemetry.sdk.metrics.View;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import nemo.lens.Signal;
import nemo.lens.autoconfigure.door.DoorState;
import nemo.lens.autoconfigure.door.RankIdentity;
import nemo.lens.autoconfigure.door.TelemetryDoors;

/**
 * Sets the OpenTelemetry instrumentation starter's own SDK on the rank's decision. The starter
 * builds its SDK with the SDK's autoconfigure module and takes customizers from the application
 * context; on a silent rank this one adds {@code otel.sdk.disabled=true} to that build alone, so
 * no provider, exporter or thread is made while the propagators (W3C trace context and baggage by
 * default) still carry a request's trace through the rank. The starter reads the Spring
 * environment before such property customizers, so where {@code otel.sdk.disabled=false} is set
 * there (or as {@code OTEL_SDK_DISABLED=false}) the SDK is built anyway: then every span and log
 * processor it builds is shut at once and every metric reader swapped for an idle one, so still
 * nothing leaves. On a rank that exports some signals it adds the rank to the starter's resource,
 * typed as on the Lens SDK's own, shuts the export of each signal the rank does not send (logs
 * without {@code nemo.lens.logs-enabled=true}, as on every door; traces or metrics another
 * strategy keeps from this rank) the same way, and leaves every other {@code otel.*} setting as the
 * user gave it.
 * <p>
 * The door is recorded when the starter builds its SDK, not before: an application whose own
 * {@code OpenTelemetry} bean makes the starter back off shows no {@code otel.starter} door.
 */
final class StarterSdkGate implements AutoConfigurationCustomizerProvider {

	private final TelemetryDoors doors;

	private final RankIdentity identity;

	StarterSdkGate(TelemetryDoors doors, RankIdentity identity) {
		this.doors = doors;
		this.identity = identity;
	}

	@Override
	public void customize(AutoConfigurationCustomizer customizer) {
		// Built once, for the decision at start-up: a later switch shows the door restart-required.
		switch (this.doors.open(OpenTelemetryStarterDoor.NAME, false)) {
			case SILENCED -> silence(customizer);
			case EXPORTING -> {
				customizer.addResourceCustomizer((resource, config) -> resource.merge(rankResource()));
				for (Signal signal : OpenTelemetryStarterDoor.DOOR.signals()) {
					if (this.doors.stateOf(OpenTelemetryStarterDoor.NAME, signal) == DoorState.SILENCED) {
						shutExport(customizer, signal);
					}
				}
			}
			case UNGATED, RESTART_REQUIRED -> {
			}
		}
	}

	private static void silence(AutoConfigurationCustomizer customizer) {
		customizer.addPropertiesCustomizer((config) -> Map.of("otel.sdk.disabled", "true"));
		for (Signal signal : Signal.values()) {
			shutExport(customizer, signal);
		}
	}

	/**
	 * No export of one signal: no exporter unless one is named in the Spring environment, and then
	 * its span or log processor is shut as built, or its metric reader swapped for an idle one.
	 * Spans are not sampled and metrics are dropped, so that a processor or reader the
	 * application adds to the starter's providers gets nothing either.
	 */
	private static void shutExport(AutoConfigurationCustomizer customizer, Signal signal) {
		customizer.addPropertiesCustomizer((config) -> Map.of("otel." + signal.key() + ".exporter", "none"));
		switch (signal) {
			case TRACES -> customizer.addSpanProcessorCustomizer((processor, config) -> {
				processor.shutdown();
				return SpanProcessor.composite();
			}).addSamplerCustomizer((sampler, config) -> Sampler.alwaysOff());
			// Not yet registered, a periodic reader has started no thread: dropping it is enough.
			case METRICS -> customizer.addMetricReaderCustomizer((reader, config) -> new IdleMetricReader())
				.addMeterProviderCustomizer((meters, config) -> meters.registerView(
						InstrumentSelector.builder().setName("*").build(),
						View.builder().setAggregation(Aggregation.drop()).build()));
			case LOGS -> customizer.addLogRecordProcessorCustomizer((processor, config) -> {
				processor.shutdown();
				return LogRecordProcessor.composite();
			});
		}
	}

	/** The rank's attributes; the starter keeps its own {@code service.name}. */
	private Resource rankResource() {
		AttributesBuilder attributes = Attributes.builder();
		this.identity.attributes().forEach((key, value) -> {
			if (this.identity.isInteger(key)) {
				attributes.put(key, Long.parseLong(value));
			}
			else if (!key.equals("service.name")) {
				attributes.put(key, value);
			}
		});
		return Resource.create(attributes.build());
	}

}

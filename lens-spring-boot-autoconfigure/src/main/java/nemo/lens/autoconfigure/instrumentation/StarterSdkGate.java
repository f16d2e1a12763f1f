package nemo.lens.autoconfigure.instrumentation;

import java.util.Map;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.sdk.autoconfigure.spi.AutoConfigurationCustomizer;
import io.opentelemetry.sdk.autoconfigure.spi.AutoConfigurationCustomizerProvider;
import io.opentelemetry.sdk.logs.LogRecordProcessor;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SpanProcessor;
import nemo.lens.autoconfigure.door.DoorGates;
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
 * nothing leaves. On an exporting rank it adds the rank to the starter's resource, typed as on
 * the Lens SDK's own, exports logs only with {@code nemo.lens.logs-enabled=true} (as every door
 * does), and leaves every other {@code otel.*} setting as the user gave it.
 * <p>
 * The door is recorded when the starter builds its SDK, not before: an application whose own
 * {@code OpenTelemetry} bean makes the starter back off shows no {@code otel.starter} door.
 */
final class StarterSdkGate implements AutoConfigurationCustomizerProvider {

	private final TelemetryDoors doors;

	private final RankIdentity identity;

	private final boolean logsEnabled;

	StarterSdkGate(TelemetryDoors doors, RankIdentity identity, boolean logsEnabled) {
		this.doors = doors;
		this.identity = identity;
		this.logsEnabled = logsEnabled;
	}

	@Override
	public void customize(AutoConfigurationCustomizer customizer) {
		switch (this.doors.open(DoorGates.OTEL_STARTER)) {
			case SILENCED -> silence(customizer);
			case EXPORTING -> {
				customizer.addResourceCustomizer((resource, config) -> resource.merge(rankResource()));
				if (!this.logsEnabled) {
					shutLogExport(customizer);
				}
			}
			case UNGATED -> {
			}
		}
	}

	private static void silence(AutoConfigurationCustomizer customizer) {
		customizer.addPropertiesCustomizer((config) -> Map.of("otel.sdk.disabled", "true"))
			.addSpanProcessorCustomizer((processor, config) -> {
				processor.shutdown();
				return SpanProcessor.composite();
			})
			// Not yet registered, a periodic reader has started no thread: dropping it is enough.
			.addMetricReaderCustomizer((reader, config) -> new IdleMetricReader());
		shutLogExport(customizer);
	}

	/**
	 * No log export, as {@code nemo.lens.logs-enabled=false} means on every door: no log exporter
	 * unless one is named in the Spring environment, and then its processor is shut as built.
	 */
	private static void shutLogExport(AutoConfigurationCustomizer customizer) {
		customizer.addPropertiesCustomizer((config) -> Map.of("otel.logs.exporter", "none"))
			.addLogRecordProcessorCustomizer((processor, config) -> {
				processor.shutdown();
				return LogRecordProcessor.composite();
			});
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

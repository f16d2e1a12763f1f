package nemo.lens.autoconfigure.instrumentation;

import java.util.Map;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.sdk.autoconfigure.spi.AutoConfigurationCustomizer;
import io.opentelemetry.sdk.autoconfigure.spi.AutoConfigurationCustomizerProvider;
import io.opentelemetry.sdk.resources.Resource;
import nemo.lens.autoconfigure.door.DoorState;
import nemo.lens.autoconfigure.door.RankIdentity;

/**
 * Sets the OpenTelemetry instrumentation starter's own SDK on the rank's decision. The starter
 * builds its SDK with the SDK's autoconfigure module and takes customizers from the application
 * context; on a silent rank this one adds {@code otel.sdk.disabled=true} to that build alone, so
 * no provider, exporter or thread is made while the propagators (W3C trace context and baggage by
 * default) still carry a request's trace through the rank. On an exporting rank it adds the rank
 * to the starter's resource, typed as on the Lens SDK's own, and leaves every {@code otel.*}
 * setting as the user gave it.
 */
final class StarterSdkGate implements AutoConfigurationCustomizerProvider {

	private final DoorState state;

	private final RankIdentity identity;

	StarterSdkGate(DoorState state, RankIdentity identity) {
		this.state = state;
		this.identity = identity;
	}

	@Override
	public void customize(AutoConfigurationCustomizer customizer) {
		switch (this.state) {
			case SILENCED -> customizer.addPropertiesCustomizer((config) -> Map.of("otel.sdk.disabled", "true"));
			case EXPORTING -> customizer.addResourceCustomizer((resource, config) -> resource.merge(rankResource()));
			case UNGATED -> {
			}
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

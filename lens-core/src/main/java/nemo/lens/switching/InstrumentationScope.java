package nemo.lens.switching;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.logs.Logger;
import io.opentelemetry.api.logs.LoggerBuilder;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.metrics.MeterBuilder;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.TracerBuilder;

/**
 * The instrumentation scope a tracer, meter or logger was asked for, kept so that it can be asked
 * for again from another target after a switch.
 *
 * @param name the scope name
 * @param version the scope version, or {@code null}
 * @param schemaUrl the schema URL, or {@code null}
 */
record InstrumentationScope(String name, String version, String schemaUrl) {

	InstrumentationScope withVersion(String version) {
		return new InstrumentationScope(this.name, version, this.schemaUrl);
	}

	InstrumentationScope withSchemaUrl(String schemaUrl) {
		return new InstrumentationScope(this.name, this.version, schemaUrl);
	}

	Tracer tracer(OpenTelemetry target) {
		TracerBuilder builder = target.tracerBuilder(this.name);
		if (this.version != null) {
			builder.setInstrumentationVersion(this.version);
		}
		if (this.schemaUrl != null) {
			builder.setSchemaUrl(this.schemaUrl);
		}
		return builder.build();
	}

	Meter meter(OpenTelemetry target) {
		MeterBuilder builder = target.getMeterProvider().meterBuilder(this.name);
		if (this.version != null) {
			builder.setInstrumentationVersion(this.version);
		}
		if (this.schemaUrl != null) {
			builder.setSchemaUrl(this.schemaUrl);
		}
		return builder.build();
	}

	Logger logger(OpenTelemetry target) {
		LoggerBuilder builder = target.getLogsBridge().loggerBuilder(this.name);
		if (this.version != null) {
			builder.setInstrumentationVersion(this.version);
		}
		if (this.schemaUrl != null) {
			builder.setSchemaUrl(this.schemaUrl);
		}
		return builder.build();
	}

}

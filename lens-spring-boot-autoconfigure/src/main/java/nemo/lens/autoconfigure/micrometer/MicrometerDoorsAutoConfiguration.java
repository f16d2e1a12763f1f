package nemo.lens.autoconfigure.micrometer;

import io.micrometer.core.instrument.MeterRegistry;
import nemo.lens.autoconfigure.door.LensDoorsAutoConfiguration;
import nemo.lens.autoconfigure.door.RankIdentity;
import nemo.lens.autoconfigure.door.TelemetryDoors;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;

/**
 * Puts Micrometer's registries behind the rank's decision: push registries (OTLP, Datadog,
 * Dynatrace, Elastic, Influx, New Relic, StatsD, ...) publish only from exporting ranks, stamped
 * with the rank; the Prometheus scrape registry is emptied on silent ranks only when asked.
 */
@AutoConfiguration(after = LensDoorsAutoConfiguration.class)
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean(TelemetryDoors.class)
public final class MicrometerDoorsAutoConfiguration {

	MicrometerDoorsAutoConfiguration() {
	}

	@Bean
	static MicrometerDoorGate lensMicrometerDoorGate(ObjectProvider<TelemetryDoors> doors,
			ObjectProvider<RankIdentity> identity) {
		return new MicrometerDoorGate(doors::getObject, identity::getObject);
	}

}

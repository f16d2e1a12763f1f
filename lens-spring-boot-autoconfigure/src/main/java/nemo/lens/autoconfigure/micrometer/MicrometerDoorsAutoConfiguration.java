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
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

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

	/**
	 * The gate names Micrometer types in its code: guarded again here, so that a class path
	 * without Micrometer never loads it, also when this class is registered by class, whose
	 * reflective metadata cannot read the condition above.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MeterRegistry.class)
	static class MicrometerDoorGateConfiguration {

		@Bean
		static MicrometerDoorGate lensMicrometerDoorGate(ObjectProvider<TelemetryDoors> doors,
				ObjectProvider<RankIdentity> identity) {
			return new MicrometerDoorGate(doors::getObject, identity::getObject);
		}

		@Bean
		static DeferredPushRegistries lensDeferredPushRegistries(Environment environment) {
			return new DeferredPushRegistries(environment);
		}

	}

}

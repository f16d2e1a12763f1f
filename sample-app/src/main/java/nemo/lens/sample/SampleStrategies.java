package nemo.lens.sample;

import nemo.lens.ExportStrategy;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A custom strategy, registered under its bean name: select it with
 * {@code nemo.lens.export-strategy=first_two_ranks}.
 */
@Configuration(proxyBeanMethods = false)
class SampleStrategies {

	@Bean("first_two_ranks")
	ExportStrategy firstTwoRanks() {
		return (config, rank, worldSize) -> rank < 2;
	}

}

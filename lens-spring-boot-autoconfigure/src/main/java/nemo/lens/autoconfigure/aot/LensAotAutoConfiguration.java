package nemo.lens.autoconfigure.aot;

import nemo.lens.autoconfigure.NemoLensAutoConfiguration;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * NeMo Lens under Spring AOT: the check of the switches the build fixed. Lens's settings need no
 * reflection hints: the core reads them through its table, Spring binds its record of properties.
 */
@AutoConfiguration(after = NemoLensAutoConfiguration.class)
public final class LensAotAutoConfiguration {

	LensAotAutoConfiguration() {
	}

	/**
	 * Under Spring AOT, fails the start-up when {@code nemo.lens.enabled},
	 * {@code nemo.lens.gate.boot.opentelemetry} or {@code nemo.lens.annotations.enabled} differ from
	 * the build's values; a bean of the same name replaces the check.
	 */
	@Bean
	@ConditionalOnMissingBean(name = "lensAotSwitchesCheck")
	static AotSwitchesCheck lensAotSwitchesCheck(Environment environment) {
		return new AotSwitchesCheck(environment);
	}

}

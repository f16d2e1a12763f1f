package nemo.lens.autoconfigure.binding;

import nemo.lens.autoconfigure.NemoLensAutoConfiguration;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.ConfigurationPropertiesBindHandlerAdvisor;
import org.springframework.context.annotation.Bean;

/**
 * Every {@code nemo.lens.*} value read as the core reads its {@code NEMO_LENS_*} variables, from
 * whichever source it comes.
 */
@AutoConfiguration(before = NemoLensAutoConfiguration.class)
public final class LensBindingAutoConfiguration {

	LensBindingAutoConfiguration() {
	}

	/**
	 * Static, so that it is there before the properties bind; backs off only for a bean of the same
	 * name, as other advisors of the application are no replacement.
	 */
	@Bean
	@ConditionalOnMissingBean(name = "lensVariablesBindHandlerAdvisor")
	static ConfigurationPropertiesBindHandlerAdvisor lensVariablesBindHandlerAdvisor() {
		return LensValuesBindHandler::new;
	}

}

package nemo.lens.autoconfigure;

import nemo.lens.autoconfigure.boot.BootOpenTelemetryDoorAutoConfiguration;
import nemo.lens.autoconfigure.handle.TelemetryHandleAutoConfiguration;
import java.util.Arrays;

import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import nemo.lens.autoconfigure.endpoint.LensEndpointAutoConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.beans.factory.support.AbstractBeanDefinition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Conditions as in Spring Boot's own modules: a class condition names only optional classes,
 * and Lens shuts down only the handle it created.
 */
class AutoConfigurationConditionsTests {

	@ParameterizedTest
	@ValueSource(classes = { NemoLensAutoConfiguration.class, TelemetryHandleAutoConfiguration.class,
			BootOpenTelemetryDoorAutoConfiguration.class, LensEndpointAutoConfiguration.class })
	void classConditionsNameNoClassOfThisProjectWhichIsAlwaysPresent(Class<?> autoConfiguration) {
		ConditionalOnClass condition = autoConfiguration.getAnnotation(ConditionalOnClass.class);
		assertThat(Arrays.stream(condition.value()).map(Class::getName)).noneMatch((name) -> name.startsWith("nemo."));
		assertThat(condition.name()).noneMatch((name) -> name.startsWith("nemo."));
	}

	@Test
	void aTelemetryHandleTheApplicationDefinesIsNotShutDownByLens() {
		// Its definition asks for no destroy method, so only Lens could shut it down.
		TelemetryHandle own = new TelemetrySetup(new ExportStrategyRegistry((name) -> null), (name) -> null)
			.setup(NemoLensConfig.defaults(), 0, 1, TelemetryOptions.defaults());
		new ApplicationContextRunner().withConfiguration(LensTestConfigurations.core())
			.withBean(TelemetryHandle.class, () -> own,
					(definition) -> ((AbstractBeanDefinition) definition).setDestroyMethodName(""))
			.run((context) -> assertThat(context).getBean(TelemetryHandle.class).isSameAs(own));
		assertThat(own.isShutdown()).isFalse();
	}

}

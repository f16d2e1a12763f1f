package nemo.lens.autoconfigure.aot;

import nemo.lens.autoconfigure.failure.LensStartupException;
import nemo.lens.autoconfigure.spans.LensSpanAutoConfiguration;
import org.junit.jupiter.api.Test;

import org.springframework.aop.support.DefaultPointcutAdvisor;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * The check of an AOT-processed application's switches, on the bean definitions such a build
 * leaves: with Lens enabled at build time, the deferral of Boot's SDK pipeline is defined, and with
 * annotations on (the default), the {@code @LensSpan} advisor. The real AOT-processed sample runs in
 * {@code AotSampleTwoRanksIT}.
 */
class AotSwitchesCheckTests {

	@Test
	void disabledAtRunTimeAfterAnEnabledBuildFailsNamingTheProperty() {
		assertThatExceptionOfType(LensStartupException.class)
			.isThrownBy(() -> check(new MockEnvironment().withProperty("nemo.lens.enabled", "false"), true))
			.withMessageStartingWith("nemo.lens.enabled=false was set at run time, but the application was "
					+ "AOT-processed with nemo.lens.enabled=true")
			.satisfies((ex) -> assertThat(ex.getAction()).contains("Rebuild", "-Dspring.aot.enabled=true"));
	}

	@Test
	void bootGateOffAtRunTimeAfterAnEnabledBuildFailsNamingTheGate() {
		MockEnvironment environment = new MockEnvironment().withProperty("nemo.lens.enabled", "true")
			.withProperty("nemo.lens.gate.boot.opentelemetry", "false");
		assertThatExceptionOfType(LensStartupException.class).isThrownBy(() -> check(environment, true))
			.withMessageStartingWith("nemo.lens.gate.boot.opentelemetry=false was set at run time");
	}

	@Test
	void enabledAtRunTimeAfterADisabledBuildFails() {
		assertThatExceptionOfType(LensStartupException.class)
			.isThrownBy(() -> check(new MockEnvironment().withProperty("nemo.lens.enabled", "true"), false))
			.withMessageContaining("AOT-processed with nemo.lens.enabled=false or nemo.lens.gate.boot.opentelemetry=false")
			.withMessageContaining("Spring Boot's own OpenTelemetry SDK would export from every rank");
	}

	@Test
	void switchesAsAtBuildTimeStart() {
		assertThatNoException()
			.isThrownBy(() -> check(new MockEnvironment().withProperty("nemo.lens.enabled", "true"), true));
		assertThatNoException().isThrownBy(() -> check(new MockEnvironment(), false));
	}

	@Test
	void annotationsOffAtRunTimeAfterABuildWithThemFailsNamingTheProperty() {
		MockEnvironment environment = new MockEnvironment().withProperty("nemo.lens.annotations.enabled", "false");
		assertThatExceptionOfType(LensStartupException.class).isThrownBy(() -> check(environment, false))
			.withMessage("nemo.lens.annotations.enabled=false was set at run time, but the application was "
					+ "AOT-processed with nemo.lens.annotations.enabled=true. Spring AOT fixes at build time whether "
					+ "@LensSpan methods are proxied: they would still run in spans.");
	}

	@Test
	void annotationsOnAtRunTimeAfterABuildWithoutThemFails() {
		DefaultListableBeanFactory beanFactory = beanFactory(false);
		beanFactory.removeBeanDefinition(AotSwitchesCheck.ANNOTATIONS_ONLY_BEAN);
		assertThatExceptionOfType(LensStartupException.class)
			.isThrownBy(() -> new AotSwitchesCheck(new MockEnvironment(), () -> true).postProcessBeanFactory(beanFactory))
			.withMessageStartingWith("nemo.lens.annotations.enabled=true (unset) was set at run time")
			.withMessageContaining("they would run without spans");
	}

	@Test
	void annotationsAreNotCheckedWhenTheApplicationExcludedTheirConfiguration() {
		DefaultListableBeanFactory beanFactory = beanFactory(false);
		beanFactory.removeBeanDefinition(AotSwitchesCheck.ANNOTATIONS_ONLY_BEAN);
		beanFactory.removeBeanDefinition(AotSwitchesCheck.ANNOTATIONS_CONFIGURATION);
		assertThatNoException()
			.isThrownBy(() -> new AotSwitchesCheck(new MockEnvironment(), () -> true).postProcessBeanFactory(beanFactory));
	}

	@Test
	void withoutAotNothingIsChecked() {
		DefaultListableBeanFactory beanFactory = beanFactory(true);
		assertThatNoException().isThrownBy(() -> new AotSwitchesCheck(
				new MockEnvironment().withProperty("nemo.lens.enabled", "false"), () -> false)
			.postProcessBeanFactory(beanFactory));
	}

	private static void check(MockEnvironment environment, boolean builtEnabled) {
		new AotSwitchesCheck(environment, () -> true).postProcessBeanFactory(beanFactory(builtEnabled));
	}

	private static DefaultListableBeanFactory beanFactory(boolean builtEnabled) {
		DefaultListableBeanFactory beanFactory = new DefaultListableBeanFactory();
		beanFactory.registerBeanDefinition(AotSwitchesCheck.ANNOTATIONS_CONFIGURATION,
				new RootBeanDefinition(LensSpanAutoConfiguration.class));
		beanFactory.registerBeanDefinition(AotSwitchesCheck.ANNOTATIONS_ONLY_BEAN,
				new RootBeanDefinition(DefaultPointcutAdvisor.class));
		if (builtEnabled) {
			beanFactory.registerBeanDefinition(AotSwitchesCheck.ENABLED_ONLY_BEAN,
					new RootBeanDefinition(Object.class));
		}
		return beanFactory;
	}

}

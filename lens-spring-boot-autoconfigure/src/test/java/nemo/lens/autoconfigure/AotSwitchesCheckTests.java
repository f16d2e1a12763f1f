package nemo.lens.autoconfigure;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * The check of an AOT-processed application's switches, on the bean definitions such a build
 * leaves: with Lens enabled at build time, the deferral of Boot's SDK pipeline is defined. The
 * real AOT-processed sample runs in {@code AotSampleTwoRanksIT}.
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
		if (builtEnabled) {
			beanFactory.registerBeanDefinition(AotSwitchesCheck.ENABLED_ONLY_BEAN,
					new RootBeanDefinition(BootSdkPipelineDeferral.class));
		}
		return beanFactory;
	}

}

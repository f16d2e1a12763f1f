package nemo.lens.autoconfigure.aot;

import java.util.function.BooleanSupplier;

import nemo.lens.autoconfigure.binding.LensSwitches;
import nemo.lens.autoconfigure.boot.BootOpenTelemetryDoorAutoConfiguration;
import nemo.lens.autoconfigure.failure.LensStartupException;

import org.springframework.aot.AotDetector;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;

/**
 * Fails the start-up of an AOT-processed application whose run-time switches disagree with the
 * ones it was processed with. Spring AOT evaluates conditions at build time: whether Lens
 * publishes its {@code OpenTelemetry} bean, and so whether Spring Boot's own SDK backs off, is
 * fixed by {@code nemo.lens.enabled} and {@code nemo.lens.gate.boot.opentelemetry} as the build
 * saw them, and whether {@code @LensSpan} methods run in spans by {@code nemo.lens.annotations.enabled}.
 * Every other decision of Lens (rank, strategy, exporting or silent, each door's gate, the span
 * groups) is made at run time inside its beans, and needs no check.
 *
 * <p>
 * The build-time outcome is read from the bean factory: the deferral of Boot's SDK pipeline is
 * defined only when both switches were on, the {@code @LensSpan} advisor only when annotations were.
 */
final class AotSwitchesCheck implements BeanFactoryPostProcessor, Ordered {

	static final String ENABLED = LensSwitches.ENABLED;

	static final String GATE_BOOT_OPENTELEMETRY = LensSwitches.GATE_BOOT_OPENTELEMETRY;

	/** The bean that only the configuration conditional on both switches defines. */
	static final String ENABLED_ONLY_BEAN = BootOpenTelemetryDoorAutoConfiguration.DEFERRAL_BEAN;

	static final String ANNOTATIONS_ENABLED = LensSwitches.ANNOTATIONS_ENABLED;

	/** The bean that only the annotations switch defines. */
	static final String ANNOTATIONS_ONLY_BEAN = "lensSpanAdvisor";

	/** The configuration that defines it; absent when the application excluded it. */
	static final String ANNOTATIONS_CONFIGURATION = "nemo.lens.autoconfigure.spans.LensSpanAutoConfiguration";

	private final Environment environment;

	private final BooleanSupplier aotProcessed;

	AotSwitchesCheck(Environment environment) {
		this(environment, AotDetector::useGeneratedArtifacts);
	}

	AotSwitchesCheck(Environment environment, BooleanSupplier aotProcessed) {
		this.environment = environment;
		this.aotProcessed = aotProcessed;
	}

	/** Before any other post-processor, so that nothing acts on beans the build got wrong. */
	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

	@Override
	public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
		if (!this.aotProcessed.getAsBoolean()) {
			return;
		}
		checkBootSdkSwitches(beanFactory);
		checkAnnotationsSwitch(beanFactory);
	}

	private void checkBootSdkSwitches(ConfigurableListableBeanFactory beanFactory) {
		boolean enabled = isOn(ENABLED, false);
		boolean gated = isOn(GATE_BOOT_OPENTELEMETRY, true);
		boolean builtEnabled = beanFactory.containsBeanDefinition(ENABLED_ONLY_BEAN);
		if (builtEnabled == (enabled && gated)) {
			return;
		}
		String runTime = (!builtEnabled) ? ENABLED + "=true and " + GATE_BOOT_OPENTELEMETRY + "=true"
				: (!enabled) ? ENABLED + "=" + this.environment.getProperty(ENABLED, "false (unset)")
						: GATE_BOOT_OPENTELEMETRY + "=" + this.environment.getProperty(GATE_BOOT_OPENTELEMETRY);
		String built = builtEnabled ? ENABLED + "=true and " + GATE_BOOT_OPENTELEMETRY + "=true"
				: ENABLED + "=false or " + GATE_BOOT_OPENTELEMETRY + "=false";
		String consequence = builtEnabled
				? "Lens would still replace Spring Boot's OpenTelemetry SDK, which the run-time setting hands back to Boot"
				: "Spring Boot's own OpenTelemetry SDK would export from every rank, which the run-time setting puts behind Lens";
		throw new LensStartupException(runTime + " was set at run time, but the application was AOT-processed with "
				+ built + ". Spring AOT fixes at build time which beans these switches create: " + consequence + ".",
				"Rebuild with the values you run with (the spring-boot:process-aot goal reads the application's "
						+ "properties and its jvmArguments, such as -Dspring-boot.aot.jvmArguments=\"-D" + ENABLED
						+ "=false\"), run with the values of the build, or start without -Dspring.aot.enabled=true.",
				null);
	}

	private void checkAnnotationsSwitch(ConfigurableListableBeanFactory beanFactory) {
		if (!beanFactory.containsBeanDefinition(ANNOTATIONS_CONFIGURATION)) {
			return;
		}
		boolean annotations = isOn(ANNOTATIONS_ENABLED, true);
		boolean builtAnnotations = beanFactory.containsBeanDefinition(ANNOTATIONS_ONLY_BEAN);
		if (builtAnnotations == annotations) {
			return;
		}
		throw new LensStartupException(ANNOTATIONS_ENABLED + "="
				+ this.environment.getProperty(ANNOTATIONS_ENABLED, "true (unset)")
				+ " was set at run time, but the application was AOT-processed with " + ANNOTATIONS_ENABLED + "="
				+ builtAnnotations + ". Spring AOT fixes at build time whether @LensSpan methods are proxied: they "
				+ (builtAnnotations ? "would still run in spans." : "would run without spans."),
				"Rebuild with the value you run with (the spring-boot:process-aot goal reads the application's "
						+ "properties and its jvmArguments), run with the value of the build, or start without "
						+ "-Dspring.aot.enabled=true.",
				null);
	}

	/** As the conditions read a switch: one reading, the core's. */
	private boolean isOn(String name, boolean ifMissing) {
		return LensSwitches.isOn(this.environment, name, ifMissing);
	}

}

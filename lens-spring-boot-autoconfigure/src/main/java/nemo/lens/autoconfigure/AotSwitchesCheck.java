package nemo.lens.autoconfigure;

import java.util.function.BooleanSupplier;

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
 * saw them. Every other decision of Lens (rank, strategy, exporting or silent, each door's gate)
 * is made at run time inside its beans, and needs no check.
 *
 * <p>
 * The build-time outcome is read from the bean factory: the deferral of Boot's SDK pipeline is
 * defined only when both switches were on.
 */
final class AotSwitchesCheck implements BeanFactoryPostProcessor, Ordered {

	static final String ENABLED = "nemo.lens.enabled";

	static final String GATE_BOOT_OPENTELEMETRY = "nemo.lens.gate.boot.opentelemetry";

	/** The bean that only the configuration conditional on both switches defines. */
	static final String ENABLED_ONLY_BEAN = "lensBootSdkPipelineDeferral";

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

	/** As {@code @ConditionalOnBooleanProperty} reads a switch. */
	private boolean isOn(String name, boolean ifMissing) {
		String value = this.environment.getProperty(name);
		return (value != null) ? Boolean.TRUE.toString().equalsIgnoreCase(value) : ifMissing;
	}

}

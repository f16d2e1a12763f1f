package nemo.lens.optional;

import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

import nemo.lens.TelemetryHandle;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.annotation.ImportCandidates;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.util.ClassUtils;

/**
 * Starts every Lens auto-configuration of the imports file at once, registered by class as a
 * user's {@code ApplicationContextRunner} test registers them, and says which beans it defined.
 * Run as the main class of a forked JVM whose class path lacks a library: it first checks that
 * the library's classes (its arguments) cannot be loaded, then prints one line,
 * {@value #BEANS}{@code <bean names>}, and exits 0; it exits 1 when the context fails to start or
 * has no {@link TelemetryHandle}, and 2 when a class said to be missing is there.
 */
final class AutoConfigurationsByClass {

	/** The start of the line that lists the context's bean names, comma-separated and sorted. */
	static final String BEANS = "lens-context-beans=";

	private AutoConfigurationsByClass() {
	}

	public static void main(String[] missingClasses) {
		ClassLoader classLoader = AutoConfigurationsByClass.class.getClassLoader();
		for (String missing : missingClasses) {
			if (ClassUtils.isPresent(missing, classLoader)) {
				System.err.println("Still on the class path: " + missing);
				System.exit(2);
			}
		}
		try {
			System.out.println(BEANS + String.join(",", beans()));
		}
		catch (Throwable ex) {
			ex.printStackTrace();
			System.exit(1);
		}
		System.exit(0);
	}

	/** The auto-configuration classes of the imports file, by name. */
	static List<String> names() {
		return ImportCandidates.load(AutoConfiguration.class, AutoConfigurationsByClass.class.getClassLoader())
			.getCandidates()
			.stream()
			.filter((name) -> name.startsWith("nemo.lens."))
			.toList();
	}

	/**
	 * Starts the context and returns the names of its beans.
	 * @return the bean names, sorted
	 * @throws IllegalStateException when the context does not start or has no handle
	 */
	static List<String> beans() {
		ClassLoader classLoader = AutoConfigurationsByClass.class.getClassLoader();
		Class<?>[] classes = names().stream()
			.map((name) -> ClassUtils.resolveClassName(name, classLoader))
			.toArray(Class<?>[]::new);
		List<String> beans = new java.util.ArrayList<>();
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(classes))
			.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.exporter=none",
					"management.endpoints.web.exposure.include=lens")
			.run((context) -> {
				if (context.getStartupFailure() != null) {
					throw new IllegalStateException("The context did not start", context.getStartupFailure());
				}
				if (context.getBeanNamesForType(TelemetryHandle.class).length != 1) {
					throw new IllegalStateException("The context has no TelemetryHandle");
				}
				beans.addAll(new TreeSet<>(Arrays.asList(context.getBeanDefinitionNames())));
			});
		return List.copyOf(beans);
	}

}

package nemo.lens.autoconfigure.silent;

/**
 * Whether a class is on the class path, read as its class file rather than by loading it: the
 * checks a rank makes before it knows what it will build (is Boot's OpenTelemetry here, a push
 * registry, Spring Cloud?) then cost a silent rank none of those libraries' classes.
 */
public final class ClassFiles {

	private ClassFiles() {
	}

	/**
	 * Whether the class file of a class is on the class path.
	 * @param className the class's binary name, such as {@code io.micrometer.registry.otlp.OtlpMeterRegistry}
	 * @param classLoader the application's class loader
	 * @return whether it is
	 */
	public static boolean present(String className, ClassLoader classLoader) {
		ClassLoader loader = (classLoader != null) ? classLoader : ClassFiles.class.getClassLoader();
		return loader.getResource(className.replace('.', '/') + ".class") != null;
	}

}

package nemo.lens.switching;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.stream.Collectors;

import io.opentelemetry.api.OpenTelemetry;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * One of the OpenTelemetry API's {@code isEnabled} methods, asked through its interface by
 * reflection: the tests compile against the API of every Boot line, and only the newer ones
 * (1.61 and later) have the method. Asked through the interface, the call reaches whatever answers
 * it at run time, the API's default method included, as instrumentation compiled against that API
 * would reach it.
 */
final class ReflectedIsEnabled {

	private final Method method;

	private ReflectedIsEnabled(Method method) {
		this.method = method;
	}

	/**
	 * The question, or the test is skipped where the API on the class path does not have it.
	 * @param type the API interface
	 * @param parameterTypes the method's parameter types
	 * @return the question
	 */
	static ReflectedIsEnabled of(Class<?> type, Class<?>... parameterTypes) {
		Method method;
		try {
			method = type.getMethod("isEnabled", parameterTypes);
		}
		catch (NoSuchMethodException ex) {
			method = null;
		}
		assumeTrue(method != null,
				() -> "The OpenTelemetry API on the class path (" + apiVersion() + ") has no " + type.getSimpleName()
						+ ".isEnabled(" + Arrays.stream(parameterTypes).map(Class::getSimpleName).collect(Collectors.joining(", "))
						+ ")"
						+ "; it is tested on a Boot line whose API has it (-Dboot.line=4.1)");
		return new ReflectedIsEnabled(method);
	}

	/**
	 * Asks an object of the API.
	 * @param object the tracer, instrument or logger
	 * @param arguments the method's arguments
	 * @return its answer
	 */
	boolean ask(Object object, Object... arguments) {
		try {
			return (Boolean) this.method.invoke(object, arguments);
		}
		catch (InvocationTargetException ex) {
			throw new IllegalStateException(ex.getCause());
		}
		catch (IllegalAccessException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static String apiVersion() {
		String version = OpenTelemetry.class.getPackage().getImplementationVersion();
		return (version != null) ? version : "version unknown";
	}

}

package nemo.lens.switching;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.UndeclaredThrowableException;

/**
 * One of the OpenTelemetry API's {@code isEnabled} methods, asked of the target's own tracer,
 * instrument or logger. The library is compiled against an API that has none of them (1.55); newer
 * ones (1.61 and later, which Boot 4.1 brings) add them as default methods, which the following
 * wrappers override at run time and answer by asking their delegate here. The method is looked up
 * once, on its interface, so the call reaches the delegate's own answer or the API's default, as it
 * would from instrumentation compiled against that API.
 */
final class EnabledQuestion {

	/** The API's own classes: the only tracers, instruments and loggers it ships are no-ops. */
	private static final String API_PACKAGE = "io.opentelemetry.api.";

	/**
	 * Typed {@code (Object, Object...)boolean}, so that one call site serves every interface; or
	 * {@code null} where the API on the class path does not have the method.
	 */
	private final MethodHandle method;

	private EnabledQuestion(MethodHandle method) {
		this.method = method;
	}

	/**
	 * The question as the API on the class path has it.
	 * @param type the interface that may declare it
	 * @param parameterTypes its parameter types
	 * @return the question, answered without the target where the API has no such method
	 */
	static EnabledQuestion of(Class<?> type, Class<?>... parameterTypes) {
		MethodType methodType = MethodType.methodType(boolean.class, parameterTypes);
		try {
			MethodHandle method = MethodHandles.publicLookup().findVirtual(type, "isEnabled", methodType);
			return new EnabledQuestion(method.asType(MethodType.genericMethodType(parameterTypes.length + 1)
				.changeReturnType(boolean.class)));
		}
		catch (NoSuchMethodException | IllegalAccessException ex) {
			return new EnabledQuestion(null);
		}
	}

	boolean ask(Object delegate) {
		if (this.method == null) {
			return answerWithoutTheQuestion(delegate);
		}
		try {
			return (boolean) this.method.invokeExact(delegate);
		}
		catch (Throwable ex) {
			throw rethrow(ex);
		}
	}

	boolean ask(Object delegate, Object argument) {
		if (this.method == null) {
			return answerWithoutTheQuestion(delegate);
		}
		try {
			return (boolean) this.method.invokeExact(delegate, argument);
		}
		catch (Throwable ex) {
			throw rethrow(ex);
		}
	}

	boolean ask(Object delegate, Object first, Object second) {
		if (this.method == null) {
			return answerWithoutTheQuestion(delegate);
		}
		try {
			return (boolean) this.method.invokeExact(delegate, first, second);
		}
		catch (Throwable ex) {
			throw rethrow(ex);
		}
	}

	/**
	 * On an API without the method, only a caller that finds it by reflection asks: it is told
	 * whether what it records goes anywhere, which is false only for the API's own no-op objects
	 * (an SDK or a flight recorder records).
	 */
	private static boolean answerWithoutTheQuestion(Object delegate) {
		return !delegate.getClass().getName().startsWith(API_PACKAGE);
	}

	/** {@code isEnabled} declares no checked exception; anything else is passed on unchanged. */
	private static RuntimeException rethrow(Throwable ex) {
		if (ex instanceof RuntimeException runtime) {
			return runtime;
		}
		if (ex instanceof Error error) {
			throw error;
		}
		return new UndeclaredThrowableException(ex);
	}

}

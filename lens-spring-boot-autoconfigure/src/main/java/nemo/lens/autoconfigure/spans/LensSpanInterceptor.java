package nemo.lens.autoconfigure.spans;

import java.lang.reflect.Method;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import nemo.lens.TelemetryHandle;
import nemo.lens.spans.LensScope;
import nemo.lens.spans.LensSpan;
import nemo.lens.spans.LensSpanBuilder;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;

import org.springframework.aop.support.AopUtils;
import org.springframework.core.annotation.AnnotatedElementUtils;

/**
 * Runs a {@link LensSpan @LensSpan} method in a helper span of the application's handle. The
 * group is checked at each call; in a disabled group, or on a silent rank, the method is called
 * directly.
 */
final class LensSpanInterceptor implements MethodInterceptor {

	private final Supplier<TelemetryHandle> handle;

	private final Map<Method, Target> targets = new ConcurrentHashMap<>();

	private volatile TelemetryHandle resolved;

	/**
	 * The handle is looked up at the first call that finds one ({@code null} when there is none):
	 * the advisor is built before ordinary beans.
	 */
	LensSpanInterceptor(Supplier<TelemetryHandle> handle) {
		this.handle = handle;
	}

	@Override
	public Object invoke(MethodInvocation invocation) throws Throwable {
		TelemetryHandle handle = this.resolved;
		if (handle == null) {
			handle = this.handle.get();
			if (handle == null) {
				return invocation.proceed();
			}
			this.resolved = handle;
		}
		Target target = this.targets.computeIfAbsent(invocation.getMethod(), (method) -> target(invocation));
		LensSpanBuilder span = handle.span(target.name());
		if (!target.group().isEmpty()) {
			span.group(target.group());
		}
		if (!span.isEnabled()) {
			return invocation.proceed();
		}
		try (LensScope scope = span.start()) {
			try {
				return invocation.proceed();
			}
			catch (Throwable ex) {
				scope.recordException(ex);
				throw ex;
			}
		}
	}

	private static Target target(MethodInvocation invocation) {
		Class<?> type = (invocation.getThis() != null) ? AopUtils.getTargetClass(invocation.getThis())
				: invocation.getMethod().getDeclaringClass();
		Method method = AopUtils.getMostSpecificMethod(invocation.getMethod(), type);
		LensSpan annotation = AnnotatedElementUtils.findMergedAnnotation(method, LensSpan.class);
		String name = (annotation != null) ? annotation.name() : "";
		// Group names are case-insensitive, as in the span-group spec.
		String group = (annotation != null) ? annotation.group().trim().toLowerCase(Locale.ROOT) : "";
		return new Target(name.isEmpty() ? type.getSimpleName() + "." + method.getName() : name, group);
	}

	private record Target(String name, String group) {
	}

}

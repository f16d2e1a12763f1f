package nemo.lens.autoconfigure.spans;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import nemo.lens.TelemetryHandle;
import nemo.lens.spans.LensSpan;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.util.ReflectionUtils;

/**
 * Once the application's beans exist, names each span group that a {@link LensSpan @LensSpan}
 * method gives but this process does not know, with the methods that give it and the groups there
 * are: such a method never runs in a span, and without a word nobody would know why. One warning
 * per unknown group; names are compared case-insensitively, as everywhere.
 */
final class LensSpanGroupCheck implements SmartInitializingSingleton {

	private static final Log logger = LogFactory.getLog(LensSpanGroupCheck.class);

	private final ConfigurableListableBeanFactory beanFactory;

	private final ObjectProvider<TelemetryHandle> handle;

	LensSpanGroupCheck(ConfigurableListableBeanFactory beanFactory, ObjectProvider<TelemetryHandle> handle) {
		this.beanFactory = beanFactory;
		this.handle = handle;
	}

	@Override
	public void afterSingletonsInstantiated() {
		TelemetryHandle telemetry = this.handle.getIfAvailable();
		if (telemetry == null) {
			return;
		}
		Set<String> known = telemetry.spanGroups().known();
		unknownGroups(known).forEach((group, methods) -> logger.warn("@LensSpan names the span group '" + group
				+ "', which is not known here, so " + methods + " never run in a span. Known groups: " + known
				+ "; a group of the application's own goes in nemo.lens.extra-span-groups."));
	}

	/** Each unknown group and the methods that name it, sorted. */
	private Map<String, Set<String>> unknownGroups(Set<String> known) {
		Map<String, Set<String>> unknown = new TreeMap<>();
		// Only beans that exist: a lazy one (such as Boot's deferred exporters) must stay unbuilt.
		for (String name : this.beanFactory.getSingletonNames()) {
			Object bean = this.beanFactory.getSingleton(name);
			if (!AopUtils.isAopProxy(bean)) {
				continue;
			}
			Class<?> type = AopUtils.getTargetClass(bean);
			ReflectionUtils.doWithMethods(type, (method) -> {
				LensSpan span = AnnotatedElementUtils.findMergedAnnotation(method, LensSpan.class);
				String group = (span != null) ? span.group().trim().toLowerCase(Locale.ROOT) : "";
				if (!group.isEmpty() && !known.contains(group)) {
					unknown.computeIfAbsent(group, (g) -> new TreeSet<>())
						.add(type.getSimpleName() + "." + method.getName());
				}
			});
		}
		return unknown;
	}

}

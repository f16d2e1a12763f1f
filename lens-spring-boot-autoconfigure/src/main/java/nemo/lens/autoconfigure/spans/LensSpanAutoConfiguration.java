package nemo.lens.autoconfigure.spans;

import nemo.lens.TelemetryHandle;
import nemo.lens.autoconfigure.NemoLensAutoConfiguration;
import nemo.lens.autoconfigure.binding.ConditionalOnLensSwitch;
import nemo.lens.autoconfigure.binding.LensSwitches;
import nemo.lens.spans.LensSpan;

import org.springframework.aop.Advisor;
import org.springframework.aop.support.DefaultPointcutAdvisor;
import org.springframework.aop.support.annotation.AnnotationMatchingPointcut;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Role;

/**
 * Auto-configuration of {@link LensSpan @LensSpan} on Spring beans: an infrastructure advisor,
 * applied by the auto-proxy creator that Spring Boot's {@link AopAutoConfiguration} registers with
 * or without AspectJ (as {@code @Transactional} is), so it needs no AspectJ weaver. Off with
 * {@code nemo.lens.annotations.enabled=false}.
 */
@AutoConfiguration(after = NemoLensAutoConfiguration.class, before = AopAutoConfiguration.class)
@ConditionalOnClass(Advisor.class)
public final class LensSpanAutoConfiguration {

	LensSpanAutoConfiguration() {
	}

	/**
	 * Static and infrastructure: advisors are built before ordinary beans, the handle is not. The
	 * switch sits here, not on the class, so that an AOT-processed application still shows that
	 * this configuration took part and only the switch was off ({@code AotSwitchesCheck}).
	 */
	@Bean
	@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
	@ConditionalOnLensSwitch(value = LensSwitches.ANNOTATIONS_ENABLED, matchIfMissing = true)
	@ConditionalOnMissingBean(name = "lensSpanAdvisor")
	static Advisor lensSpanAdvisor(ObjectProvider<TelemetryHandle> handle) {
		DefaultPointcutAdvisor advisor = new DefaultPointcutAdvisor(
				new AnnotationMatchingPointcut(null, LensSpan.class, true),
				new LensSpanInterceptor(handle::getIfAvailable));
		advisor.setOrder(0);
		return advisor;
	}

	/** Names, at start-up, the groups of {@code @LensSpan} methods that this process does not know. */
	@Bean
	@ConditionalOnLensSwitch(value = LensSwitches.ANNOTATIONS_ENABLED, matchIfMissing = true)
	static LensSpanGroupCheck lensSpanGroupCheck(ConfigurableListableBeanFactory beanFactory,
			ObjectProvider<TelemetryHandle> handle) {
		return new LensSpanGroupCheck(beanFactory, handle);
	}

}

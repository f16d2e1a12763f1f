package nemo.lens.autoconfigure.handle;

import nemo.lens.TelemetryHandle;

import org.springframework.beans.BeansException;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.context.event.ApplicationFailedEvent;
import org.springframework.boot.context.event.ApplicationPreparedEvent;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.event.SmartApplicationListener;
import org.springframework.core.Ordered;

/**
 * Dumps the flight recorder when a Spring application fails to start, when a directory is set:
 * what the rank did before it failed ({@code nemo.lens.flight_recorder.trigger=startup-failure}).
 * <p>
 * The context closes before Spring Boot reports the failure, so its beans are gone by then: this
 * listener (one per {@code SpringApplication}, from {@code spring.factories}) notes the
 * {@link TelemetryHandle} when the context makes it, and dumps it on
 * {@link ApplicationFailedEvent}; a handle can be dumped after it shut down. A handle with
 * {@code dump-on-exit} has already dumped when the context closed it, and is not dumped twice.
 */
final class StartupFailureDump implements SmartApplicationListener {

	private volatile TelemetryHandle handle;

	@Override
	public boolean supportsEventType(Class<? extends ApplicationEvent> eventType) {
		return ApplicationPreparedEvent.class.isAssignableFrom(eventType)
				|| ApplicationFailedEvent.class.isAssignableFrom(eventType);
	}

	@Override
	public void onApplicationEvent(ApplicationEvent event) {
		if (event instanceof ApplicationPreparedEvent prepared) {
			prepared.getApplicationContext().getBeanFactory().addBeanPostProcessor(new HandleNote());
		}
		else if (event instanceof ApplicationFailedEvent) {
			dump();
		}
	}

	private void dump() {
		TelemetryHandle failed = this.handle;
		if (failed == null || failed.flightRecorder().isEmpty()
				|| failed.config().flightRecorderDirectory().isEmpty()) {
			return;
		}
		if (failed.isShutdown() && failed.config().flightRecorderDumpOnExit()) {
			return;
		}
		failed.dumpFlightRecorder("startup-failure");
	}

	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE;
	}

	/** Notes the handle as the context makes it. */
	private final class HandleNote implements BeanPostProcessor {

		@Override
		public Object postProcessAfterInitialization(Object bean, String beanName) throws BeansException {
			if (bean instanceof TelemetryHandle made) {
				StartupFailureDump.this.handle = made;
			}
			return bean;
		}

	}

}

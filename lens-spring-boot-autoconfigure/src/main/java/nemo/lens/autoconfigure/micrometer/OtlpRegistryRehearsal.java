package nemo.lens.autoconfigure.micrometer;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.registry.otlp.OtlpConfig;
import io.micrometer.registry.otlp.OtlpMeterRegistry;

/**
 * Rehearses what the first switch-on does with an OTLP registry built then: an
 * {@link OtlpMeterRegistry} is made and joins a composite that already holds meters of each kind,
 * so that their classes are loaded before an operator waits on the switch. The registry is
 * disabled (no publishing thread, nothing published, no connection) and closed at once: nothing
 * that exports is left behind.
 */
final class OtlpRegistryRehearsal implements Runnable {

	/** Micrometer's defaults, but disabled. */
	private static final OtlpConfig DISABLED = (key) -> "otlp.enabled".equals(key) ? "false" : null;

	private static final String NAME = "nemo.lens.rehearsal";

	@Override
	public void run() {
		CompositeMeterRegistry composite = new CompositeMeterRegistry();
		OtlpMeterRegistry registry = new OtlpMeterRegistry(DISABLED, Clock.SYSTEM);
		try {
			AtomicLong value = new AtomicLong(1);
			composite.counter(NAME).increment();
			composite.timer(NAME + ".timer").record(Duration.ofMillis(1));
			composite.summary(NAME + ".summary").record(1);
			composite.gauge(NAME + ".gauge", value);
			composite.more().counter(NAME + ".function", Tags.empty(), value, AtomicLong::get);
			composite.more().longTaskTimer(NAME + ".long").start().stop();
			composite.add(registry);
			composite.counter(NAME).increment();
		}
		finally {
			composite.remove(registry);
			registry.close();
			composite.close();
		}
	}

}

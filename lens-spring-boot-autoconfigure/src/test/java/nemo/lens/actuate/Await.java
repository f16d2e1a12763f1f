package nemo.lens.actuate;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Waits for a condition that a background thread of Lens (a timer, a poller, an SDK shutting down)
 * brings about, checking it every few milliseconds, up to ten seconds.
 */
final class Await {

	private static final Duration WAIT = Duration.ofSeconds(10);

	private Await() {
	}

	static boolean until(BooleanSupplier condition) {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (System.nanoTime() < deadline) {
			if (condition.getAsBoolean()) {
				return true;
			}
			try {
				TimeUnit.MILLISECONDS.sleep(10);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return false;
			}
		}
		return condition.getAsBoolean();
	}

}

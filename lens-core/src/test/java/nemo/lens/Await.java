package nemo.lens;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Waits for a condition that a background thread of Lens (a timer, a poller, an SDK shutting down)
 * brings about, checking it every few milliseconds, up to ten seconds unless the caller says.
 */
public final class Await {

	private static final Duration WAIT = Duration.ofSeconds(10);

	private Await() {
	}

	public static boolean until(BooleanSupplier condition) {
		return until(condition, WAIT);
	}

	/** As {@link #until(BooleanSupplier)}, up to a wait of the caller's, for what a busy machine delays. */
	public static boolean until(BooleanSupplier condition, Duration wait) {
		long deadline = System.nanoTime() + wait.toNanos();
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

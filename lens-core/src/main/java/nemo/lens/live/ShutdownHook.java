package nemo.lens.live;

/**
 * The JVM shutdown hook of an exporting rank's handle: at SIGTERM or a normal exit it runs the
 * handle's bounded shutdown, so that what the rank queued is delivered within the shutdown timeout
 * rather than dropped. A handle shut down before the JVM exits removes its hook.
 */
public final class ShutdownHook {

	private final Thread thread;

	private ShutdownHook(Thread thread) {
		this.thread = thread;
	}

	public static ShutdownHook register(Runnable shutdown) {
		Thread thread = new Thread(shutdown, "nemo-lens-exit");
		Runtime.getRuntime().addShutdownHook(thread);
		return new ShutdownHook(thread);
	}

	/** Removes the hook, unless it is the thread running now or the JVM is already exiting. */
	public void remove() {
		if (Thread.currentThread() == this.thread) {
			return;
		}
		try {
			Runtime.getRuntime().removeShutdownHook(this.thread);
		}
		catch (IllegalStateException ex) {
			// The JVM is exiting: the hook runs (or ran) and finds the handle already shut down.
		}
	}

}

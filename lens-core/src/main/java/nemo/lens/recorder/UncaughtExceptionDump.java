package nemo.lens.recorder;

/**
 * Dumps the flight recorder when a thread dies of an uncaught exception, then hands the exception
 * to the handler that was there before (or prints it, as the JVM does without one): the spans just
 * before a crash are what the operator looks for. Installed as the JVM's default handler while
 * the handle runs, only when the recorder is on and has a directory to write to.
 */
final class UncaughtExceptionDump implements Thread.UncaughtExceptionHandler {

	/** The {@code nemo.lens.flight_recorder.trigger} of a dump it writes. */
	static final String TRIGGER = "uncaught-exception";

	private final FlightRecorder recorder;

	private final Thread.UncaughtExceptionHandler previous;

	private UncaughtExceptionDump(FlightRecorder recorder, Thread.UncaughtExceptionHandler previous) {
		this.recorder = recorder;
		this.previous = previous;
	}

	static synchronized UncaughtExceptionDump install(FlightRecorder recorder) {
		UncaughtExceptionDump handler = new UncaughtExceptionDump(recorder,
				Thread.getDefaultUncaughtExceptionHandler());
		Thread.setDefaultUncaughtExceptionHandler(handler);
		return handler;
	}

	/** Puts the previous handler back, unless another was installed since. */
	void uninstall() {
		synchronized (UncaughtExceptionDump.class) {
			if (Thread.getDefaultUncaughtExceptionHandler() == this) {
				Thread.setDefaultUncaughtExceptionHandler(this.previous);
			}
		}
	}

	@Override
	public void uncaughtException(Thread thread, Throwable exception) {
		try {
			this.recorder.dump(TRIGGER);
		}
		catch (Throwable ex) {
			// The dump logs its own failures; nothing may keep the exception from its handler.
		}
		if (this.previous != null) {
			this.previous.uncaughtException(thread, exception);
		}
		else {
			System.err.print("Exception in thread \"" + thread.getName() + "\" ");
			exception.printStackTrace(System.err);
		}
	}

}

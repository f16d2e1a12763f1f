package nemo.lens.recorder;

import java.util.ArrayList;
import java.util.List;

/**
 * Dumps the flight recorders of the process when a thread dies of an uncaught exception, then
 * hands the exception to the handler that was there before (or prints it, as the JVM does without
 * one): the spans just before a crash are what the operator looks for.
 * <p>
 * One process-wide registry of the recorders installed, and one handler that consults it: each
 * handle's recorder is registered while it runs and removed at its shutdown, whatever order the
 * handles of a JVM end in (two Spring contexts, tests). The handler is the JVM's default only
 * while a recorder is registered; after the last one leaves, the JVM's original handler is put
 * back, and the handler holds nothing of any handle, so that no recorder (and no SDK behind it)
 * outlives its handle through it, even where another library chained it in meanwhile.
 */
final class UncaughtExceptionDump implements Thread.UncaughtExceptionHandler {

	/** The {@code nemo.lens.flight_recorder.trigger} of a dump it writes. */
	static final String TRIGGER = "uncaught-exception";

	private static final UncaughtExceptionDump HANDLER = new UncaughtExceptionDump();

	/** The recorders of the handles running now; guarded by the class. */
	private static final List<FlightRecorder> installed = new ArrayList<>();

	/** The JVM's handler before the first recorder came; guarded by the class. */
	private static Thread.UncaughtExceptionHandler original;

	private UncaughtExceptionDump() {
	}

	/**
	 * Dumps a recorder at each uncaught exception from now on, until {@link #uninstall}.
	 * @param recorder the recorder
	 */
	static synchronized void install(FlightRecorder recorder) {
		if (installed.isEmpty()) {
			Thread.UncaughtExceptionHandler current = Thread.getDefaultUncaughtExceptionHandler();
			if (current != HANDLER) {
				original = current;
				Thread.setDefaultUncaughtExceptionHandler(HANDLER);
			}
		}
		installed.add(recorder);
	}

	/**
	 * Stops dumping a recorder; after the last one, puts the JVM's original handler back, unless
	 * another handler was installed over this one since (that one then still reaches the
	 * original through this handler, which holds no recorder any more).
	 * @param recorder the recorder
	 */
	static synchronized void uninstall(FlightRecorder recorder) {
		installed.removeIf((each) -> each == recorder);
		if (installed.isEmpty() && Thread.getDefaultUncaughtExceptionHandler() == HANDLER) {
			Thread.setDefaultUncaughtExceptionHandler(original);
			original = null;
		}
	}

	/**
	 * How many recorders are installed now.
	 * @return the number
	 */
	static synchronized int installedCount() {
		return installed.size();
	}

	@Override
	public void uncaughtException(Thread thread, Throwable exception) {
		List<FlightRecorder> recorders;
		Thread.UncaughtExceptionHandler previous;
		synchronized (UncaughtExceptionDump.class) {
			recorders = List.copyOf(installed);
			previous = original;
		}
		// Outside the lock: a dump writes a file, and a handle may shut down meanwhile.
		for (FlightRecorder recorder : recorders) {
			try {
				recorder.dumpAutomatically(TRIGGER);
			}
			catch (Throwable ex) {
				// The dump logs its own failures; nothing may keep the exception from its handler.
			}
		}
		if (previous != null) {
			previous.uncaughtException(thread, exception);
		}
		else {
			System.err.print("Exception in thread \"" + thread.getName() + "\" ");
			exception.printStackTrace(System.err);
		}
	}

}

package nemo.lens.live;

import java.util.function.Consumer;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The notices of a rank whose application names no receiver for them: told through
 * {@code java.util.logging}, as {@code INFO} records of {@link LiveDecision}'s logger. On such a
 * rank a switch's notice is often the JVM's first log record, and the first record builds its
 * handlers' formatter (a {@code java.util.Formatter}, a date, the caller's frame): some hundred
 * kilobytes and milliseconds that the rehearsal of the first switch pays instead.
 */
final class LoggedNotices implements Consumer<String> {

	private final Logger logger;

	LoggedNotices(Logger logger) {
		this.logger = logger;
	}

	@Override
	public void accept(String notice) {
		this.logger.info(notice);
	}

	/**
	 * Formats a record as a notice would be formatted, by every handler that would publish it,
	 * without publishing it.
	 */
	void rehearse() {
		if (!this.logger.isLoggable(Level.INFO)) {
			return;
		}
		LogRecord record = new LogRecord(Level.INFO, "NeMo Lens: rehearsal of a notice");
		record.setLoggerName(this.logger.getName());
		for (Logger node = this.logger; node != null; node = node.getUseParentHandlers() ? node.getParent() : null) {
			for (Handler handler : node.getHandlers()) {
				Formatter formatter = handler.getFormatter();
				if (formatter != null && handler.isLoggable(record)) {
					formatter.format(record);
				}
			}
		}
	}

}

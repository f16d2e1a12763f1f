package nemo.lens.live;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.LogRecord;

/**
 * A {@code java.util.logging} handler for tests: keeps each record it publishes, and each record
 * its formatter was asked to format (which a rehearsal does without publishing).
 */
public final class CapturingLogHandler extends Handler {

	private final List<LogRecord> published = new CopyOnWriteArrayList<>();

	private final List<LogRecord> formatted = new CopyOnWriteArrayList<>();

	public CapturingLogHandler() {
		setFormatter(new Formatter() {

			@Override
			public String format(LogRecord record) {
				CapturingLogHandler.this.formatted.add(record);
				return record.getMessage();
			}

		});
	}

	/** The records published, in order. */
	public List<LogRecord> published() {
		return this.published;
	}

	/** The records formatted, in order. */
	public List<LogRecord> formatted() {
		return this.formatted;
	}

	@Override
	public void publish(LogRecord record) {
		this.published.add(record);
	}

	@Override
	public void flush() {
	}

	@Override
	public void close() {
	}

}

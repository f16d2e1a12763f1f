package nemo.lens.live;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Notices told through {@code java.util.logging}: each an {@code INFO} record, and a rehearsal
 * that formats one as each handler would, publishing nothing.
 */
class LoggedNoticesTests {

	private final Logger logger = Logger.getLogger(LoggedNoticesTests.class.getName() + ".notices");

	private final List<String> formatted = new ArrayList<>();

	private final List<LogRecord> published = new ArrayList<>();

	private final Handler handler = new Handler() {

		@Override
		public void publish(LogRecord record) {
			LoggedNoticesTests.this.published.add(record);
		}

		@Override
		public void flush() {
		}

		@Override
		public void close() {
		}

	};

	LoggedNoticesTests() {
		this.handler.setFormatter(new Formatter() {

			@Override
			public String format(LogRecord record) {
				LoggedNoticesTests.this.formatted.add(record.getLevel() + " " + record.getLoggerName());
				return record.getMessage();
			}

		});
		this.logger.setUseParentHandlers(false);
		this.logger.addHandler(this.handler);
	}

	@AfterEach
	void removeHandler() {
		this.logger.removeHandler(this.handler);
		this.logger.setLevel(null);
		this.logger.setUseParentHandlers(true);
	}

	@Test
	void aNoticeIsAnInfoRecordOfItsLogger() {
		new LoggedNotices(this.logger).accept("NeMo Lens: switched");
		assertThat(this.published).singleElement().satisfies((record) -> {
			assertThat(record.getLevel()).isEqualTo(Level.INFO);
			assertThat(record.getLoggerName()).isEqualTo(this.logger.getName());
			assertThat(record.getMessage()).isEqualTo("NeMo Lens: switched");
		});
	}

	@Test
	void theRehearsalFormatsARecordAsEachHandlerWouldAndPublishesNothing() {
		new LoggedNotices(this.logger).rehearse();
		assertThat(this.formatted).containsExactly("INFO " + this.logger.getName());
		assertThat(this.published).isEmpty();
	}

	@Test
	void theRehearsalFormatsNothingForAHandlerThatWouldDropTheNotice() {
		this.handler.setLevel(Level.WARNING);
		new LoggedNotices(this.logger).rehearse();
		assertThat(this.formatted).isEmpty();
	}

	@Test
	void theRehearsalFormatsNothingWhereTheLoggerDropsNotices() {
		this.logger.setLevel(Level.WARNING);
		new LoggedNotices(this.logger).rehearse();
		assertThat(this.formatted).isEmpty();
	}

}

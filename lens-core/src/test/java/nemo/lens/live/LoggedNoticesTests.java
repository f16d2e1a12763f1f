package nemo.lens.live;

import java.util.logging.Level;
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

	private final CapturingLogHandler handler = new CapturingLogHandler();

	LoggedNoticesTests() {
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
		assertThat(this.handler.published()).singleElement().satisfies((record) -> {
			assertThat(record.getLevel()).isEqualTo(Level.INFO);
			assertThat(record.getLoggerName()).isEqualTo(this.logger.getName());
			assertThat(record.getMessage()).isEqualTo("NeMo Lens: switched");
		});
	}

	@Test
	void theRehearsalFormatsARecordAsEachHandlerWouldAndPublishesNothing() {
		new LoggedNotices(this.logger).rehearse();
		assertThat(this.handler.formatted()).extracting((record) -> record.getLevel() + " " + record.getLoggerName())
			.containsExactly("INFO " + this.logger.getName());
		assertThat(this.handler.published()).isEmpty();
	}

	@Test
	void theRehearsalFormatsNothingForAHandlerThatWouldDropTheNotice() {
		this.handler.setLevel(Level.WARNING);
		new LoggedNotices(this.logger).rehearse();
		assertThat(this.handler.formatted()).isEmpty();
	}

	@Test
	void theRehearsalFormatsNothingWhereTheLoggerDropsNotices() {
		this.logger.setLevel(Level.WARNING);
		new LoggedNotices(this.logger).rehearse();
		assertThat(this.handler.formatted()).isEmpty();
	}

}

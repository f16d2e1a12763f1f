package nemo.lens.sample.docs;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.locks.LockSupport;

import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import nemo.lens.control.ControlStatus;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A control file as a rank reads it, through NeMo Lens's own reader behind the public API: a
 * rank watching the file takes it whole ({@code applied}, or {@code expired} past its
 * {@code until}) and holds each value as written, with no comment inside it.
 */
final class ControlFileCheck {

	private ControlFileCheck() {
	}

	static void check(String what, Path file) throws Exception {
		Properties written = new Properties();
		written.load(new StringReader(Files.readString(file)));
		Map<String, String> env = new HashMap<>();
		NemoLensConfig config = NemoLensConfig.builder().enabled(true).exporter("none").controlFile(file.toString())
			.controlInterval(Duration.ofMinutes(10)).build();
		try (TelemetryHandle handle = new TelemetrySetup(new ExportStrategyRegistry(env::get), env::get).setup(config, 731,
				1024, TelemetryOptions.builder().warnings((warning) -> { }).build())) {
			ControlStatus status = firstLook(handle);
			assertThat(status.state()).as("%s: %s", what, status).isIn("applied", "expired");
			assertThat(status.error()).as(what).isNull();
			if (status.state().equals("applied")) {
				Map<String, String> expected = new LinkedHashMap<>();
				written.forEach((key, value) -> expected.put(key.toString(), value.toString()));
				assertThat(status.applied()).as(what).containsAllEntriesOf(expected);
			}
		}
	}

	/** The poller looks at once on its own thread; waits for that look, at most ten seconds. */
	private static ControlStatus firstLook(TelemetryHandle handle) {
		Instant deadline = Instant.now().plusSeconds(10);
		while (true) {
			Optional<ControlStatus> status = handle.controlStatus();
			if (status.isPresent() && !status.get().state().equals("absent") || Instant.now().isAfter(deadline)) {
				return status.orElseThrow();
			}
			LockSupport.parkNanos(Duration.ofMillis(5).toNanos());
		}
	}

}

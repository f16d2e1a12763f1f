package nemo.lens.sample.e2e;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A flight recorder dump of rank 0 of a job of 2, with one finished span {@code train.step}, as a
 * silent rank writes it: a folder for the report to read, in which rank 1 is missing.
 */
public final class RankZeroDump {

	private RankZeroDump() {
	}

	/**
	 * Writes the dump.
	 * @param directory the folder, which exists
	 */
	public static void writeTo(Path directory) {
		Map<String, String> env = new HashMap<>();
		NemoLensConfig config = NemoLensConfig.builder().enabled(true).exporter("none").runId("docs")
			.flightRecorderEnabled(true).flightRecorderDirectory(directory.toString()).build();
		try (TelemetryHandle handle = new TelemetrySetup(new ExportStrategyRegistry(env::get), env::get).setup(config, 0, 2,
				TelemetryOptions.builder().shutdownHook(false).build())) {
			handle.tracer().spanBuilder("train.step").startSpan().end();
			assertThat(handle.dumpFlightRecorder()).isPresent();
		}
	}

}

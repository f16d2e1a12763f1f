package nemo.lens;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.opentelemetry.api.trace.Span;

/**
 * Ranks of a job of 4 under {@code single_rank} with the flight recorder on, dumping to one
 * directory: rank 3 exports, the others are silent. Closing ends the spans a test left open, then
 * the ranks.
 */
final class RecordingRanks implements AutoCloseable {

	private final Path directory;

	private final List<TelemetryHandle> handles = new ArrayList<>();

	private final List<Span> open = new ArrayList<>();

	RecordingRanks(Path directory) {
		this.directory = directory;
	}

	TelemetryHandle rank(int rank, NemoLensConfig.Builder settings) {
		NemoLensConfig config = settings.enabled(true)
			.exporter("none")
			.runId("run-7")
			.flightRecorderEnabled(true)
			.flightRecorderDirectory(this.directory.toString())
			.build();
		Map<String, String> env = new HashMap<>();
		TelemetryHandle handle = new TelemetrySetup(new ExportStrategyRegistry(env::get), env::get).setup(config,
				rank, 4, TelemetryOptions.builder().spanExporter(new RecordingSpanExporter()).shutdownHook(false).build());
		this.handles.add(handle);
		return handle;
	}

	/** Ends the span when the test is over, unless the test ended it. */
	Span keptOpen(Span span) {
		this.open.add(span);
		return span;
	}

	@Override
	public void close() {
		this.open.forEach(Span::end);
		this.handles.forEach(TelemetryHandle::shutdown);
	}

}

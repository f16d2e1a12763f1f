package nemo.lens.recorder;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.opentelemetry.api.trace.Span;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.RecordingSpanExporter;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;

/**
 * Ranks of a job of 4 under {@code single_rank} with the flight recorder on, dumping to one
 * directory: rank 3 exports, the others are silent. Closing ends the spans a test left open, then
 * the ranks.
 */
public final class RecordingRanks implements AutoCloseable {

	private final Path directory;

	private final List<TelemetryHandle> handles = new ArrayList<>();

	private final List<Span> open = new ArrayList<>();

	public RecordingRanks(Path directory) {
		this.directory = directory;
	}

	public TelemetryHandle rank(int rank, NemoLensConfig.Builder settings) {
		return rank(rank, settings, TelemetryOptions.builder().spanExporter(new RecordingSpanExporter()));
	}

	/** A rank with the caller's options: without a span exporter, nothing it exports can leave. */
	public TelemetryHandle rank(int rank, NemoLensConfig.Builder settings, TelemetryOptions.Builder options) {
		NemoLensConfig config = settings.enabled(true)
			.exporter("none")
			.runId("run-7")
			.flightRecorderEnabled(true)
			.flightRecorderDirectory(this.directory.toString())
			.build();
		Map<String, String> env = new HashMap<>();
		TelemetryHandle handle = new TelemetrySetup(new ExportStrategyRegistry(env::get), env::get).setup(config,
				rank, 4, options.shutdownHook(false).build());
		this.handles.add(handle);
		return handle;
	}

	/** Ends the span when the test is over, unless the test ended it. */
	public Span keptOpen(Span span) {
		this.open.add(span);
		return span;
	}

	@Override
	public void close() {
		this.open.forEach(Span::end);
		this.handles.forEach(TelemetryHandle::shutdown);
	}

}

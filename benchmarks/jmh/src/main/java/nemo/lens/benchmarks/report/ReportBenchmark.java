package nemo.lens.benchmarks.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import nemo.lens.benchmarks.HarnessJvm;
import nemo.lens.recorder.DumpWriter;
import nemo.lens.recorder.SpanRing;

/**
 * The flight recorder report at the scale of a real job (issue 57, item 7): the dumps of
 * {@value #RANKS} ranks, each a full ring of {@value #RING} finished spans of a training loop
 * ({@code train.step} with {@code dl.step}, around {@code data.load}, {@code forward},
 * {@code backward} and {@code allreduce}) and its open chain (rank {@value #STUCK_RANK} in
 * {@code allreduce}, the others in {@code barrier}; rank {@value #SLOW_RANK}'s steps twice as long),
 * written by the rank's own {@link DumpWriter}; then {@code DumpReport} with {@code --html} and
 * {@code --trace-events} in a JVM of its own capped at 1 GiB of heap ({@link ReportRun}), timed from
 * its call to its return. Prints {@code report_1024_ranks_s}, {@code report_1024_ranks_peak_heap_mib}
 * and the sizes read and written.
 */
public final class ReportBenchmark {

	/** The ranks of the job. */
	public static final int RANKS = 1024;

	/** Finished spans per rank: a full ring. */
	public static final int RING = 2048;

	static final int STUCK_RANK = 700;

	static final int SLOW_RANK = 3;

	private static final Instant NOW = Instant.parse("2026-12-07T03:00:00Z");

	private static final long STEP_NANOS = 100_000_000L;

	private static final String[] PHASES = { "data.load", "forward", "backward", "allreduce" };

	private ReportBenchmark() {
	}

	/**
	 * Writes the dumps, runs the report, removes what it wrote.
	 * @return the figures, by name
	 */
	public static Map<String, String> run() throws IOException, InterruptedException {
		Path directory = Files.createTempDirectory("lens-report-benchmark");
		try {
			Path dumps = Files.createDirectories(directory.resolve("dumps"));
			long bytes = writeDumps(dumps);
			Path page = directory.resolve("report.html");
			Path trace = directory.resolve("trace.json");
			Map<String, String> figures = new LinkedHashMap<>(measure(dumps, page, trace));
			figures.put("report_1024_ranks_dumps_mib", mib(bytes));
			figures.put("report_1024_ranks_page_kib", String.format(Locale.ROOT, "%.0f", Files.size(page) / 1024.0));
			figures.put("report_1024_ranks_trace_events_mib", mib(Files.size(trace)));
			return figures;
		}
		finally {
			try (Stream<Path> files = Files.walk(directory)) {
				files.sorted((one, other) -> other.compareTo(one)).forEach((file) -> file.toFile().delete());
			}
		}
	}

	private static Map<String, String> measure(Path dumps, Path page, Path trace)
			throws IOException, InterruptedException {
		String output = HarnessJvm.run(List.of("-Xmx1g"), ReportRun.class,
				List.of(dumps.toString(), page.toString(), trace.toString()), Duration.ofMinutes(10));
		Map<String, String> figures = new LinkedHashMap<>();
		output.lines().filter((line) -> line.startsWith("report_")).forEach((line) -> {
			String[] pair = line.split("=", 2);
			figures.put(pair[0], pair[1]);
		});
		return figures;
	}

	/** Writes every rank's dump; the bytes written. */
	public static long writeDumps(Path directory) throws IOException {
		List<SpanData> ended = new ArrayList<>();
		SdkTracerProvider provider = SdkTracerProvider.builder().build();
		try {
			Tracer tracer = provider.get("trainer");
			long bytes = 0;
			for (int rank = 0; rank < RANKS; rank++) {
				ended.clear();
				rank(tracer, rank, ended);
				Resource resource = Resource.builder()
					.put("service.name", "trainer")
					.put("dl.rank", rank)
					.put("dl.world_size", RANKS)
					.put("nemo.run.id", "benchmark")
					.build();
				Path file = new DumpWriter(directory, "benchmark", rank).write(new SpanRing.Contents(ended, 5_120),
						RING, resource, "stall", NOW);
				bytes += Files.size(file);
			}
			return bytes;
		}
		finally {
			provider.close();
		}
	}

	/** One rank's loop: steps back from the hang, then the open chain, as spans that ended. */
	private static void rank(Tracer tracer, int rank, List<SpanData> ended) {
		long now = nanos(NOW);
		long stuckFor = (rank == STUCK_RANK) ? 61_000_000_000L : 60_000_000_000L;
		long step = (rank == SLOW_RANK) ? 2 * STEP_NANOS : STEP_NANOS;
		int steps = RING / (PHASES.length + 1);
		long start = now - stuckFor - steps * step;
		for (int i = 0; i < steps; i++) {
			long stepStart = start + i * step;
			Span train = tracer.spanBuilder("train.step").setAttribute("dl.step", i)
				.setStartTimestamp(stepStart, TimeUnit.NANOSECONDS).startSpan();
			Context inStep = Context.root().with(train);
			long phase = step / PHASES.length;
			for (int p = 0; p < PHASES.length; p++) {
				Span inner = tracer.spanBuilder(PHASES[p]).setParent(inStep)
					.setStartTimestamp(stepStart + p * phase, TimeUnit.NANOSECONDS).startSpan();
				end(inner, stepStart + (p + 1) * phase, ended);
			}
			end(train, stepStart + step, ended);
		}
		// The open chain, as a dump writes it: ending at the dump, marked open.
		Span open = tracer.spanBuilder("train.step").setAttribute("dl.step", steps).setAttribute("nemo.span.open", true)
			.setStartTimestamp(now - stuckFor, TimeUnit.NANOSECONDS).startSpan();
		Span collective = tracer.spanBuilder((rank == STUCK_RANK) ? "allreduce" : "barrier")
			.setParent(Context.root().with(open)).setAttribute("nemo.span.open", true)
			.setStartTimestamp(now - stuckFor, TimeUnit.NANOSECONDS).startSpan();
		end(open, now, ended);
		end(collective, now, ended);
	}

	/** Ends an SDK span at a time and keeps what it recorded, as the ring does. */
	private static void end(Span span, long nanos, List<SpanData> ended) {
		span.end(nanos, TimeUnit.NANOSECONDS);
		ended.add(((ReadableSpan) span).toSpanData());
	}

	private static long nanos(Instant instant) {
		return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
	}

	private static String mib(long bytes) {
		return String.format(Locale.ROOT, "%.1f", bytes / (1024.0 * 1024.0));
	}

	/** Runs the whole benchmark alone: {@code java -cp benchmarks.jar nemo.lens.benchmarks.report.ReportBenchmark}. */
	public static void main(String[] args) throws IOException, InterruptedException {
		run().forEach((name, value) -> System.out.println(name + "=" + value));
	}

}

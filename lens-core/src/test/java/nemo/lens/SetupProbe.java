package nemo.lens;

import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;

/**
 * A main run in its own JVM by {@link SeparateJvmSetupTests}, so that process-wide state (the
 * once-only guard, loaded classes, live threads) starts clean. Prints one {@code key=value} line
 * per step.
 */
public final class SetupProbe {

	private SetupProbe() {
	}

	public static void main(String[] args) {
		switch (args[0]) {
			case "guard" -> guard();
			case "failed-setup-does-not-count" -> failedSetupDoesNotCount();
			case "rank" -> rank(Integer.parseInt(args[1]));
			case "metrics-only" -> metricsOnly();
			case "switchable-rank" -> switchableRank(Integer.parseInt(args[1]));
			default -> throw new IllegalArgumentException(args[0]);
		}
	}

	private static void guard() {
		NemoLensConfig disabled = NemoLensConfig.defaults();
		NemoLensConfig enabled = NemoLensConfig.builder().enabled(true).exporter("none").build();
		attempt("disabled1", () -> NemoLens.setupTelemetry(disabled, 0, 4));
		attempt("disabled2", () -> NemoLens.setupTelemetry(disabled, 0, 4));
		attempt("enabled1", () -> NemoLens.setupTelemetry(enabled, 0, 4));
		attempt("enabled2", () -> NemoLens.setupTelemetry(enabled, 0, 4));
		attempt("disabled3", () -> NemoLens.setupTelemetry(disabled, 0, 4));
		attempt("reinit", () -> NemoLens.setupTelemetry(enabled, 0, 4,
				TelemetryOptions.builder().allowReinit(true).build()));
	}

	private static void failedSetupDoesNotCount() {
		NemoLensConfig bogus = NemoLensConfig.builder().enabled(true).exportStrategy("bogus").build();
		NemoLensConfig enabled = NemoLensConfig.builder().enabled(true).exporter("none").build();
		attempt("bogus", () -> NemoLens.setupTelemetry(bogus, 0, 4));
		attempt("enabled1", () -> NemoLens.setupTelemetry(enabled, 0, 4));
	}

	/** As {@link #rank(int)}, on a rank its program may switch while it runs. */
	private static void switchableRank(int rank) {
		NemoLensConfig config = NemoLensConfig.builder().enabled(true).exporter("otlp").build();
		TelemetryHandle handle = NemoLens.setupTelemetry(config, rank, 4,
				TelemetryOptions.builder().switchable(true).build());
		handle.tracer().spanBuilder("step").startSpan().end();
		System.out.println("exporting=" + handle.isExporting());
		handle.shutdown(Duration.ofSeconds(2));
	}

	/** An enabled OTLP rank of a 4-rank single_rank job: rank 3 exports, every other rank does not. */
	private static void rank(int rank) {
		Set<String> threadsBefore = threadNames();
		NemoLensConfig config = NemoLensConfig.builder().enabled(true).exporter("otlp").build();
		TelemetryHandle handle = NemoLens.setupTelemetry(config, rank, 4);
		for (int i = 0; i < 100; i++) {
			handle.tracer().spanBuilder("step").startSpan().end();
			handle.meter().counterBuilder("steps").build().add(1);
		}
		Set<String> started = threadNames();
		started.removeAll(threadsBefore);
		System.out.println("exporting=" + handle.isExporting());
		System.out.println("new-threads=" + started);
		handle.shutdown(Duration.ofSeconds(2));
	}

	/**
	 * Rank 0 of a 4-rank job that sends traces and logs from the last rank and metrics from every
	 * rank: only the metric reader's thread may start.
	 */
	private static void metricsOnly() {
		Set<String> threadsBefore = threadNames();
		NemoLensConfig config = NemoLensConfig.builder()
			.enabled(true)
			.exporter("otlp")
			.logsEnabled(true)
			.metricsExportStrategy("all_ranks")
			.build();
		TelemetryHandle handle = NemoLens.setupTelemetry(config, 0, 4);
		handle.tracer().spanBuilder("step").startSpan().end();
		handle.meter().counterBuilder("steps").build().add(1);
		Set<String> started = threadNames();
		started.removeAll(threadsBefore);
		System.out.println("signals=" + handle);
		System.out.println("new-threads=" + started);
		handle.shutdown(Duration.ofSeconds(2));
	}

	private static Set<String> threadNames() {
		Set<String> names = new TreeSet<>();
		Thread.getAllStackTraces().keySet().forEach((thread) -> names.add(thread.getName()));
		return names;
	}

	private static void attempt(String step, Runnable setup) {
		try {
			setup.run();
			System.out.println(step + "=ok");
		}
		catch (RuntimeException ex) {
			System.out.println(step + "=" + ex.getClass().getSimpleName() + ": " + ex.getMessage());
		}
	}

}

package nemo.lens;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Checks process-wide behaviour in fresh JVMs: the once-only guard, and that a non-exporting rank
 * loads no exporter, processor or HTTP class, nor the SDK's autoconfigured builder, and starts no
 * thread; and that one that cannot be switched loads none of the live machinery, nor the SDK's
 * configuration reader to check the exporter settings.
 */
class SeparateJvmSetupTests {

	private static final List<String> EXPORT_MACHINERY = List.of("io.opentelemetry.exporter.",
			"io.opentelemetry.sdk.trace.export.BatchSpanProcessor", "io.opentelemetry.sdk.metrics.export.PeriodicMetricReader",
			"okhttp3.", "io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk");

	private static String run(String... args) throws IOException, InterruptedException {
		return run(Map.of(), args);
	}

	private static String run(Map<String, String> environment, String... args)
			throws IOException, InterruptedException {
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		command.add("-Xlog:class+load=info:stdout");
		command.add("-cp");
		command.add(System.getProperty("java.class.path"));
		command.add(SetupProbe.class.getName());
		command.addAll(List.of(args));
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
		builder.environment().putAll(environment);
		Process process = builder.start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
		assertThat(process.exitValue()).as(output).isZero();
		return output;
	}

	private static List<String> loadedExportMachinery(String output) {
		return output.lines()
			.filter((line) -> line.contains("[class,load]"))
			.filter((line) -> EXPORT_MACHINERY.stream().anyMatch(line::contains))
			.toList();
	}

	@Test
	void secondEnabledSetupIsRefusedUnlessReinitIsAllowed() throws Exception {
		String output = run("guard");
		assertThat(output).contains("disabled1=ok", "disabled2=ok", "enabled1=ok", "disabled3=ok", "reinit=ok")
			.contains("enabled2=IllegalStateException: Telemetry is already set up in this process. "
					+ "Pass TelemetryOptions.builder().allowReinit(true) to set it up again (tests only).");
	}

	@Test
	void failedSetupDoesNotCountAsInitialised() throws Exception {
		String output = run("failed-setup-does-not-count");
		assertThat(output).contains("bogus=IllegalArgumentException: Unknown export_strategy 'bogus'.")
			.contains("enabled1=ok");
	}

	@Test
	void nonExportingRankLoadsNoExportMachineryAndStartsNoThread() throws Exception {
		String output = run("rank", "0");
		assertThat(output).contains("exporting=false").contains("new-threads=[]");
		assertThat(loadedExportMachinery(output)).isEmpty();
	}

	@Test
	void aSilentRankThatCannotBeSwitchedLoadsNoLiveMachineryAndHandsOutTheNoOpApi() throws Exception {
		String output = run(Map.of("OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf", "OTEL_METRIC_EXPORT_INTERVAL", "5000",
				"OTEL_EXPORTER_OTLP_HEADERS", "authorization=Bearer x"), "rank", "0");
		assertThat(output).contains("exporting=false");
		assertThat(loaded(output, "io.opentelemetry.sdk.autoconfigure.")).isEmpty();
		assertThat(loaded(output, "nemo.lens.live.")).containsExactlyInAnyOrder("nemo.lens.live.SignalDecisions",
				"nemo.lens.live.SignalDecisions$Decider");
		assertThat(loaded(output, "nemo.lens.switching.")).isEmpty();
		assertThat(loaded(output, "nemo.lens.sdk.ExportingTelemetry")).isEmpty();
		// Its spans propagate nothing unless asked to: the W3C propagators link at the first inject or extract.
		assertThat(loaded(output, "io.opentelemetry.api.trace.propagation.")).isEmpty();
		assertThat(loaded(output, "io.opentelemetry.api.baggage.propagation.")).isEmpty();
	}

	@Test
	void aSilentRankThatCannotBeSwitchedSpinsNoClassOfLens() throws Exception {
		// A lambda or method reference spins a class at its first use, heap and metadata that every
		// silent rank of a job would pay at start-up for code it runs once.
		String output = run(Map.of("OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf", "OTEL_BSP_MAX_QUEUE_SIZE", "2048"),
				"rank", "0");
		assertThat(output).contains("exporting=false");
		assertThat(output.lines()
			.filter((line) -> line.contains("[class,load] nemo.lens.") && line.contains("$$Lambda"))
			.filter((line) -> !line.contains("[class,load] nemo.lens.SetupProbe"))).isEmpty();
	}

	@Test
	void aSilentRankThatCannotBeSwitchedLoadsNothingOnlyAPipelineOrARecordedSpanUses() throws Exception {
		// Each class read from the jar costs its bytes two or three times over on the heap at start-up.
		String output = run("rank", "0");
		assertThat(output).contains("exporting=false");
		assertThat(loaded(output, "nemo.lens.")).doesNotContain("nemo.lens.TelemetrySetup$PipelineSetup",
				"nemo.lens.spans.AttributeRules", "nemo.lens.config.OpampSettings", "nemo.lens.NemoLensConfig$1");
	}

	@Test
	void aSilentRankItsProgramMaySwitchLoadsTheLiveMachinery() throws Exception {
		String output = run("switchable-rank", "0");
		assertThat(output).contains("exporting=false");
		assertThat(loaded(output, "nemo.lens.TelemetrySetup$")).contains("nemo.lens.TelemetrySetup$PipelineSetup");
		assertThat(loaded(output, "nemo.lens.live.")).contains("nemo.lens.live.LiveDecision",
				"nemo.lens.live.LivePipeline");
		assertThat(loaded(output, "nemo.lens.switching.")).contains("nemo.lens.switching.SwitchableTelemetry");
	}

	/** The classes whose name starts with a prefix, in load order, without lambdas and proxies. */
	private static List<String> loaded(String output, String prefix) {
		return output.lines()
			.filter((line) -> line.contains("[class,load] " + prefix))
			.map((line) -> line.substring(line.indexOf("[class,load] ") + 13).split(" ")[0])
			.filter((name) -> !name.contains("$$Lambda"))
			.distinct()
			.toList();
	}

	@Test
	void exportingRankDoesLoadExportMachineryAndStartThreads() throws Exception {
		String output = run("rank", "3");
		assertThat(output).contains("exporting=true").doesNotContain("new-threads=[]");
		assertThat(loadedExportMachinery(output)).isNotEmpty();
	}

	@Test
	void aRankThatSendsOnlyMetricsRunsTheMetricReaderThreadAndNoSpanOrLogProcessorThread() throws Exception {
		String output = run("metrics-only");
		assertThat(output).contains("signals=[METRICS]").containsPattern("new-threads=\\[.*PeriodicMetricReader");
		assertThat(output).doesNotContain("BatchSpanProcessor").doesNotContain("BatchLogRecordProcessor");
	}

}

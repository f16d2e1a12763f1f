package nemo.lens.sdk;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ConsoleExporterTests {

	private final ByteArrayOutputStream captured = new ByteArrayOutputStream();

	private PrintStream originalOut;

	@BeforeEach
	void captureStandardOut() {
		this.originalOut = System.out;
		System.setOut(new PrintStream(this.captured, true, StandardCharsets.UTF_8));
	}

	@AfterEach
	void restoreStandardOut() {
		System.setOut(this.originalOut);
	}

	@Test
	void consoleExporterWritesOneLinePerSpanAndMetricPoint() {
		NemoLensConfig config = NemoLensConfig.builder().enabled(true).exportStrategy("all_ranks").exporter("console").build();
		TelemetryHandle handle = new TelemetrySetup(new ExportStrategyRegistry((name) -> null), (name) -> null)
			.setup(config, 2, 4, TelemetryOptions.defaults());
		var parent = handle.tracer().spanBuilder("epoch").startSpan();
		try (var scope = parent.makeCurrent()) {
			handle.tracer().spanBuilder("batch").setAttribute("step", 7L).startSpan().end();
		}
		parent.end();
		handle.meter().counterBuilder("steps").build().add(5);
		handle.shutdown();
		String[] lines = this.captured.toString(StandardCharsets.UTF_8).split("\n");
		assertThat(lines).filteredOn((line) -> line.startsWith("[nemo.lens] span batch rank=2 "))
			.singleElement()
			.asString()
			.contains("{step=7}")
			.contains("parent=" + parent.getSpanContext().getSpanId());
		assertThat(lines).filteredOn((line) -> line.startsWith("[nemo.lens] span epoch rank=2 ")).hasSize(1);
		assertThat(lines).filteredOn((line) -> line.startsWith("[nemo.lens] metric steps rank=2 value=5")).hasSize(1);
	}

}

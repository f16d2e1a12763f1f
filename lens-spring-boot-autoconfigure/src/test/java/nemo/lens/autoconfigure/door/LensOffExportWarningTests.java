package nemo.lens.autoconfigure.door;

import java.util.regex.Pattern;

import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import nemo.lens.autoconfigure.LensTestConfigurations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With Lens off (the default), a door of the application that exports does so on every rank: one
 * warning says so, and how to let the strategy pick the ranks.
 */
@ExtendWith(OutputCaptureExtension.class)
class LensOffExportWarningTests {

	private static final String WARNING = "NeMo Lens is off (nemo.lens.enabled=false), and this application exports";

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(LensTestConfigurations.core(LensDoorsAutoConfiguration.class))
		.withPropertyValues("nemo.lens.rank=0", "nemo.lens.world-size=4");

	@Test
	void lensOffWithAnExporterOfTheApplicationWarnsOnceNamingItAndTheSwitch(CapturedOutput output) {
		this.runner.withBean("otlpHttpSpanExporter", SpanExporter.class, InMemorySpanExporter::create)
			.run((context) -> {
				assertThat(output).contains(WARNING + " telemetry as it configures it, from this rank as from every "
						+ "rank of the job: span exporter 'otlpHttpSpanExporter'. Set nemo.lens.enabled=true "
						+ "(NEMO_LENS_ENABLED=true) for the export strategy to pick the ranks that export.");
				assertThat(output.toString().split(Pattern.quote(WARNING), -1)).hasSize(2);
			});
	}

	@Test
	void lensOffWithNothingThatExportsSaysNothing(CapturedOutput output) {
		this.runner.run((context) -> assertThat(output).doesNotContain(WARNING));
	}

	@Test
	void lensOnSaysNothingWhateverExports(CapturedOutput output) {
		this.runner.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.exporter=none")
			.withBean("otlpHttpSpanExporter", SpanExporter.class, InMemorySpanExporter::create)
			.run((context) -> assertThat(output).doesNotContain(WARNING));
	}

}

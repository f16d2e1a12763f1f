package nemo.lens.autoconfigure.failure;

import nemo.lens.autoconfigure.LensTestConfigurations;
import org.junit.jupiter.api.Test;

import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

class StartupFailureTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(LensTestConfigurations.core())
		.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.exporter=none");

	private static BindException bindFailure(Throwable failure) {
		assertThat(failure).as("start-up failure").isNotNull();
		Throwable cause = failure;
		while (cause != null && !(cause instanceof BindException)) {
			cause = cause.getCause();
		}
		assertThat(cause).as("a BindException in the causes of %s", failure).isInstanceOf(BindException.class);
		return (BindException) cause;
	}

	@Test
	void unknownStrategyListsTheRegisteredNames() {
		this.runner.withPropertyValues("nemo.lens.export-strategy=bogus")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.isInstanceOf(LensStartupException.class)
				.hasMessage("nemo.lens.export-strategy 'bogus' is not a registered strategy."));
	}

	@Test
	void unknownStrategyActionListsTheRegisteredNames() {
		this.runner.withPropertyValues("nemo.lens.export-strategy=bogus").run((context) -> {
			FailureAnalysis analysis = new LensStartupFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription()).contains("'bogus'");
			assertThat(analysis.getAction()).contains("[all_ranks, first_rank_per_node, sampled, single_rank]")
				.contains("NEMO_LENS_EXPORT_STRATEGY");
		});
	}

	@Test
	void unknownSignalStrategyFailsNamingTheSignalsPropertyAndVariable() {
		this.runner.withPropertyValues("nemo.lens.enabled=false", "nemo.lens.metrics.export-strategy=per_node")
			.run((context) -> {
				assertThat(context).hasFailed()
					.getFailure()
					.rootCause()
					.hasMessage("nemo.lens.metrics.export-strategy 'per_node' is not a registered strategy.");
				FailureAnalysis analysis = new LensStartupFailureAnalyzer().analyze(context.getStartupFailure());
				assertThat(analysis.getAction()).contains("NEMO_LENS_METRICS_EXPORT_STRATEGY")
					.contains("first_rank_per_node");
			});
	}

	@Test
	void unknownStrategyFailsEvenWhenDisabled() {
		this.runner.withPropertyValues("nemo.lens.enabled=false", "nemo.lens.export-strategy=bogus")
			.run((context) -> assertThat(context).hasFailed());
	}

	@Test
	void sampleRateAboveOneFailsAtBindTimeNamingThePropertyAndValue() {
		this.runner.withPropertyValues("nemo.lens.export-sample-rate=1.5")
			.run((context) -> {
				assertThat(bindFailure(context.getStartupFailure()).getProperty().getName().toString())
					.isEqualTo("nemo.lens.export-sample-rate");
				assertThat(bindFailure(context.getStartupFailure()).getProperty().getValue().toString()).isEqualTo("1.5");
				assertThat(context.getStartupFailure()).rootCause()
					.hasMessage("nemo.lens.export-sample-rate must be within [0.0, 1.0], got 1.5.");
			});
	}

	@Test
	void nonNumericSampleRateFailsAtBindTime() {
		this.runner.withPropertyValues("nemo.lens.export-sample-rate=half")
			.run((context) -> assertThat(bindFailure(context.getStartupFailure()).getProperty().getName().toString())
				.isEqualTo("nemo.lens.export-sample-rate"));
	}

	@Test
	void unknownExporterFailsAtBindTimeListingTheAllowedNames() {
		this.runner.withPropertyValues("nemo.lens.exporter=zipkin")
			.run((context) -> {
				assertThat(bindFailure(context.getStartupFailure()).getProperty().getName().toString())
					.isEqualTo("nemo.lens.exporter");
				assertThat(context.getStartupFailure()).rootCause()
					.hasMessage("Invalid nemo.lens.exporter 'zipkin': Unknown exporter 'zipkin'. Supported exporters: otlp, "
							+ "console, none.");
			});
	}

	@Test
	void negativeShutdownTimeoutFailsAtBindTime() {
		this.runner.withPropertyValues("nemo.lens.shutdown-timeout=-1s")
			.run((context) -> assertThat(bindFailure(context.getStartupFailure()).getProperty().getName().toString())
				.isEqualTo("nemo.lens.shutdown-timeout"));
	}

	@Test
	void partialLauncherVariablesFailNamingThem() {
		this.runner.withPropertyValues("TORCHELASTIC_RUN_ID=x", "RANK=9", "WORLD_SIZE=4", "LOCAL_RANK=0",
				"LOCAL_WORLD_SIZE=4", "GROUP_RANK=0")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.isInstanceOf(IllegalArgumentException.class)
				.hasMessageContaining("RANK")
				.hasMessageContaining("9"));
	}

	@Test
	void launcherFailureIsReportedWithAnAction() {
		this.runner.withPropertyValues("nemo.lens.rank=9", "nemo.lens.world-size=4").run((context) -> {
			FailureAnalysis analysis = new LensStartupFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription()).startsWith("NeMo Lens could not tell this process's rank: ")
				.contains("9");
			assertThat(analysis.getAction()).contains("nemo.lens.rank");
		});
	}

	@Test
	void badLocalRankForFirstRankPerNodeFailsNamingIt() {
		this.runner.withPropertyValues("nemo.lens.export-strategy=first_rank_per_node", "LOCAL_RANK=zero")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("LOCAL_RANK")
				.hasMessageContaining("zero"));
	}

}

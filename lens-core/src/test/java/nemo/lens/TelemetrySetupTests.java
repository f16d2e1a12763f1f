package nemo.lens;

import java.util.HashMap;
import java.util.Map;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.opentelemetry.sdk.trace.data.SpanData;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class TelemetrySetupTests {

	private final Map<String, String> env = new HashMap<>();

	private final ExportStrategyRegistry registry = new ExportStrategyRegistry(this.env::get);

	private final TelemetrySetup setup = new TelemetrySetup(this.registry, this.env::get);

	private final RecordingSpanExporter spans = new RecordingSpanExporter();

	private static NemoLensConfig enabled(String strategy) {
		return NemoLensConfig.builder().enabled(true).exportStrategy(strategy).exporter("none").build();
	}

	private TelemetryHandle setup(NemoLensConfig config, int rank, int worldSize) {
		return this.setup.setup(config, rank, worldSize, TelemetryOptions.builder().spanExporter(this.spans).build());
	}

	private SpanData exportOneSpan(TelemetryHandle handle) {
		handle.tracer().spanBuilder("step").startSpan().end();
		handle.shutdown();
		assertThat(this.spans.spans()).hasSize(1);
		return this.spans.spans().get(0);
	}

	@Test
	void exportingRankExportsItsSpans() {
		TelemetryHandle handle = setup(enabled("single_rank"), 3, 4);
		assertThat(handle.isExporting()).isTrue();
		assertThat(handle.sdk()).isPresent();
		assertThat(exportOneSpan(handle).getName()).isEqualTo("step");
	}

	@Test
	void nonExportingRankCreatesNoRecordingSpansAndNeverTouchesTheExporter() {
		TelemetryHandle handle = setup(enabled("single_rank"), 0, 4);
		Span span = handle.tracer().spanBuilder("step").startSpan();
		span.end();
		handle.shutdown();
		assertThat(handle.isExporting()).isFalse();
		assertThat(handle.sdk()).isEmpty();
		assertThat(span.isRecording()).isFalse();
		assertThat(this.spans.spans()).isEmpty();
		assertThat(this.spans.isShutDown()).isFalse();
	}

	@Test
	void disabledRankDoesNotExportEvenWhenTheStrategySaysYes() {
		NemoLensConfig config = enabled("all_ranks").toBuilder().enabled(false).build();
		TelemetryHandle handle = setup(config, 0, 1);
		handle.tracer().spanBuilder("step").startSpan().end();
		assertThat(handle.isExporting()).isFalse();
		assertThat(this.spans.spans()).isEmpty();
	}

	@Test
	void nonExportingRankStillPropagatesW3cTraceContext() {
		TelemetryHandle handle = setup(enabled("single_rank"), 0, 4);
		assertThat(handle.openTelemetry().getPropagators().getTextMapPropagator().fields()).contains("traceparent",
				"baggage");
	}

	@Test
	void handleReportsTheDecisionInputs() {
		TelemetryHandle handle = setup(enabled("sampled"), 5, 16);
		assertThat(handle.rank()).isEqualTo(5);
		assertThat(handle.worldSize()).isEqualTo(16);
		assertThat(handle.exportStrategy()).isEqualTo("sampled");
		handle.shutdown();
	}

	@Test
	void exportingRankCarriesTheRankResource() {
		this.env.put("DEPLOYMENT_ENV", "staging");
		NemoLensConfig config = enabled("all_ranks").toBuilder()
			.serviceName("trainer")
			.runId("run-42")
			.user("alice")
			.build();
		TelemetryHandle handle = this.setup.setup(config, 2, 8,
				TelemetryOptions.builder().spanExporter(this.spans).localRank(1).build());
		Resource resource = exportOneSpan(handle).getResource();
		assertThat(resource.getAttribute(AttributeKey.stringKey("service.name"))).isEqualTo("trainer");
		assertThat(resource.getAttribute(AttributeKey.stringKey("service.version"))).isEqualTo("0.1.0-SNAPSHOT");
		assertThat(resource.getAttribute(AttributeKey.longKey("dl.rank"))).isEqualTo(2L);
		assertThat(resource.getAttribute(AttributeKey.longKey("dl.world_size"))).isEqualTo(8L);
		assertThat(resource.getAttribute(AttributeKey.longKey("dl.local_rank"))).isEqualTo(1L);
		assertThat(resource.getAttribute(AttributeKey.stringKey("nemo.run.id"))).isEqualTo("run-42");
		assertThat(resource.getAttribute(AttributeKey.stringKey("service.instance.id"))).isEqualTo("run-42-rank2");
		assertThat(resource.getAttribute(AttributeKey.stringKey("nemo.user.id"))).isEqualTo("alice");
		assertThat(resource.getAttribute(AttributeKey.stringKey("deployment.environment"))).isEqualTo("staging");
	}

	@Test
	void localRankAndUserAreLeftOutWhenUnknown() {
		Resource resource = exportOneSpan(setup(enabled("all_ranks"), 0, 1)).getResource();
		assertThat(resource.getAttribute(AttributeKey.longKey("dl.local_rank"))).isNull();
		assertThat(resource.getAttribute(AttributeKey.stringKey("nemo.user.id"))).isNull();
	}

	@Test
	void deploymentEnvironmentFallsBackToEnvironment() {
		this.env.put("ENVIRONMENT", "prod");
		Resource resource = exportOneSpan(setup(enabled("all_ranks"), 0, 1)).getResource();
		assertThat(resource.getAttribute(AttributeKey.stringKey("deployment.environment"))).isEqualTo("prod");
	}

	@Test
	void slurmFactsAreRecorded() {
		this.env.put("SLURM_JOB_ID", "777");
		this.env.put("SLURM_JOB_NUM_NODES", "4");
		Resource resource = exportOneSpan(setup(enabled("all_ranks"), 0, 1)).getResource();
		assertThat(resource.getAttribute(AttributeKey.stringKey("slurm.job.id"))).isEqualTo("777");
		assertThat(resource.getAttribute(AttributeKey.stringKey("slurm.nnodes"))).isEqualTo("4");
	}

	@Test
	void callerResourceAttributesWinOverLens() {
		TelemetryHandle handle = this.setup.setup(enabled("all_ranks"), 0, 1, TelemetryOptions.builder()
			.spanExporter(this.spans)
			.resourceAttributes(Map.of("service.name", "override", "team", "ml"))
			.build());
		Resource resource = exportOneSpan(handle).getResource();
		assertThat(resource.getAttribute(AttributeKey.stringKey("service.name"))).isEqualTo("override");
		assertThat(resource.getAttribute(AttributeKey.stringKey("team"))).isEqualTo("ml");
	}

	@Test
	void otelResourceAttributesSitUnderneathLens() {
		TelemetryHandle handle = this.setup.setup(enabled("all_ranks"), 0, 1, TelemetryOptions.builder()
			.spanExporter(this.spans)
			.otelProperties(Map.of("otel.resource.attributes", "cluster=eos,service.name=from-otel"))
			.build());
		Resource resource = exportOneSpan(handle).getResource();
		assertThat(resource.getAttribute(AttributeKey.stringKey("cluster"))).isEqualTo("eos");
		assertThat(resource.getAttribute(AttributeKey.stringKey("service.name"))).isEqualTo("nemo");
	}

	@Test
	void runIdComesFromTheJobOfTheLauncherThatGaveTheRank() {
		this.env.putAll(Map.of("TORCHELASTIC_RUN_ID", "rdzv-7", "RANK", "1", "WORLD_SIZE", "2", "LOCAL_RANK", "1"));
		TelemetryHandle handle = setup(enabled("single_rank"), 1, 2);
		assertThat(handle.runId()).isEqualTo("rdzv-7");
		assertThat(handle.runIdSource()).isEqualTo("TORCHELASTIC_RUN_ID");
		assertThat(handle.serviceInstanceId()).isEqualTo("rdzv-7-rank1");
	}

	@Test
	void slurmJobIdWithoutASlurmStepIsNoRunId() {
		// The sbatch script and whatever it forks share SLURM_JOB_ID: not one job's identity.
		this.env.put("SLURM_JOB_ID", "123456");
		TelemetryHandle handle = setup(enabled("single_rank"), 0, 2);
		assertThat(handle.runId()).matches("[0-9a-f]{12}");
		assertThat(handle.runIdSource()).isEqualTo("random");
	}

	@Test
	void runIdIsTwelveHexCharactersWithoutALauncher() {
		TelemetryHandle handle = setup(enabled("single_rank"), 0, 2);
		assertThat(handle.runId()).matches("[0-9a-f]{12}");
		assertThat(handle.runIdSource()).isEqualTo("random");
	}

	@Test
	void givenRunIdIsKept() {
		this.env.put("TORCHELASTIC_RUN_ID", "rdzv-7");
		TelemetryHandle handle = setup(enabled("single_rank").toBuilder().runId("mine").build(), 0, 2);
		assertThat(handle.runId()).isEqualTo("mine");
		assertThat(handle.runIdSource()).isEqualTo("nemo.lens.run-id");
	}

	@Test
	void callersConfigIsLeftUntouched() {
		NemoLensConfig config = enabled("single_rank");
		TelemetryHandle handle = setup(config, 0, 2);
		assertThat(config.runId()).isEmpty();
		assertThat(handle.config().runId()).isNotEmpty();
		assertThat(handle.config().toBuilder().runId("").build()).isEqualTo(config);
	}

	@Test
	void perCallStrategyBypassesTheRegistry() {
		TelemetryHandle handle = this.setup.setup(enabled("no_such_strategy"), 7, 8, TelemetryOptions.builder()
			.spanExporter(this.spans)
			.exportStrategy((config, rank, worldSize) -> rank == 7)
			.build());
		assertThat(handle.isExporting()).isTrue();
		assertThat(handle.exportStrategy()).isEqualTo(TelemetrySetup.PER_CALL_STRATEGY);
		assertThat(this.registry.registeredStrategies()).doesNotContain(TelemetrySetup.PER_CALL_STRATEGY);
		handle.shutdown();
	}

	@Test
	void registeredCustomStrategyDecides() {
		this.registry.register("first_two_ranks", (config, rank, worldSize) -> rank < 2);
		assertThat(setup(enabled("first_two_ranks"), 1, 8).isExporting()).isTrue();
		assertThat(setup(enabled("first_two_ranks"), 2, 8).isExporting()).isFalse();
	}

	@Test
	void unknownStrategyFailsEvenWhenDisabled() {
		NemoLensConfig config = NemoLensConfig.builder().exportStrategy("bogus").build();
		assertThatIllegalArgumentException().isThrownBy(() -> setup(config, 0, 1))
			.withMessageStartingWith("Unknown export_strategy 'bogus'. Registered strategies: ['all_ranks'");
	}

	@Test
	void exportRankAtTheWorldSizeFailsNamingTheVariableAndTheLaunchersWorldSize() {
		this.env.putAll(Map.of("RANK", "1", "WORLD_SIZE", "4", "LOCAL_RANK", "1"));
		NemoLensConfig config = enabled("single_rank").toBuilder().exportRank(4).build();
		assertThatIllegalArgumentException().isThrownBy(() -> setup(config, 1, 4))
			.withMessage("exportRank (NEMO_LENS_EXPORT_RANK) 4 is no rank of this job: the world size is 4 "
					+ "from WORLD_SIZE (torch). Set a rank from 0 to 3, or -1 for the last rank.");
	}

	@Test
	void exportRankBelowMinusOneFailsEvenWhenDisabledNamingTheCallsWorldSize() {
		NemoLensConfig config = NemoLensConfig.builder().exportRank(-2).build();
		assertThatIllegalArgumentException().isThrownBy(() -> setup(config, 0, 2))
			.withMessage("exportRank (NEMO_LENS_EXPORT_RANK) -2 is no rank of this job: the world size is 2 "
					+ "given to setupTelemetry. Set a rank from 0 to 1, or -1 for the last rank.");
	}

	@Test
	void exportRankOfTheLastRankOrMinusOneIsARankOfTheJob() {
		assertThat(setup(enabled("single_rank").toBuilder().exportRank(3).build(), 3, 4).isExporting()).isTrue();
		assertThat(setup(enabled("single_rank").toBuilder().exportRank(-1).build(), 2, 4).isExporting()).isFalse();
	}

	@Test
	void unknownStrategyFromTheVariableNamesItAndSuggestsTheRegisteredNameItWasNotMatchedTo() {
		this.env.put("NEMO_LENS_EXPORT_STRATEGY", "first-rank-per-node");
		NemoLensConfig config = NemoLensConfig.fromEnv(this.env, "NEMO_LENS", null);
		assertThatIllegalArgumentException().isThrownBy(() -> setup(config, 0, 1))
			.withMessage("Unknown export_strategy 'first-rank-per-node'. Registered strategies: ['all_ranks', "
					+ "'first_rank_per_node', 'sampled', 'single_rank']. It comes from NEMO_LENS_EXPORT_STRATEGY; "
					+ "did you mean first_rank_per_node?");
	}

	@Test
	void unknownStrategyFromTheBuilderNamesTheBuilderMethod() {
		NemoLensConfig config = NemoLensConfig.builder().exportStrategy("bogus").build();
		assertThatIllegalArgumentException().isThrownBy(() -> setup(config, 0, 1))
			.withMessageEndingWith("It comes from NemoLensConfig.Builder.exportStrategy(...).");
	}

	@Test
	void unknownStrategyOfASignalNamesItsBuilderMethodAndSuggests() {
		NemoLensConfig config = NemoLensConfig.builder().tracesExportStrategy("Sampled").build();
		assertThatIllegalArgumentException().isThrownBy(() -> setup(config, 0, 1))
			.withMessageStartingWith("Unknown export_strategy 'Sampled'. Registered strategies: ['all_ranks'")
			.withMessageEndingWith("It comes from NemoLensConfig.Builder.tracesExportStrategy(...); did you mean sampled?");
	}

	@Test
	void badLocalRankFailsEvenWhenDisabled() {
		this.env.put("LOCAL_RANK", "x");
		NemoLensConfig config = NemoLensConfig.builder().exportStrategy("first_rank_per_node").build();
		assertThatIllegalArgumentException().isThrownBy(() -> setup(config, 0, 1)).withMessageContaining("LOCAL_RANK");
	}

	@Test
	void unknownExporterFailsOnANonExportingRankToo() {
		NemoLensConfig config = enabled("single_rank").toBuilder().exporter("zipkin").build();
		assertThatIllegalArgumentException().isThrownBy(() -> setup(config, 0, 4))
			.withMessage("Unknown exporter 'zipkin'. Supported exporters: otlp, console, none.");
	}

	@Test
	void metricReaderOverrideReceivesMetricsOnAnExportingRank() {
		InMemoryMetricReader reader = InMemoryMetricReader.create();
		TelemetryHandle handle = this.setup.setup(enabled("all_ranks"), 0, 1,
				TelemetryOptions.builder().metricReader(reader).build());
		handle.meter().counterBuilder("steps").build().add(3);
		assertThat(reader.collectAllMetrics()).extracting(MetricData::getName).contains("steps");
		handle.shutdown();
	}

	@Test
	void tracesDisabledExportsNoSpansButMetricsStillFlow() {
		InMemoryMetricReader reader = InMemoryMetricReader.create();
		NemoLensConfig config = enabled("all_ranks").toBuilder().tracesEnabled(false).build();
		TelemetryHandle handle = this.setup.setup(config, 0, 1,
				TelemetryOptions.builder().spanExporter(this.spans).metricReader(reader).build());
		handle.tracer().spanBuilder("step").startSpan().end();
		handle.meter().counterBuilder("steps").build().add(1);
		assertThat(reader.collectAllMetrics()).isNotEmpty();
		handle.shutdown();
		assertThat(this.spans.spans()).isEmpty();
	}

	@Test
	void metricsDisabledIgnoresTheReader() {
		InMemoryMetricReader reader = InMemoryMetricReader.create();
		NemoLensConfig config = enabled("all_ranks").toBuilder().metricsEnabled(false).build();
		TelemetryHandle handle = this.setup.setup(config, 0, 1, TelemetryOptions.builder().metricReader(reader).build());
		handle.meter().counterBuilder("steps").build().add(1);
		assertThat(reader.collectAllMetrics()).isEmpty();
		handle.shutdown();
	}

}

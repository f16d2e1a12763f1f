package nemo.lens.actuate;

import java.util.Map;
import java.util.ArrayList;
import java.util.List;

import nemo.lens.autoconfigure.LensTestConfigurations;
import nemo.lens.ExportStrategy;
import nemo.lens.NemoLens;
import nemo.lens.autoconfigure.BootLine;
import nemo.lens.autoconfigure.endpoint.LensEndpointAutoConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.actuate.autoconfigure.endpoint.EndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.endpoint.jackson.JacksonEndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.info.InfoContributorAutoConfiguration;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.json.JsonParserFactory;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.tuple;

@ExtendWith(OutputCaptureExtension.class)
class LensEndpointTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(LensTestConfigurations.core(LensEndpointAutoConfiguration.class,
				EndpointAutoConfiguration.class, InfoContributorAutoConfiguration.class))
		.withPropertyValues("management.endpoints.web.exposure.include=lens", "nemo.lens.enabled=true",
				"nemo.lens.exporter=none");

	private final ApplicationContextRunner torchrunRank1Of4 = this.runner.withPropertyValues(
			"TORCHELASTIC_RUN_ID=job", "RANK=1", "WORLD_SIZE=4", "LOCAL_RANK=1", "LOCAL_WORLD_SIZE=2",
			"GROUP_RANK=0", "nemo.lens.run-id=run-9");

	@Test
	void describesTheDecisionAndWhereTheRankCameFrom() {
		this.torchrunRank1Of4.run((context) -> {
			LensDescriptor lens = context.getBean(LensEndpoint.class).lens();
			assertThat(lens.enabled()).isTrue();
			assertThat(lens.exporting()).isFalse();
			assertThat(lens.exportStrategy()).isEqualTo("single_rank");
			assertThat(lens.rank()).isEqualTo(1);
			assertThat(lens.worldSize()).isEqualTo(4);
			assertThat(lens.localRank()).isEqualTo(1);
			assertThat(lens.launcher()).isEqualTo("torchrun");
			assertThat(lens.sources()).containsEntry("rank", "RANK").containsEntry("localRank", "LOCAL_RANK");
			assertThat(lens.runId()).isEqualTo("run-9");
			assertThat(lens.runIdSource()).isEqualTo("nemo.lens.run-id");
			assertThat(lens.serviceInstanceId()).isEqualTo("run-9-rank1");
		});
	}

	@Test
	void saysWhomTheStrategyPicksInThisJobAndPerSignal() {
		this.torchrunRank1Of4.withPropertyValues("nemo.lens.metrics.export-strategy=first_rank_per_node")
			.run((context) -> {
				LensDescriptor lens = context.getBean(LensEndpoint.class).lens();
				assertThat(lens.strategyPicks()).isEqualTo("single_rank: rank 3");
				assertThat(lens.signals().get("traces").strategyPicks()).isEqualTo("single_rank: rank 3");
				assertThat(lens.signals().get("metrics").strategyPicks())
					.isEqualTo("first_rank_per_node: local rank 0 of each node");
			});
	}

	@Test
	void aStrategyBeanOfTheApplicationsOwnIsNotDescribedButKeepsItsKey() {
		this.runner.withConfiguration(AutoConfigurations.of(JacksonEndpointAutoConfiguration.class))
			.withBean("first_two_ranks", ExportStrategy.class, () -> (c, r, w) -> r < 2)
			.withPropertyValues("nemo.lens.export-strategy=first_two_ranks")
			.run((context) -> {
				Map<String, Object> json = JsonParserFactory.getJsonParser()
					.parseMap(BootLine.current().endpointJson(context, context.getBean(LensEndpoint.class).lens()));
				assertThat(json).containsEntry("strategyPicks", null);
			});
	}

	@Test
	void anUnknownStrategysDetailSuggestsTheNearestRegisteredName() {
		this.torchrunRank1Of4.run((context) -> {
			WebEndpointResponse<?> response = new LensEndpointWebExtension(context.getBean(LensEndpoint.class))
				.strategy("first-rank-per-node");
			assertThat(response.getStatus()).isEqualTo(404);
			assertThat(((LensEndpointWebExtension.Refusal) response.getBody()).error())
				.isEqualTo("No strategy named 'first-rank-per-node' is registered on this rank (did you mean "
						+ "first_rank_per_node?); the registered strategies are [all_ranks, first_rank_per_node, "
						+ "sampled, single_rank].");
		});
	}

	@Test
	void withLensOffTheSummarySaysEveryDoorRunsAsConfigured() {
		this.torchrunRank1Of4.withPropertyValues("nemo.lens.enabled=false")
			.run((context) -> assertThat(context.getBean(LensEndpoint.class).lens().summary())
				.isEqualTo("Lens off (nemo.lens.enabled=false): no strategy decides, every telemetry door runs as "
						+ "the application configures it, on every rank"));
	}

	@Test
	void withLensOnTheSummaryNamesTheSignalsThisRankExportsAndThoseItDoesNot() {
		this.torchrunRank1Of4.withPropertyValues("nemo.lens.metrics.export-strategy=all_ranks")
			.run((context) -> assertThat(context.getBean(LensEndpoint.class).lens().summary())
				.isEqualTo("Lens on: this rank exports metrics, not traces"));
		this.torchrunRank1Of4
			.run((context) -> assertThat(context.getBean(LensEndpoint.class).lens().summary())
				.isEqualTo("Lens on: this rank exports nothing"));
	}

	@Test
	void runIdWithoutASettingIsTheJobOfTheLauncherThatGaveTheRank() {
		this.runner.withPropertyValues("TORCHELASTIC_RUN_ID=rdzv-3", "RANK=1", "WORLD_SIZE=4", "LOCAL_RANK=1")
			.run((context) -> {
				LensDescriptor lens = context.getBean(LensEndpoint.class).lens();
				assertThat(lens.runId()).isEqualTo("rdzv-3");
				assertThat(lens.runIdSource()).isEqualTo("TORCHELASTIC_RUN_ID");
				assertThat(lens.serviceInstanceId()).isEqualTo("rdzv-3-rank1");
			});
	}

	@Test
	void runIdOfALauncherWithoutAJobIdIsRandomAndSaysSo() {
		this.runner.withPropertyValues("PMI_RANK=1", "PMI_SIZE=2", "MPI_LOCALRANKID=1", "MPI_LOCALNRANKS=2")
			.run((context) -> {
				LensDescriptor lens = context.getBean(LensEndpoint.class).lens();
				assertThat(lens.launcher()).isEqualTo("hydra");
				assertThat(lens.runId()).matches("[0-9a-f]{12}");
				assertThat(lens.runIdSource()).isEqualTo("random");
			});
	}

	@Test
	void listsEveryStrategySortedWithBuiltInFlags() {
		this.torchrunRank1Of4.withBean("first_two_ranks", ExportStrategy.class, () -> (c, r, w) -> r < 2)
			.run((context) -> assertThat(context.getBean(LensEndpoint.class).lens().strategies())
				.extracting(LensDescriptor.StrategySummary::name, LensDescriptor.StrategySummary::builtin)
				.containsExactly(tuple("all_ranks", true),
						tuple("first_rank_per_node", true),
						tuple("first_two_ranks", false),
						tuple("sampled", true),
						tuple("single_rank", true)));
	}

	@Test
	void unknownLocalRankIsShownAsNull() {
		this.runner.withPropertyValues("nemo.lens.rank=0", "nemo.lens.world-size=2")
			.run((context) -> assertThat(context.getBean(LensEndpoint.class).lens().localRank()).isNull());
	}

	/**
	 * With Lens off no strategy decides and every door sends what the application configures: the
	 * endpoint does not say "not exporting" of a rank whose doors export.
	 */
	@Test
	void withLensOffExportingIsUnknownRatherThanFalse() {
		this.runner.withPropertyValues("nemo.lens.enabled=false", "nemo.lens.rank=0", "nemo.lens.world-size=2")
			.run((context) -> {
				LensDescriptor lens = context.getBean(LensEndpoint.class).lens();
				assertThat(lens.enabled()).isFalse();
				assertThat(lens.exporting()).isNull();
				assertThat(lens.signals().values()).allSatisfy((signal) -> assertThat(signal.exporting()).isNull());
				assertThat(lens.summary()).startsWith("Lens off");
			});
	}

	@Test
	void jsonKeepsEveryContractKeyWithNullWhereUnknown() {
		this.runner.withConfiguration(AutoConfigurations.of(JacksonEndpointAutoConfiguration.class))
			.withPropertyValues("nemo.lens.rank=0", "nemo.lens.world-size=2")
			.run((context) -> {
				Map<String, Object> json = JsonParserFactory.getJsonParser()
					.parseMap(BootLine.current().endpointJson(context, context.getBean(LensEndpoint.class).lens()));
				assertThat(json).containsEntry("localRank", null);
				assertThat(json).containsKeys("enabled", "exporting", "exportStrategy", "rank", "worldSize", "localRank",
						"launcher", "strategies");
			});
	}

	@Test
	void strategyDetailSaysWhetherThisRankWouldExportUnderIt() {
		this.torchrunRank1Of4.run((context) -> {
			LensEndpoint endpoint = context.getBean(LensEndpoint.class);
			assertThat(endpoint.strategy("all_ranks").wouldExport()).isTrue();
			assertThat(endpoint.strategy("single_rank").wouldExport()).isFalse();
			assertThat(endpoint.strategy("first_rank_per_node").selectsThisRank()).isFalse();
			assertThat(endpoint.strategy("all_ranks").origin().kind()).isEqualTo(StrategyOrigin.BUILT_IN);
		});
	}

	@Test
	void strategyDetailNamesTheBeanAndItsClass() {
		this.torchrunRank1Of4.withBean("first_two_ranks", FirstTwoRanks.class, FirstTwoRanks::new)
			.run((context) -> {
				LensEndpoint.StrategyDescriptor detail = context.getBean(LensEndpoint.class).strategy("first_two_ranks");
				assertThat(detail.builtin()).isFalse();
				assertThat(detail.origin()).isEqualTo(
						new StrategyOrigin(StrategyOrigin.BEAN, "first_two_ranks", FirstTwoRanks.class.getName()));
				assertThat(detail.wouldExport()).isTrue();
			});
	}

	@Test
	void strategyDetailTellsAProcessWideRegistration() {
		NemoLens.registerExportStrategy("endpoint_tests_process_wide", (c, r, w) -> true);
		try {
			this.torchrunRank1Of4.run((context) -> assertThat(
					context.getBean(LensEndpoint.class).strategy("endpoint_tests_process_wide").origin().kind())
				.isEqualTo(StrategyOrigin.PROCESS_WIDE));
		}
		finally {
			NemoLens.unregisterExportStrategy("endpoint_tests_process_wide");
		}
	}

	@Test
	void strategyThatThrowsReportsTheClassOfItsErrorOnlyAndTheEndpointKeepsWorking() {
		this.torchrunRank1Of4.withBean("broken", ExportStrategy.class, () -> (c, r, w) -> {
			throw new IllegalStateException("inventory service down");
		}).run((context) -> {
			LensEndpoint endpoint = context.getBean(LensEndpoint.class);
			LensEndpoint.StrategyDescriptor detail = endpoint.strategy("broken");
			assertThat(detail.error()).isEqualTo("java.lang.IllegalStateException");
			assertThat(detail.wouldExport()).isNull();
			assertThat(endpoint.lens().strategies()).hasSize(5);
		});
	}

	@Test
	void unknownStrategyDetailIsNotFound() {
		this.torchrunRank1Of4.run((context) -> assertThat(context.getBean(LensEndpoint.class).strategy("bogus")).isNull());
	}

	@Test
	void endpointIsAbsentWhenNotExposed() {
		this.runner.withPropertyValues("management.endpoints.web.exposure.include=health", "nemo.lens.rank=0",
				"nemo.lens.world-size=1")
			.run((context) -> assertThat(context).doesNotHaveBean(LensEndpoint.class));
	}

	@Test
	void infoCarriesTheSameSummary() {
		this.torchrunRank1Of4.run((context) -> {
			Info.Builder builder = new Info.Builder();
			context.getBeansOfType(InfoContributor.class).values().forEach((contributor) -> contributor.contribute(builder));
			assertThat(builder.build().getDetails().get("lens")).isEqualTo(context.getBean(LensEndpoint.class).lens());
		});
	}

	@Test
	void oneWriteOperationChangesSpanGroupsOrOverridesAndIsReadOnlyByDefault() {
		List<String> writes = new ArrayList<>();
		for (var method : LensEndpoint.class.getDeclaredMethods()) {
			if (method.getAnnotation(org.springframework.boot.actuate.endpoint.annotation.WriteOperation.class) != null) {
				writes.add(method.getName());
			}
			assertThat(method.getAnnotation(org.springframework.boot.actuate.endpoint.annotation.DeleteOperation.class))
				.isNull();
		}
		assertThat(writes).containsExactly("write");
		assertThat(LensEndpoint.class.getAnnotation(org.springframework.boot.actuate.endpoint.annotation.Endpoint.class)
			.defaultAccess()).isEqualTo(org.springframework.boot.actuate.endpoint.Access.READ_ONLY);
	}

	@Test
	void aSpecAboveTheLimitIsRefusedWithoutEchoAndChangesNothing() {
		this.torchrunRank1Of4.run((context) -> {
			LensEndpoint endpoint = context.getBean(LensEndpoint.class);
			String huge = "step,".repeat(LensEndpoint.MAX_SPEC_LENGTH);
			assertThatExceptionOfType(InvalidEndpointRequestException.class).isThrownBy(() -> endpoint.spanGroups(huge))
				.withMessage("spanGroups is " + huge.length() + " characters long; at most 1024 are accepted.");
			assertThat(endpoint.lens().spanGroups()).containsExactly("checkpoint", "evaluate", "job");
		});
	}

	@Test
	void eachChangeIsLoggedWithTheOldAndNewGroups(CapturedOutput output) {
		this.torchrunRank1Of4.run((context) -> context.getBean(LensEndpoint.class).spanGroups("default,step"));
		assertThat(output).contains("NeMo Lens: span groups changed through the lens endpoint from 'default' "
				+ "[checkpoint, evaluate, job] to 'default,step' [checkpoint, evaluate, job, step]");
	}

	@Test
	void spanGroupsWriteChangesThisRanksGroups() {
		this.torchrunRank1Of4.run((context) -> {
			LensEndpoint endpoint = context.getBean(LensEndpoint.class);
			assertThat(endpoint.lens().spanGroups()).containsExactly("checkpoint", "evaluate", "job");
			LensEndpoint.SpanGroupsDescriptor changed = endpoint.spanGroups(" step ");
			assertThat(changed.spec()).isEqualTo("step");
			assertThat(changed.enabled()).containsExactly("step");
			assertThat(context.getBean(nemo.lens.TelemetryHandle.class).spanGroups().isEnabled("step")).isTrue();
			assertThat(endpoint.lens().spanGroups()).containsExactly("step");
		});
	}

	@Test
	void spanGroupsWriteRefusesAnUnknownGroupAndKeepsTheGroups() {
		this.torchrunRank1Of4.run((context) -> {
			LensEndpoint endpoint = context.getBean(LensEndpoint.class);
			assertThatExceptionOfType(InvalidEndpointRequestException.class).isThrownBy(() -> endpoint.spanGroups("bogus"))
				.withMessageContaining("Unknown span group or preset: 'bogus'");
			assertThat(endpoint.lens().spanGroups()).containsExactly("checkpoint", "evaluate", "job");
		});
	}

	static final class FirstTwoRanks implements ExportStrategy {

		@Override
		public boolean shouldExport(nemo.lens.NemoLensConfig config, int rank, int worldSize) {
			return rank < 2;
		}

	}

}

package nemo.lens.actuate;

import java.util.Map;

import nemo.lens.autoconfigure.LensTestConfigurations;
import nemo.lens.autoconfigure.BootLine;
import nemo.lens.autoconfigure.endpoint.LensEndpointAutoConfiguration;
import nemo.lens.autoconfigure.door.LensDoorsAutoConfiguration;
import nemo.lens.autoconfigure.micrometer.MicrometerDoorsAutoConfiguration;
import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.autoconfigure.endpoint.EndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.info.InfoContributorAutoConfiguration;
import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The endpoint lists every telemetry door found in the application, sorted by name, with what
 * the rank's decision made of it, so that an operator sees why a rank is quiet.
 */
class LensEndpointDoorsTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(LensTestConfigurations.core(LensDoorsAutoConfiguration.class,
				MicrometerDoorsAutoConfiguration.class, LensEndpointAutoConfiguration.class,
				EndpointAutoConfiguration.class, InfoContributorAutoConfiguration.class))
		.withConfiguration(AutoConfigurations.of(BootLine.current().metrics("Otlp", "Prometheus")))
		.withPropertyValues("management.endpoints.web.exposure.include=lens", "nemo.lens.enabled=true",
				"nemo.lens.exporter=none", "nemo.lens.world-size=2",
				"management.otlp.metrics.export.url=http://127.0.0.1:9/v1/metrics");

	@Test
	void silentRankListsItsDoorsSortedWithTheirStates() {
		this.runner.withPropertyValues("nemo.lens.rank=0")
			.run((context) -> assertThat(context.getBean(LensEndpoint.class).lens().doors())
				.extracting(LensDescriptor.DoorSummary::name, LensDescriptor.DoorSummary::state)
				.containsExactly(tuple("boot.opentelemetry", "silenced"), tuple("lens.sdk", "silenced"),
						tuple("micrometer.otlp", "silenced"), tuple("micrometer.prometheus", "ungated")));
	}

	@Test
	void exportingRankShowsItsPushDoorsExporting() {
		this.runner.withPropertyValues("nemo.lens.rank=1")
			.run((context) -> assertThat(context.getBean(LensEndpoint.class).lens().doors())
				.extracting(LensDescriptor.DoorSummary::name, LensDescriptor.DoorSummary::state)
				.contains(tuple("lens.sdk", "exporting"), tuple("micrometer.otlp", "exporting")));
	}

	@Test
	void optedOutDoorIsShownUngated() {
		this.runner.withPropertyValues("nemo.lens.rank=0", "nemo.lens.gate.micrometer.otlp=false")
			.run((context) -> assertThat(context.getBean(LensEndpoint.class).lens().doors())
				.contains(new LensDescriptor.DoorSummary("micrometer.otlp", "ungated", Map.of("metrics", "ungated"))));
	}

	@Test
	void infoEntryCarriesTheDoorsToo() {
		this.runner.withPropertyValues("nemo.lens.rank=0").run((context) -> {
			Info.Builder builder = new Info.Builder();
			context.getBeansOfType(InfoContributor.class).values().forEach((contributor) -> contributor.contribute(builder));
			LensDescriptor lens = (LensDescriptor) builder.build().get("lens");
			assertThat(lens.doors())
				.contains(new LensDescriptor.DoorSummary("micrometer.otlp", "silenced", Map.of("metrics", "silenced")));
			assertThat(lens.signals()).containsOnlyKeys("traces", "metrics", "logs");
		});
	}

	@Test
	void aRankThatSendsOnlyMetricsShowsEachDoorsStatePerSignal() {
		this.runner.withPropertyValues("nemo.lens.rank=0", "nemo.lens.metrics.export-strategy=all_ranks")
			.run((context) -> {
				LensDescriptor lens = context.getBean(LensEndpoint.class).lens();
				assertThat(lens.exporting()).isTrue();
				assertThat(lens.signals()).containsEntry("traces",
						new LensDescriptor.SignalSummary(false, "single_rank", false, true, "single_rank: rank 1"))
					.containsEntry("metrics", new LensDescriptor.SignalSummary(true, "all_ranks", true, true, "all_ranks: every rank"))
					.containsEntry("logs", new LensDescriptor.SignalSummary(false, "single_rank", false, false, "single_rank: rank 1"));
				assertThat(lens.doors()).contains(
						new LensDescriptor.DoorSummary("micrometer.otlp", "exporting", Map.of("metrics", "exporting")),
						new LensDescriptor.DoorSummary("lens.sdk", "exporting",
								Map.of("traces", "silenced", "metrics", "exporting", "logs", "silenced")),
						new LensDescriptor.DoorSummary("boot.opentelemetry", "exporting",
								Map.of("traces", "silenced", "metrics", "exporting", "logs", "silenced")));
			});
	}

	@Test
	void aRankThatSendsOnlyTracesShowsItsMetricsRegistrySilenced() {
		this.runner.withPropertyValues("nemo.lens.rank=0", "nemo.lens.traces.export-strategy=all_ranks")
			.run((context) -> assertThat(context.getBean(LensEndpoint.class).lens().doors())
				.contains(new LensDescriptor.DoorSummary("micrometer.otlp", "silenced", Map.of("metrics", "silenced"))));
	}

}

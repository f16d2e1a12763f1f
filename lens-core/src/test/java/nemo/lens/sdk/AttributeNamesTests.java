package nemo.lens.sdk;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.data.LinkData;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.RecordingSpanExporter;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import nemo.lens.spans.SpanGroups;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * {@code nemo.lens.attribute-names} ({@code NEMO_LENS_ATTRIBUTE_NAMES}) stamps the rank's
 * {@code dl.*} attributes under the {@code dl.*} names (the default), the Python side's
 * {@code nv.dl.*} names, or both: on the exported resource, in a dump and on links between ranks;
 * other names never change, and any other value fails setup naming the variable.
 */
class AttributeNamesTests {

	private static final ObjectMapper JSON = new ObjectMapper();

	private final Map<String, String> env = new HashMap<>();

	private final TelemetrySetup setup = new TelemetrySetup(new ExportStrategyRegistry(this.env::get), this.env::get);

	private final RecordingSpanExporter spans = new RecordingSpanExporter();

	@TempDir
	Path directory;

	private TelemetryHandle exportingRank(String attributeNames) {
		NemoLensConfig config = NemoLensConfig.builder()
			.enabled(true)
			.exportStrategy("all_ranks")
			.exporter("none")
			.runId("run-42")
			.attributeNames(attributeNames)
			.build();
		return this.setup.setup(config, 2, 8, TelemetryOptions.builder()
			.spanExporter(this.spans)
			.localRank(1)
			.shutdownHook(false)
			.allowReinit(true)
			.build());
	}

	private Resource exportedResource(String attributeNames) {
		TelemetryHandle handle = exportingRank(attributeNames);
		handle.tracer().spanBuilder("step").startSpan().end();
		handle.shutdown();
		return this.spans.spans().get(0).getResource();
	}

	private static Long number(Resource resource, String name) {
		return resource.getAttribute(AttributeKey.longKey(name));
	}

	@Test
	void byDefaultTheResourceCarriesTheDlNamesOnly() {
		Resource resource = exportedResource(null);
		assertThat(number(resource, "dl.rank")).isEqualTo(2L);
		assertThat(number(resource, "dl.world_size")).isEqualTo(8L);
		assertThat(number(resource, "dl.local_rank")).isEqualTo(1L);
		assertThat(resource.getAttributes().asMap().keySet()).noneMatch((key) -> key.getKey().startsWith("nv."));
	}

	@Test
	void nvPutsTheNvDlNamesInPlaceOfTheDlNames() {
		Resource resource = exportedResource("nv");
		assertThat(number(resource, "nv.dl.rank")).isEqualTo(2L);
		assertThat(number(resource, "nv.dl.world_size")).isEqualTo(8L);
		assertThat(number(resource, "nv.dl.local_rank")).isEqualTo(1L);
		assertThat(resource.getAttributes().asMap().keySet()).noneMatch((key) -> key.getKey().startsWith("dl."));
		assertThat(resource.getAttribute(AttributeKey.stringKey("service.instance.id"))).isEqualTo("run-42-rank2");
		assertThat(resource.getAttribute(AttributeKey.stringKey("nemo.run.id"))).isEqualTo("run-42");
	}

	@Test
	void bothPutsEachAttributeUnderBothNames() {
		Resource resource = exportedResource("both");
		for (String name : new String[] { "dl.rank", "dl.world_size", "dl.local_rank" }) {
			assertThat(number(resource, name)).as(name).isNotNull();
			assertThat(number(resource, "nv." + name)).as(name).isEqualTo(number(resource, name));
		}
		assertThat(resource.getAttribute(AttributeKey.stringKey("nv.nemo.run.id"))).isNull();
		assertThat(resource.getAttribute(AttributeKey.stringKey("nv.service.instance.id"))).isNull();
	}

	@Test
	void aLinkToAnotherRankCarriesTheChosenNames() {
		NemoLensConfig config = NemoLensConfig.builder()
			.enabled(true)
			.exportStrategy("all_ranks")
			.exporter("none")
			.runId("run-p")
			.jobTrace(true)
			.spanGroups("per_step")
			.attributeNames("both")
			.build();
		try (TelemetryHandle handle = this.setup.setup(config, 1, 4,
				TelemetryOptions.builder().spanExporter(this.spans).allowReinit(true).build())) {
			handle.span("pipeline.recv_forward").group(SpanGroups.STEP).stage(5).linkToRank(0, 5).run(() -> {
			});
		}
		LinkData link = this.spans.spans().get(0).getLinks().get(0);
		assertThat(link.getAttributes().get(AttributeKey.longKey("dl.rank"))).isEqualTo(0L);
		assertThat(link.getAttributes().get(AttributeKey.longKey("nv.dl.rank"))).isEqualTo(0L);
		assertThat(link.getAttributes().get(AttributeKey.longKey("nv.dl.step"))).isEqualTo(5L);
	}

	@Test
	void aDumpCarriesTheChosenNames() throws IOException {
		NemoLensConfig config = NemoLensConfig.builder()
			.enabled(true)
			.exporter("none")
			.runId("run-7")
			.flightRecorderEnabled(true)
			.flightRecorderDirectory(this.directory.toString())
			.attributeNames("nv")
			.build();
		try (TelemetryHandle silent = this.setup.setup(config, 1, 4, TelemetryOptions.builder()
			.spanExporter(this.spans)
			.shutdownHook(false)
			.allowReinit(true)
			.build())) {
			silent.tracer().spanBuilder("span-1").startSpan().end();
			Path dump = silent.dumpFlightRecorder().orElseThrow();
			Map<String, String> attributes = new HashMap<>();
			JSON.readTree(Files.readAllLines(dump).get(0))
				.path("resourceSpans")
				.get(0)
				.path("resource")
				.path("attributes")
				.forEach((JsonNode attribute) -> attributes.put(attribute.path("key").asText(),
						attribute.path("value").elements().next().asText()));
			assertThat(attributes).containsEntry("nv.dl.rank", "1")
				.containsEntry("nv.dl.world_size", "4")
				.containsEntry("nemo.run.id", "run-7")
				.doesNotContainKeys("dl.rank", "dl.world_size");
		}
	}

	@Test
	void anotherValueFailsNamingTheVariableTheValueAndTheAllowedValues() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> NemoLensConfig.fromEnv(Map.of("NEMO_LENS_ATTRIBUTE_NAMES", "python"), "NEMO_LENS", null))
			.withMessage("Invalid NEMO_LENS_ATTRIBUTE_NAMES 'python': must be one of dl, nv, both");
	}

	@Test
	void theVariableIsRead() {
		assertThat(NemoLensConfig.fromEnv(Map.of("NEMO_LENS_ATTRIBUTE_NAMES", " both "), "NEMO_LENS", null)
			.attributeNames()).isEqualTo("both");
		assertThat(NemoLensConfig.defaults().attributeNames()).isEqualTo("dl");
	}

}

package nemo.lens.sample;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.boot.json.JsonParserFactory;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Drives the sample as a user would, over real HTTP on a random port: rank 2 of 4 under torchrun,
 * with the custom first_two_ranks strategy available.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "TORCHELASTIC_RUN_ID=t", "RANK=2", "WORLD_SIZE=4", "LOCAL_RANK=0", "LOCAL_WORLD_SIZE=2",
				"GROUP_RANK=1", "nemo.lens.run-id=run-1", "nemo.lens.export-strategy=first_rank_per_node" })
class SampleApplicationHttpTests {


	private final HttpClient http = HttpClient.newHttpClient();

	@LocalServerPort
	private int port;

	private HttpResponse<String> get(String path) throws IOException, InterruptedException {
		return this.http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path)).build(),
				HttpResponse.BodyHandlers.ofString());
	}

	private HttpResponse<String> postLens(String body) throws IOException, InterruptedException {
		return this.http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/actuator/lens"))
			.POST(HttpRequest.BodyPublishers.ofString(body))
			.header("Content-Type", "application/json")
			.build(), HttpResponse.BodyHandlers.ofString());
	}

	private Map<String, Object> getJson(String path) throws IOException, InterruptedException {
		HttpResponse<String> response = get(path);
		assertThat(response.statusCode()).as(path).isEqualTo(200);
		return JsonParserFactory.getJsonParser().parseMap(response.body());
	}

	@Test
	void workReturnsItsTraceAndTheRank() throws Exception {
		Map<String, Object> work = getJson("/work");
		assertThat(work).containsEntry("rank", 2).containsEntry("exporting", true).containsEntry("spans", 3);
		assertThat((String) work.get("traceId")).matches("[0-9a-f]{32}");
	}

	@Test
	void workServedCountsTheCallsTheApplicationAnswered() throws Exception {
		long before = ((Number) getJson("/work/served").get("calls")).longValue();
		getJson("/work");
		getJson("/work");
		Map<String, Object> served = getJson("/work/served");
		assertThat(((Number) served.get("calls")).longValue()).isEqualTo(before + 2);
		assertThat(((Number) served.get("spans")).longValue()).isEqualTo((before + 2) * 3);
	}

	@Test
	void lensEndpointExplainsTheDecision() throws Exception {
		Map<String, Object> lens = getJson("/actuator/lens");
		assertThat(lens).containsEntry("enabled", true)
			.containsEntry("exporting", true)
			.containsEntry("exportStrategy", "first_rank_per_node")
			.containsEntry("rank", 2)
			.containsEntry("worldSize", 4)
			.containsEntry("localRank", 0)
			.containsEntry("launcher", "torchrun")
			.containsEntry("runId", "run-1")
			.containsEntry("serviceInstanceId", "run-1-rank2");
		assertThat(lens.get("strategies").toString()).contains("{name=first_two_ranks, builtin=false}")
			.contains("{name=all_ranks, builtin=true}");
	}

	@Test
	void strategyDetailOverHttpNamesTheBean() throws Exception {
		Map<String, Object> detail = getJson("/actuator/lens/first_two_ranks");
		assertThat(detail).containsEntry("builtin", false).containsEntry("wouldExport", false);
		assertThat(detail.get("origin").toString()).contains("kind=bean").contains("beanName=first_two_ranks");
	}

	@Test
	void unknownStrategyDetailIsNotFound() throws Exception {
		assertThat(get("/actuator/lens/bogus").statusCode()).isEqualTo(404);
	}

	@Test
	void unknownStrategyDetailNamesTheRegisteredStrategies() throws Exception {
		HttpResponse<String> response = get("/actuator/lens/first_two_rank");
		assertThat(response.statusCode()).isEqualTo(404);
		assertThat(JsonParserFactory.getJsonParser().parseMap(response.body())).containsEntry("error",
				"No strategy named 'first_two_rank' is registered on this rank (did you mean first_two_ranks?); "
						+ "the registered strategies are "
						+ "[all_ranks, first_rank_per_node, first_two_ranks, sampled, single_rank].");
	}

	@Test
	void infoCarriesTheLensSummary() throws Exception {
		assertThat(getJson("/actuator/info").get("lens").toString()).contains("exportStrategy=first_rank_per_node");
	}

	@Test
	void lensEndpointHasNoWriteOperation() throws Exception {
		assertThat(postLens("{}").statusCode()).isEqualTo(405);
	}

	@Test
	void aRefusedWriteSaysWhichSettingAllowsIt() throws Exception {
		HttpResponse<String> response = postLens("{\"override\": \"exporting\"}");
		assertThat(response.statusCode()).isEqualTo(405);
		assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
				(type) -> assertThat(type).startsWith("application/json"));
		assertThat(JsonParserFactory.getJsonParser().parseMap(response.body()).get("error").toString())
			.contains("read-only")
			.contains("management.endpoint.lens.access=unrestricted");
	}

}

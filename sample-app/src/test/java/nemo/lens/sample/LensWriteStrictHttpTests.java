package nemo.lens.sample;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.json.JsonParserFactory;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A write to the {@code lens} endpoint is strict and small: a field it does not take, a value of
 * the wrong type or a duration past the maximum is refused with 400 naming it, a body over 64 KiB
 * with 413 before it is read as JSON, and no refusal sends back more than 200 characters of a
 * value. A refused write changes nothing.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "management.endpoint.lens.access=unrestricted")
class LensWriteStrictHttpTests {

	@LocalServerPort
	private int port;

	private HttpResponse<String> post(HttpRequest.BodyPublisher body) throws Exception {
		return post("/actuator/lens", body);
	}

	private HttpResponse<String> post(String path, HttpRequest.BodyPublisher body) throws Exception {
		return HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
				.header("Content-Type", "application/json")
				.POST(body)
				.build(), HttpResponse.BodyHandlers.ofString());
	}

	private HttpResponse<String> post(String json) throws Exception {
		return post(HttpRequest.BodyPublishers.ofString(json));
	}

	private Object override() throws Exception {
		String lens = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/actuator/lens")).GET().build(),
					HttpResponse.BodyHandlers.ofString())
			.body();
		return JsonParserFactory.getJsonParser().parseMap(lens).get("override");
	}

	private static String error(HttpResponse<String> response) {
		Map<String, Object> body = JsonParserFactory.getJsonParser().parseMap(response.body());
		return body.get("error").toString();
	}

	@AfterEach
	void noOverrideIsLeft() throws Exception {
		assertThat(post("{\"override\": \"none\"}").statusCode()).isEqualTo(200);
	}

	@Test
	void aMisspeltFieldIsRefusedNamingItAndTheNearestFieldAndNothingChanges() throws Exception {
		HttpResponse<String> response = post("{\"override\": \"exporting\", \"signal\": \"traces\"}");
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(error(response)).startsWith("'signal' is no field of a write to the lens endpoint; did you mean "
				+ "'signals'? The fields are spanGroups, override, duration, signals, dump; nothing changed.");
		assertThat(override()).isNull();
	}

	@Test
	void aMisspeltDurationIsRefusedRatherThanTakenForTheDefault() throws Exception {
		HttpResponse<String> response = post("{\"override\": \"exporting\", \"durration\": \"1m\"}");
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(error(response)).contains("'durration'").contains("did you mean 'duration'?");
		assertThat(override()).isNull();
	}

	@Test
	void aValueOfTheWrongTypeIsRefusedNamingTheField() throws Exception {
		HttpResponse<String> response = post("{\"dump\": \"maybe\"}");
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(error(response)).isEqualTo("dump 'maybe' is no boolean (true or false); nothing changed.");
	}

	@Test
	void aBodyOverSixtyFourKibibytesIsRefusedWith413() throws Exception {
		String huge = "{\"override\": \"exporting\", \"spanGroups\": \"" + "a".repeat(70_000) + "\"}";
		HttpResponse<String> response = post(huge);
		assertThat(response.statusCode()).isEqualTo(413);
		assertThat(error(response)).contains("at most 65536").doesNotContain("aaaa");
		assertThat(override()).isNull();
	}

	/**
	 * Every path Spring routes to the endpoint is the endpoint's to guard: path parameters and a
	 * percent-encoded letter reach it (a small write is taken), and a large one is refused before it
	 * is read.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "/actuator/lens;x=y", "/actuator/%6cens", "/actuator;a=b/lens" })
	void aBodyOverSixtyFourKibibytesIsRefusedOnEveryPathSpringRoutesToTheEndpoint(String path) throws Exception {
		HttpResponse<String> small = post(path,
				HttpRequest.BodyPublishers.ofString("{\"override\": \"exporting\", \"duration\": \"1m\"}"));
		assertThat(small.statusCode()).as("a small write to %s: %s", path, small.body()).isEqualTo(200);
		assertThat(post("{\"override\": \"none\"}").statusCode()).isEqualTo(200);
		String huge = "{\"override\": \"exporting\", \"spanGroups\": \"" + "a".repeat(70_000) + "\"}";
		HttpResponse<String> response = post(path, HttpRequest.BodyPublishers.ofString(huge));
		assertThat(response.statusCode()).as("a large write to %s", path).isEqualTo(413);
		assertThat(override()).isNull();
	}

	@Test
	void aBodyOverSixtyFourKibibytesOfUndeclaredLengthIsRefusedWith413() throws Exception {
		byte[] huge = ("{\"override\": \"exporting\", \"k\": \"" + "a".repeat(70_000) + "\"}")
			.getBytes(StandardCharsets.UTF_8);
		HttpResponse<String> response = post(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(huge)));
		assertThat(response.statusCode()).isEqualTo(413);
		assertThat(override()).isNull();
	}

	@Test
	void aBodyUnderTheLimitIsTakenAsBefore() throws Exception {
		HttpResponse<String> response = post("{\"override\": \"exporting\", \"duration\": \"1m\", \"signals\": \"traces\"}");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(override()).isNotNull();
	}

	@Test
	void aRefusalShowsAtMostTwoHundredCharactersOfAValue() throws Exception {
		HttpResponse<String> response = post("{\"override\": \"" + "x".repeat(5_000) + "\"}");
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(error(response)).contains("'" + "x".repeat(200) + "...' (5000 characters)")
			.doesNotContain("x".repeat(201));
		assertThat(response.body().length()).isLessThan(600);
	}

	@Test
	void aDurationPastTheMaximumIsRefusedAndChangesNothing() throws Exception {
		HttpResponse<String> response = post("{\"override\": \"exporting\", \"duration\": \"99999999d\"}");
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(error(response)).contains("'99999999d'").contains("nemo.lens.override.max-duration");
		assertThat(override()).isNull();
	}

}

package nemo.lens.sample;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code lens} endpoint's write operation over real HTTP: it changes this rank's span groups
 * only where the user allowed it ({@code management.endpoint.lens.access=unrestricted}); with the
 * endpoint merely exposed, it is refused and the groups stay.
 */
class SpanGroupsWriteHttpTests {

	private static HttpResponse<String> send(int port, HttpRequest.Builder request) throws Exception {
		return HttpClient.newHttpClient()
			.send(request.uri(URI.create("http://127.0.0.1:" + port + "/actuator/lens"))
				.header("Content-Type", "application/json")
				.build(), HttpResponse.BodyHandlers.ofString());
	}

	static HttpResponse<String> post(int port, String json) throws Exception {
		return send(port, HttpRequest.newBuilder().POST(HttpRequest.BodyPublishers.ofString(json)));
	}

	static String lens(int port) throws Exception {
		return send(port, HttpRequest.newBuilder().GET()).body();
	}

	@Nested
	@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
			properties = "management.endpoint.lens.access=unrestricted")
	class Allowed {

		@LocalServerPort
		private int port;

		/** Each test starts from the configured groups, whatever the one before it did or failed at. */
		@AfterEach
		void restoreTheConfiguredGroups() throws Exception {
			assertThat(post(this.port, "{\"spanGroups\": \"default\"}").statusCode()).isEqualTo(200);
		}

		@Test
		void postChangesTheSpanGroupsOfThisRank() throws Exception {
			HttpResponse<String> response = post(this.port, "{\"spanGroups\": \"per_step\"}");
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(response.body()).contains("\"spec\":\"per_step\"").contains("\"forward_backward\"");
			assertThat(lens(this.port)).contains("\"spanGroups\":[\"checkpoint\",\"evaluate\",\"forward_backward\"");
		}

		@Test
		void postWithAnUnknownGroupIsABadRequestNamingTheValidOptions() throws Exception {
			HttpResponse<String> response = post(this.port, "{\"spanGroups\": \"per_stpe\"}");
			assertThat(response.statusCode()).isEqualTo(400);
			assertThat(response.body()).contains("Unknown span group or preset: 'per_stpe'")
				.contains("Valid options: [all, checkpoint, default, evaluate");
			assertThat(lens(this.port)).contains("\"spanGroups\":[\"checkpoint\",\"evaluate\",\"job\"]");
		}

		@Test
		void postAboveTheSizeLimitIsABadRequestThatDoesNotEchoTheSpec() throws Exception {
			String huge = "step,".repeat(1000);
			HttpResponse<String> response = post(this.port, "{\"spanGroups\": \"" + huge + "\"}");
			assertThat(response.statusCode()).isEqualTo(400);
			assertThat(response.body()).contains("at most 1024 are accepted").doesNotContain("step,step");
		}

	}

	@Nested
	@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
	class ExposedOnly {

		@LocalServerPort
		private int port;

		@Test
		void postIsRefusedAndTheGroupsStay() throws Exception {
			HttpResponse<String> response = post(this.port, "{\"spanGroups\": \"all\"}");
			assertThat(response.statusCode()).isEqualTo(405);
			assertThat(lens(this.port)).contains("\"spanGroups\":[\"checkpoint\",\"evaluate\",\"job\"]");
		}

	}

}

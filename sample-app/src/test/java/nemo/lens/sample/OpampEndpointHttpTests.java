package nemo.lens.sample;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.json.JsonParserFactory;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Boot rank with an OpAMP server and no control file: its start-up line names the server and its
 * interval (not a control file), and {@code GET /actuator/lens} shows under {@code control} the
 * server and its failing polls, here for a server that is not there.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "management.endpoints.web.exposure.include=lens", "nemo.lens.enabled=true",
				"nemo.lens.exporter=none", "nemo.lens.opamp.interval=1s" })
@ExtendWith(OutputCaptureExtension.class)
class OpampEndpointHttpTests {

	private static final String SERVER = "http://127.0.0.1:" + closedPort() + "/v1/opamp";

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void opampServer(DynamicPropertyRegistry registry) {
		registry.add("nemo.lens.opamp.endpoint", () -> SERVER);
	}

	@Test
	void theStartupLineNamesTheOpampServerAndItsIntervalAndNoControlFile(CapturedOutput output) {
		assertThat(output).contains("; OpAMP server " + SERVER + " polled every 1s").doesNotContain("control file");
	}

	@Test
	@SuppressWarnings("unchecked")
	void theEndpointShowsTheServersFailingPollsUnderControl() throws Exception {
		Map<String, Object> control = null;
		long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
		while (System.nanoTime() < deadline) {
			control = (Map<String, Object>) lens().get("control");
			if ("failing".equals(((Map<String, Object>) control.get("remote")).get("state"))) {
				break;
			}
			Thread.sleep(50);
		}
		Map<String, Object> remote = (Map<String, Object>) control.get("remote");
		assertThat(remote).containsEntry("server", SERVER).containsEntry("state", "failing");
		assertThat((String) remote.get("error")).contains("ConnectException");
		assertThat(remote.get("since")).isNotNull();
		assertThat(control).containsEntry("file", "OpAMP remote configuration").containsEntry("state", "absent");
	}

	private Map<String, Object> lens() throws IOException, InterruptedException {
		HttpResponse<String> response = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/actuator/lens")).build(),
					HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).isEqualTo(200);
		return JsonParserFactory.getJsonParser().parseMap(response.body());
	}

	private static int closedPort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}

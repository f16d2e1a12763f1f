package nemo.lens.sample;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = "management.endpoints.web.exposure.include=health")
class EndpointNotExposedHttpTests {

	@LocalServerPort
	private int port;

	@Test
	void lensEndpointIsNotReachableUnlessExposed() throws Exception {
		HttpResponse<String> response = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/actuator/lens")).build(),
					HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).isEqualTo(404);
	}

}

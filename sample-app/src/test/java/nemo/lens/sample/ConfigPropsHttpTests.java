package nemo.lens.sample;

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
 * {@code /actuator/configprops} shows NeMo Lens's settings as Spring bound them, each under its
 * property, the core's and the ones only Spring has, where an application exposes it.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "management.endpoints.web.exposure.include=configprops",
				"management.endpoint.configprops.show-values=always", "nemo.lens.flight-recorder.spans=4096",
				"nemo.lens.export-strategy=all_ranks", "nemo.lens.control.interval=2s",
				"nemo.lens.override.max-duration=1h" })
class ConfigPropsHttpTests {

	@LocalServerPort
	private int port;

	@Test
	@SuppressWarnings("unchecked")
	void theSettingsShowUnderTheirPropertiesWithTheValuesBound() throws Exception {
		HttpResponse<String> response = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/actuator/configprops")).build(),
					HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).isEqualTo(200);
		Map<String, Object> lens = null;
		for (Object context : ((Map<String, Object>) JsonParserFactory.getJsonParser()
			.parseMap(response.body())
			.get("contexts")).values()) {
			for (Object bean : ((Map<String, Object>) ((Map<String, Object>) context).get("beans")).values()) {
				if ("nemo.lens".equals(((Map<String, Object>) bean).get("prefix"))) {
					lens = (Map<String, Object>) ((Map<String, Object>) bean).get("properties");
				}
			}
		}
		assertThat(lens).as("the nemo.lens bean in %s", response.body()).isNotNull();
		assertThat(lens.get("exportStrategy")).isEqualTo("all_ranks");
		assertThat(((Map<String, Object>) lens.get("flightRecorder")).get("spans")).isEqualTo(4096);
		assertThat(((Map<String, Object>) lens.get("control")).get("interval")).isEqualTo("PT2S");
		assertThat(((Map<String, Object>) lens.get("override")).get("maxDuration")).isEqualTo("PT1H");
		assertThat(lens).containsKeys("gate", "annotations", "opamp", "traces");
	}

}

package nemo.lens.sample.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;


import org.springframework.boot.json.JsonParserFactory;

/**
 * Plain HTTP GETs (and JSON POSTs) to one rank of the sample on {@code 127.0.0.1}, whoever started it: answered
 * within 10 seconds or failed, JSON bodies read as maps.
 */
public final class RankHttp {


	private final String name;

	private final int port;

	private final HttpClient http = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(2))
		.build();

	/**
	 * @param name names the rank in failures
	 * @param port where it listens
	 */
	public RankHttp(String name, int port) {
		this.name = name;
		this.port = port;
	}

	public int port() {
		return this.port;
	}

	/** GET on {@code 127.0.0.1}, answered within 10 seconds or failed. */
	public HttpResponse<String> get(String path) {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.timeout(Duration.ofSeconds(10))
			.build();
		try {
			return this.http.send(request, HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("GET " + path + " on " + this.name, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted during GET " + path, ex);
		}
	}

	/** POST of a JSON body on {@code 127.0.0.1}, answered within 10 seconds or failed. */
	public HttpResponse<String> postJson(String path, String json) {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.timeout(Duration.ofSeconds(10))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(json))
			.build();
		try {
			return this.http.send(request, HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("POST " + path + " on " + this.name, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted during POST " + path, ex);
		}
	}

	/** GET that must answer 200 with a JSON object, returned as a map. */
	public Map<String, Object> getJson(String path) {
		HttpResponse<String> response = get(path);
		if (response.statusCode() != 200) {
			throw new AssertionError("GET " + path + " on " + this.name + " answered " + response.statusCode() + ": "
					+ response.body());
		}
		return JsonParserFactory.getJsonParser().parseMap(response.body());
	}

}

package nemo.lens.sample.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

import org.springframework.boot.json.JsonParserFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The flight recorder on real ranks: the Boot OpenTelemetry stack, two ranks as separate JVMs under
 * {@code single_rank} (rank 1 exports), a receiver on 127.0.0.1, the recorder on with a ring of
 * {@value #RING} spans and a temporary dump directory. The silent rank sends nothing and runs no
 * exporter thread; a dump through {@code POST /actuator/lens {"dump": true}} holds exactly its
 * last {@value #RING} spans as OTLP JSON with the rank's resource; switched on, it sends those same
 * spans with no new traffic; SIGTERM with {@code dump-on-exit} writes one file. The exporting rank
 * reads a control file and keeps a {@code min-dump-interval} of an hour: its {@code dump=} request
 * writes a dump of its open spans that says its finished spans went to the collector, and SIGTERM
 * seconds later still writes its exit dump.
 * <p>
 * Every request of the test other than {@code GET /work} carries a W3C {@code traceparent} that is
 * not sampled, so it makes no span the ring keeps: what the ring holds is exactly the spans of the
 * {@code /work} requests, each under a trace id the test chose.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FlightRecorderIT {

	private static final int SILENT_RANK = 0;

	private static final int CHOSEN_RANK = 1;

	private static final int RING = 16;

	/** Requests to {@code /work}, each making two spans: its observation and the HTTP server span. */
	private static final int REQUESTS = 20;

	private static final DateTimeFormatter DUMP_TIME = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss.SSS'Z'")
		.withZone(ZoneOffset.UTC);

	private static final Duration START_TIMEOUT = Duration.ofSeconds(180);

	private static final Duration ARRIVAL_TIMEOUT = Duration.ofSeconds(60);

	private final HttpClient http = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(2))
		.build();

	private OtlpReceiver receiver;

	private RankGroup ranks;

	private Path directory;

	private Path controlFile;

	private List<DumpedSpan> dumped;

	@BeforeAll
	void startTwoRanks() throws IOException {
		this.directory = Files.createTempDirectory("lens-flight-recorder-");
		this.controlFile = Files.writeString(this.directory.resolve("lens.properties"), "# no dump asked for yet\n");
		this.receiver = OtlpReceiver.start();
		this.ranks = StackRanks.startJob(StackApp.BOOT_OTEL, "flight-recorder", this.receiver, "single_rank", 2, 2,
				(rank) -> List.of(), this::variables, START_TIMEOUT);
	}

	/** Both ranks record and dump at exit; the chosen one reads the control file too. */
	private Map<String, String> variables(int rank) {
		Map<String, String> variables = new LinkedHashMap<>(Map.of("MANAGEMENT_ENDPOINT_LENS_ACCESS", "unrestricted",
				"NEMO_LENS_FLIGHT_RECORDER_ENABLED", "true", "NEMO_LENS_FLIGHT_RECORDER_SPANS", Integer.toString(RING),
				"NEMO_LENS_FLIGHT_RECORDER_DIRECTORY", this.directory.toString(),
				"NEMO_LENS_FLIGHT_RECORDER_DUMP_ON_EXIT", "true"));
		if (rank == CHOSEN_RANK) {
			variables.putAll(Map.of("NEMO_LENS_CONTROL_FILE", this.controlFile.toString(), "NEMO_LENS_CONTROL_INTERVAL",
					"100ms", "NEMO_LENS_FLIGHT_RECORDER_MIN_DUMP_INTERVAL", "1h"));
		}
		return variables;
	}

	@AfterAll
	void stop() throws IOException {
		StackRanks.close(this.ranks, this.receiver);
		if (this.directory != null) {
			try (Stream<Path> files = Files.list(this.directory)) {
				for (Path file : files.toList()) {
					Files.delete(file);
				}
			}
			Files.delete(this.directory);
		}
	}

	@Test
	@Order(1)
	void theSilentRecordingRankSendsNothingAndRunsNoExporterThread() {
		assertThat(StackRanks.awaitMicrometerPushes(this.receiver, CHOSEN_RANK, 2,
				() -> assertThat(get(SILENT_RANK, "/work", sampled(newTraceId())).statusCode()).isEqualTo(200),
				ARRIVAL_TIMEOUT))
			.as("the clock: rank %d pushed", CHOSEN_RANK)
			.isTrue();
		StackRanks.assertNothingFrom(this.receiver, SILENT_RANK);
		assertThat(StackRanks.threadNames(silentRank())).noneMatch(StackRanks::isTelemetryThread);
		Map<String, Object> recorder = flightRecorder();
		assertThat(recorder).containsEntry("capacity", RING).containsEntry("lastDump", null);
		assertThat((Integer) recorder.get("spans")).isPositive();
	}

	@Test
	@Order(2)
	void aDumpThroughTheEndpointHoldsExactlyTheLastSpansAsOtlpJsonWithTheRanksResource() {
		long before = recorded();
		List<String> traceIds = new ArrayList<>();
		for (int i = 0; i < REQUESTS; i++) {
			String traceId = newTraceId();
			traceIds.add(traceId);
			assertThat(get(SILENT_RANK, "/work", sampled(traceId)).statusCode()).isEqualTo(200);
		}
		// A server span ends just after its response is written: wait until the ring counted them all.
		assertThat(this.receiver.awaitUntil(() -> recorded() == before + 2L * REQUESTS, ARRIVAL_TIMEOUT))
			.as("spans recorded: %s", flightRecorder())
			.isTrue();

		HttpResponse<String> response = post(SILENT_RANK, "{\"dump\": true}");
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		Path file = Path.of(String.valueOf(JsonParserFactory.getJsonParser().parseMap(response.body()).get("dump")));
		assertThat(file).exists().hasParent(this.directory);
		assertThat(file.getFileName().toString()).matches(".*-rank-0-\\d{8}T\\d{6}\\.\\d{3}Z\\.json");
		assertThat(flightRecorder()).containsEntry("lastDump", file.toString());

		Map<String, Object> dump = JsonParserFactory.getJsonParser().parseMap(read(file));
		this.dumped = DumpedSpan.of(dump);
		List<String> lastRequests = traceIds.subList(REQUESTS - RING / 2, REQUESTS);
		assertThat(this.dumped).hasSize(RING);
		assertThat(this.dumped).extracting(DumpedSpan::traceId)
			.containsExactlyElementsOf(lastRequests.stream().flatMap((id) -> Stream.of(id, id)).toList());
		assertThat(this.dumped).extracting(DumpedSpan::name)
			.containsOnly("stack.work", "http get /work");
		Map<String, String> resource = DumpedSpan.resource(dump);
		assertThat(resource).containsEntry("dl.rank", "0")
			.containsEntry("dl.world_size", "2")
			.containsEntry("nemo.lens.flight_recorder.format_version", "1")
			.containsEntry("nemo.lens.flight_recorder.capacity", Integer.toString(RING))
			.containsEntry("nemo.lens.flight_recorder.spans", Integer.toString(RING))
			.containsEntry("nemo.lens.flight_recorder.trigger", "request")
			.containsKeys("nemo.run.id", "service.instance.id", "host.name", "process.pid");
		assertThat(Long.parseLong(resource.get("nemo.lens.flight_recorder.dropped"))).isEqualTo(recorded() - RING);
		StackRanks.assertNothingFrom(this.receiver, SILENT_RANK);
	}

	@Test
	@Order(3)
	void switchedOnTheRankSendsTheRecordedSpansWithNoNewTraffic() {
		assertThat(this.dumped).as("the dump of the previous test").isNotNull();
		long switched = System.currentTimeMillis() * 1_000_000L;
		HttpResponse<String> response = post(SILENT_RANK, "{\"override\": \"exporting\", \"duration\": \"PT10M\"}");
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		Set<String> dumpedIds = new HashSet<>(this.dumped.stream().map(DumpedSpan::spanId).toList());
		assertThat(this.receiver.awaitUntil(() -> receivedSpanIds().containsAll(dumpedIds), ARRIVAL_TIMEOUT))
			.as("recorded spans of rank %d at the receiver; paths %s", SILENT_RANK, this.receiver.requestPaths())
			.isTrue();
		List<ReceivedSpan> handedOver = silentRankSpans().stream()
			.filter((span) -> dumpedIds.contains(span.spanId()))
			.toList();
		assertThat(handedOver).hasSize(RING).allSatisfy((span) -> {
			assertThat(span.endEpochNanos()).isLessThan(switched);
			StackRanks.assertRankResource(span.resource(), SILENT_RANK, 2);
		});
		assertThat(handedOver).extracting(ReceivedSpan::traceId)
			.containsExactlyInAnyOrderElementsOf(this.dumped.stream().map(DumpedSpan::traceId).toList());
		assertThat(flightRecorder()).containsEntry("spans", 0);
	}

	@Test
	@Order(4)
	void sigtermWithDumpOnExitWritesOneFile() {
		HttpResponse<String> response = post(SILENT_RANK, "{\"override\": \"none\"}");
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		String traceId = newTraceId();
		assertThat(get(SILENT_RANK, "/work", sampled(traceId)).statusCode()).isEqualTo(200);
		assertThat(this.receiver.awaitUntil(() -> recorded() == 2, ARRIVAL_TIMEOUT))
			.as("spans recorded after the switch back: %s", flightRecorder())
			.isTrue();
		List<Path> before = dumpsOf(SILENT_RANK);

		silentRank().terminate(Duration.ofSeconds(60));

		List<Path> after = new ArrayList<>(dumpsOf(SILENT_RANK));
		after.removeAll(before);
		assertThat(after).singleElement().satisfies((file) -> {
			Map<String, Object> dump = JsonParserFactory.getJsonParser().parseMap(read(file));
			assertThat(DumpedSpan.resource(dump)).containsEntry("nemo.lens.flight_recorder.trigger", "exit");
			assertThat(DumpedSpan.of(dump)).extracting(DumpedSpan::traceId).containsExactly(traceId, traceId);
		});
		try (Stream<Path> files = Files.list(this.directory)) {
			assertThat(files).noneMatch((path) -> path.getFileName().toString().endsWith(".tmp"));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@Test
	@Order(5)
	void theExitDumpIsWrittenSecondsAfterADumpTheControlFileAskedFor() throws IOException {
		assertThat(this.receiver.awaitUntil(() -> "applied".equals(control(CHOSEN_RANK).get("state")), ARRIVAL_TIMEOUT))
			.as("the chosen rank read the control file: %s", control(CHOSEN_RANK))
			.isTrue();
		Path next = Files.writeString(this.directory.resolve("lens.properties.next"), "dump=1\n");
		Files.move(next, this.controlFile, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
		assertThat(this.receiver.awaitUntil(() -> dumpsOf(CHOSEN_RANK).size() == 1, ARRIVAL_TIMEOUT))
			.as("the control file's dump of rank %d", CHOSEN_RANK)
			.isTrue();
		Path controlDump = dumpsOf(CHOSEN_RANK).get(0);
		Map<String, String> resource = DumpedSpan.resource(JsonParserFactory.getJsonParser().parseMap(read(controlDump)));
		assertThat(resource).containsEntry("nemo.dump.reason", "control")
			.containsEntry("nemo.lens.flight_recorder.finished_spans", "exported");

		this.ranks.rank(CHOSEN_RANK).terminate(Duration.ofSeconds(60));

		List<Path> after = new ArrayList<>(dumpsOf(CHOSEN_RANK));
		after.remove(controlDump);
		assertThat(after).as("written after the control file's dump, within min-dump-interval (1h)")
			.singleElement()
			.satisfies((file) -> assertThat(
					DumpedSpan.resource(JsonParserFactory.getJsonParser().parseMap(read(file))))
				.containsEntry("nemo.dump.reason", "exit"));
		System.out.printf("flight recorder: exit dump %d ms after the control file's dump (min-dump-interval 1h)%n",
				Duration.between(dumpTime(controlDump), dumpTime(after.get(0))).toMillis());
	}

	/** The time in a dump's name: {@code ...-20261204T101500.123Z.json}. */
	private static Instant dumpTime(Path file) {
		String name = file.getFileName().toString();
		return DUMP_TIME.parse(name.substring(name.length() - "20261204T101500.123Z.json".length(),
				name.length() - ".json".length()), Instant::from);
	}

	@SuppressWarnings("unchecked")
	private Map<String, Object> control(int rank) {
		HttpResponse<String> response = get(rank, "/actuator/lens", notSampled());
		Object control = JsonParserFactory.getJsonParser().parseMap(response.body()).get("control");
		return (control instanceof Map) ? (Map<String, Object>) control : Map.of();
	}

	private SampleAppProcess silentRank() {
		return this.ranks.rank(SILENT_RANK);
	}

	@SuppressWarnings("unchecked")
	private Map<String, Object> flightRecorder() {
		HttpResponse<String> response = get(SILENT_RANK, "/actuator/lens", notSampled());
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		Map<String, Object> lens = JsonParserFactory.getJsonParser().parseMap(response.body());
		assertThat(lens).containsKey("flightRecorder");
		return (Map<String, Object>) lens.get("flightRecorder");
	}

	/** Every span the silent rank's ring took since the last hand-over: held and dropped. */
	private long recorded() {
		Map<String, Object> recorder = flightRecorder();
		return ((Number) recorder.get("spans")).longValue() + ((Number) recorder.get("dropped")).longValue();
	}

	private List<ReceivedSpan> silentRankSpans() {
		return this.receiver.spansByRank().getOrDefault((long) SILENT_RANK, List.of());
	}

	private Set<String> receivedSpanIds() {
		return new HashSet<>(silentRankSpans().stream().map(ReceivedSpan::spanId).toList());
	}

	private List<Path> dumpsOf(int rank) {
		try (Stream<Path> files = Files.list(this.directory)) {
			return files.filter((path) -> path.getFileName().toString().contains("-rank-" + rank + "-")
					&& path.getFileName().toString().endsWith(".json")).toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static String read(Path file) {
		try {
			return Files.readString(file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static String newTraceId() {
		byte[] bytes = new byte[16];
		ThreadLocalRandom.current().nextBytes(bytes);
		bytes[0] |= 1;
		return HexFormat.of().formatHex(bytes);
	}

	/** A remote parent that is sampled: the request's spans join the test's trace and are recorded. */
	private static String sampled(String traceId) {
		return "00-" + traceId + "-00f067aa0ba902b7-01";
	}

	/** A remote parent that is not sampled: the request makes no span the ring keeps. */
	private static String notSampled() {
		return "00-" + newTraceId() + "-00f067aa0ba902b7-00";
	}

	private HttpResponse<String> get(int rank, String path, String traceparent) {
		return send(HttpRequest.newBuilder(uri(rank, path)).header("traceparent", traceparent).GET());
	}

	private HttpResponse<String> post(int rank, String json) {
		return send(HttpRequest.newBuilder(uri(rank, "/actuator/lens"))
			.header("traceparent", notSampled())
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(json)));
	}

	private URI uri(int rank, String path) {
		return URI.create("http://127.0.0.1:" + this.ranks.rank(rank).port() + path);
	}

	private HttpResponse<String> send(HttpRequest.Builder request) {
		try {
			return this.http.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/** A span of a dump, as OTLP JSON writes it, in the order the spans ended. */
	private record DumpedSpan(String traceId, String spanId, String name, long endEpochNanos) {

		@SuppressWarnings("unchecked")
		static List<DumpedSpan> of(Map<String, Object> dump) {
			List<DumpedSpan> spans = new ArrayList<>();
			for (Object resourceSpans : (List<Object>) dump.get("resourceSpans")) {
				for (Object scopeSpans : (List<Object>) ((Map<String, Object>) resourceSpans).get("scopeSpans")) {
					for (Object span : (List<Object>) ((Map<String, Object>) scopeSpans).get("spans")) {
						Map<String, Object> fields = (Map<String, Object>) span;
						spans.add(new DumpedSpan((String) fields.get("traceId"), (String) fields.get("spanId"),
								(String) fields.get("name"), Long.parseLong(String.valueOf(fields.get("endTimeUnixNano")))));
					}
				}
			}
			spans.sort(Comparator.comparingLong(DumpedSpan::endEpochNanos));
			return spans;
		}

		/** The resource attributes of a dump's spans, their values as text. */
		@SuppressWarnings("unchecked")
		static Map<String, String> resource(Map<String, Object> dump) {
			Map<String, String> attributes = new LinkedHashMap<>();
			for (Object resourceSpans : (List<Object>) dump.get("resourceSpans")) {
				Map<String, Object> resource = (Map<String, Object>) ((Map<String, Object>) resourceSpans)
					.get("resource");
				for (Object attribute : (List<Object>) resource.get("attributes")) {
					Map<String, Object> entry = (Map<String, Object>) attribute;
					Map<String, Object> value = (Map<String, Object>) entry.get("value");
					attributes.put((String) entry.get("key"), String.valueOf(value.values().iterator().next()));
				}
			}
			return attributes;
		}

	}

}

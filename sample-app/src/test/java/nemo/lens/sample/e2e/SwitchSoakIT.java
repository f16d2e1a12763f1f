package nemo.lens.sample.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.regex.Pattern;

import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.json.JsonParserFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A switch is a transaction, soaked on a real rank: the Boot OpenTelemetry stack as rank 0 of a
 * two-rank torchrun job under {@code single_rank} (silent by its strategy; the other rank is not
 * started), exporting over OTLP/HTTP to a receiver on 127.0.0.1, while {@value #CALLERS} client
 * threads call {@code GET /soak} without pause: each call makes one span, held open 0 to
 * {@value #MAX_HOLD_MILLIS} ms, and answers its ids and whether it was recording. Meanwhile the rank
 * is switched on and off {@value #CYCLES} times through {@code POST /actuator/lens}: each switch-on
 * is by request (traces only, every {@value #ALL_SIGNALS_EVERY}th one every signal), and the
 * switch-offs take turns: an override that ends by itself (expiry), {@code "silent"} and
 * {@code "none"} by request, so that every switch-off meets spans still open.
 *
 * <p>
 * Once the callers stopped and the drain is over (polled on the receiver and the rank's
 * {@code /actuator/threaddump}, with a generous deadline): every span the application saw recording
 * arrived exactly once and whole (not marked {@code nemo.span.truncated}, carrying the last attribute
 * the application set before it ended the span, and lasting at least as long as that attribute
 * says); no span arrived that was not recording; the rank runs no exporter thread and as many threads
 * as before the first switch-on; its log has no ERROR; every call was answered.
 *
 * <p>
 * Every request of the test, the calls included, carries an unsampled W3C {@code traceparent}, so
 * that no request makes a server span the rank records, and each call's span is a root of its own:
 * the only spans the rank can export are those the application reports. Waits count what the rank
 * did (calls it answered, the endpoint's override, its threads) and never sleep for a time.
 *
 * <p>
 * {@code nemo.lens.switch.drain-timeout} is {@value #DRAIN_TIMEOUT}: longer than any span is held,
 * so that no span may be cut, and with the shutdown timeout (5 s) well inside
 * {@link #DRAIN_DEADLINE}. OkHttp's two JVM-wide threads ({@code OkHttp TaskRunner},
 * {@code Okio Watchdog}) are left out of the thread lists: they serve every OkHttp client of the
 * JVM, hold no connection, and end by themselves a minute after their last use; what would keep a
 * connection is checked on the connection itself (none from the rank to the receiver is left).
 */
class SwitchSoakIT {

	private static final int RANK = 0;

	private static final int WORLD_SIZE = 2;

	private static final int CALLERS = 4;

	private static final int MAX_HOLD_MILLIS = 300;

	/** Switch-on and switch-off pairs; the switch-offs take turns as {@link Off} lists them. */
	private static final int CYCLES = 30;

	/** Every fifth switch-on covers every signal (metrics and logs as well); the others traces only. */
	private static final int ALL_SIGNALS_EVERY = 5;

	/**
	 * The duration of an override that ends by itself: a little longer than a span is held, so that
	 * the window sees spans start and end, and its expiry still meets spans open.
	 */
	private static final String EXPIRING = "400ms";

	/** The duration of an override that a request ends. */
	private static final String LASTING = "PT10M";

	/** Recording spans the application reports before a switch-off by request. */
	private static final int SPANS_PER_WINDOW = 6;

	/** Calls between two reads of the thread list while the rank settles before the first switch. */
	private static final int SETTLING_CALLS = 20;

	private static final Duration START_TIMEOUT = Duration.ofSeconds(180);

	/** The longest wait for one step: the settling, an override's end, a window's spans. */
	private static final Duration STEP_TIMEOUT = Duration.ofSeconds(60);

	/**
	 * The longest wait after the last switch-off for every span and for the rank's threads: the drain
	 * timeout (10 s by default), the shutdown timeout (5 s), and as much again on a busy machine.
	 */
	private static final Duration DRAIN_DEADLINE = Duration.ofSeconds(45);

	/** {@code nemo.lens.switch.drain-timeout} of the rank. */
	private static final String DRAIN_TIMEOUT = "3s";

	/** OkHttp's threads of the whole JVM, idle once no connection is left; not the pipeline's. */
	private static final List<String> JVM_WIDE_THREADS = List.of("OkHttp TaskRunner", "Okio Watchdog");

	/** Polls of the rank's endpoints are this far apart, so that they add little to the load. */
	private static final Duration POLL = Duration.ofMillis(50);

	/** Parts of thread names (lower case) that belong to an exporting pipeline. */
	private static final List<String> EXPORTER_THREADS = List.of("okhttp", "batchspanprocessor",
			"batchlogrecordprocessor", "periodicmetricreader", "metrics-publisher", "nemo-lens-shutdown");

	/** Only for start-up: it prepares the first switch-on and ends. */
	private static final String PREPARING_THREAD = "nemo-lens-prepare-switch";

	private static final String HELD_NANOS = "soak.held_nanos";

	private static final String TRUNCATED = "nemo.span.truncated";

	private static final Pattern ERROR_LINE = Pattern.compile("\\bERROR\\b");

	private final HttpClient http = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(5))
		.build();

	private OtlpReceiver receiver;

	private SampleAppProcess rank;

	private Callers callers;

	/** How a cycle's switch-off comes. */
	private enum Off {

		/** The override ends by itself. */
		EXPIRY(null),

		/** {@code {"override": "silent"}}. */
		SILENT("silent"),

		/** {@code {"override": "none"}}: back to the strategy, which keeps the rank silent. */
		NONE("none");

		private final String override;

		Off(String override) {
			this.override = override;
		}

	}

	@AfterEach
	void stop() {
		if (this.callers != null) {
			this.callers.stop();
		}
		if (this.rank != null) {
			this.rank.close();
		}
		if (this.receiver != null) {
			this.receiver.close();
		}
	}

	@Test
	void everySpanSeenRecordingArrivesOnceAndWholeAndTheRankEndsAsItStarted() {
		long began = System.nanoTime();
		this.receiver = OtlpReceiver.start();
		this.rank = StackRanks.startRank(StackApp.BOOT_OTEL, "switch-soak", this.receiver, "single_rank", RANK,
				WORLD_SIZE, WORLD_SIZE, Map.of("MANAGEMENT_ENDPOINT_LENS_ACCESS", "unrestricted", "NEMO_LENS_SWITCH_DRAIN_TIMEOUT", DRAIN_TIMEOUT),
				START_TIMEOUT);
		assertThat(lens()).as("the rank before the first switch").containsEntry("exporting", false)
			.containsEntry("override", null);
		this.callers = new Callers();
		this.callers.start();
		List<String> baseline = settledThreads();
		long started = System.nanoTime();

		Map<Off, Integer> offs = new LinkedHashMap<>();
		int allSignals = 0;
		for (int cycle = 0; cycle < CYCLES; cycle++) {
			Off off = Off.values()[cycle % Off.values().length];
			boolean everySignal = cycle % ALL_SIGNALS_EVERY == ALL_SIGNALS_EVERY - 1;
			allSignals += everySignal ? 1 : 0;
			long recordingBefore = this.callers.recording.size();
			Map<String, Object> on = post("{\"override\": \"exporting\"" + (everySignal ? "" : ", \"signals\": \"traces\"")
					+ ", \"duration\": \"" + ((off == Off.EXPIRY) ? EXPIRING : LASTING) + "\"}");
			assertThat(on).as("switched on, cycle %d", cycle).containsEntry("exporting", true);
			if (off == Off.EXPIRY) {
				AtomicReference<Map<String, Object>> last = new AtomicReference<>();
				await(() -> last.updateAndGet((previous) -> lens()).get("override") == null, STEP_TIMEOUT,
						"the override of cycle " + cycle + " to end by itself");
				assertThat(last.get()).as("ended by itself, cycle %d", cycle).containsEntry("exporting", false);
			}
			else {
				await(() -> this.callers.recording.size() >= recordingBefore + SPANS_PER_WINDOW, STEP_TIMEOUT,
						SPANS_PER_WINDOW + " recording spans in cycle " + cycle);
				Map<String, Object> answer = post("{\"override\": \"" + off.override + "\"}");
				assertThat(answer).as("switched off, cycle %d", cycle).containsEntry("exporting", false);
			}
			offs.merge(off, 1, Integer::sum);
		}
		long switched = System.nanoTime();
		this.callers.stop();
		Map<String, Object> after = lens();
		assertThat(after).as("the rank after the last switch-off").containsEntry("exporting", false)
			.containsEntry("override", null);

		Map<String, Call> recording = Map.copyOf(this.callers.recording);
		AtomicReference<List<String>> last = new AtomicReference<>();
		boolean drained = poll(() -> {
			if (!receivedIds().keySet().containsAll(recording.keySet())) {
				return false;
			}
			List<String> now = last.updateAndGet((previous) -> threadNames());
			return exporterThreads(now).isEmpty() && now.size() == baseline.size()
					&& connectionsTo(this.receiver.port()) == 0;
		}, DRAIN_DEADLINE, Duration.ofMillis(250));
		long waited = System.nanoTime();
		List<String> threads = (last.get() != null) ? last.get() : threadNames();

		Report report = new Report(recording, this.receiver.spans(), baseline, threads,
				this.rank.logText().lines().filter((line) -> ERROR_LINE.matcher(line).find()).toList());
		System.out.printf(Locale.ROOT,
				"Switch soak: %d calls (%d recording, %d not, %d of them cut short: not recording just before their end),"
						+ " %d switch-ons (%d of every signal), switch-offs %s; start-up and settling %d s, switching %d s,"
						+ " drain %s after %d s; %d spans received, %d of the recording ones missing, %d duplicated,"
						+ " %d truncated, %d without their last attribute, %d ended before it, %d not recording;"
						+ " threads %d -> %d, exporter threads %s, extra %s, missing %s; %d ERROR lines, %d WARN lines%n",
				this.callers.calls.get(), recording.size(), this.callers.notRecording.get(), report.cutShort(), CYCLES,
				allSignals, offs, seconds(began, started), seconds(started, switched),
				drained ? "over" : "not over", seconds(switched, waited), report.received.size(),
				report.missing.size(), report.duplicated.size(), report.truncated.size(), report.withoutLast.size(),
				report.endedEarly.size(), report.notRecording.size(), baseline.size(), threads.size(),
				exporterThreads(threads), report.extraThreads(), report.missingThreads(), report.errorLines.size(),
				this.rank.logLines(" WARN ").size());

		SoftAssertions softly = new SoftAssertions();
		softly.assertThat(this.callers.failures.get())
			.as("calls that failed (of %d): %s", this.callers.calls.get(), this.callers.failureSamples)
			.isZero();
		softly.assertThat(offs.getOrDefault(Off.EXPIRY, 0)).as("switch-offs by expiry").isGreaterThanOrEqualTo(10);
		softly.assertThat(offs.getOrDefault(Off.SILENT, 0) + offs.getOrDefault(Off.NONE, 0))
			.as("switch-offs by request")
			.isGreaterThanOrEqualTo(20);
		softly.assertThat(report.missing.size())
			.as("spans the application saw recording that never arrived (of %d), such as %s", recording.size(),
					sample(report.missing))
			.isZero();
		softly.assertThat(report.duplicated.size())
			.as("spans that arrived more than once, such as (id=arrivals) %s", sample(report.duplicated.entrySet()))
			.isZero();
		softly.assertThat(report.truncated.size())
			.as("spans that arrived marked %s (of %d recording; %d were cut short as the application saw them),"
					+ " such as %s", TRUNCATED, recording.size(), report.cutShort(), sample(report.truncated))
			.isZero();
		softly.assertThat(report.withoutLast.size())
			.as("spans that arrived without the attribute the application set last (%s), such as %s", HELD_NANOS,
					sample(report.withoutLast))
			.isZero();
		softly.assertThat(report.endedEarly.size())
			.as("spans that arrived ending before their last attribute, such as (id=duration < %s, ns) %s",
					HELD_NANOS, sample(report.endedEarly.entrySet()))
			.isZero();
		softly.assertThat(report.notRecording.size())
			.as("spans that arrived though the application did not see them recording, such as (id=name) %s",
					sample(report.notRecording.entrySet()))
			.isZero();
		softly.assertThat(exporterThreads(threads))
			.as("exporter threads of the rank %d s after the last switch-off", seconds(switched, waited))
			.isEmpty();
		softly.assertThat(connectionsTo(this.receiver.port()))
			.as("connections to the receiver left open %d s after the last switch-off", seconds(switched, waited))
			.isZero();
		softly.assertThat(threads.size())
			.as("the rank's threads after the last switch-off against before the first switch-on (%d); extra %s,"
					+ " missing %s", baseline.size(), report.extraThreads(), report.missingThreads())
			.isEqualTo(baseline.size());
		softly.assertThat(report.errorLines.size())
			.as("ERROR lines in the rank's log %s, such as %s", this.rank.log(), sample(report.errorLines))
			.isZero();
		softly.assertThat(this.receiver.failures().size())
			.as("requests the receiver refused or that broke off, such as %s", sample(this.receiver.failures()))
			.isZero();
		softly.assertAll();
	}

	/**
	 * The rank's threads once they settled with the callers running and before any switch: the same
	 * list twice, {@value #SETTLING_CALLS} calls apart, with start-up's preparation of the switch over.
	 */
	private List<String> settledThreads() {
		long deadline = System.nanoTime() + STEP_TIMEOUT.toNanos();
		List<String> previous = threadNames();
		while (true) {
			long calls = this.callers.calls.get();
			await(() -> this.callers.calls.get() >= calls + SETTLING_CALLS, STEP_TIMEOUT,
					SETTLING_CALLS + " calls before the first switch");
			List<String> now = threadNames();
			boolean settled = now.equals(previous) && !now.contains(PREPARING_THREAD);
			if (settled || System.nanoTime() - deadline >= 0) {
				assertThat(now).as("threads before the first switch").doesNotContain(PREPARING_THREAD);
				return now;
			}
			previous = now;
		}
	}

	private static List<String> exporterThreads(List<String> threads) {
		return threads.stream()
			.filter((name) -> EXPORTER_THREADS.stream().anyMatch(name.toLowerCase(Locale.ROOT)::contains))
			.toList();
	}

	/** The rank's live threads by name, sorted, from {@code GET /actuator/threaddump}. */
	private List<String> threadNames() {
		List<String> names = new ArrayList<>();
		for (Object thread : (List<?>) getJson("/actuator/threaddump").get("threads")) {
			String name = String.valueOf(((Map<?, ?>) thread).get("threadName"));
			if (!JVM_WIDE_THREADS.contains(name)) {
				names.add(name);
			}
		}
		names.sort(null);
		return names;
	}

	/**
	 * Established TCP connections of this host to a local port, from the kernel's table: the rank
	 * runs on this host, so its connections to the receiver are listed with the receiver's port as
	 * their remote port.
	 */
	private static long connectionsTo(int port) {
		String remote = String.format(Locale.ROOT, ":%04X", port);
		long established = 0;
		for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
			try {
				established += Files.readAllLines(Path.of(table))
					.stream()
					.skip(1)
					.map((line) -> line.trim().split("\\s+"))
					.filter((fields) -> fields.length > 3 && fields[2].endsWith(remote) && fields[3].equals("01"))
					.count();
			}
			catch (IOException ex) {
				// No such table on this kernel.
			}
		}
		return established;
	}

	/** How often each span id arrived. */
	private Map<String, Integer> receivedIds() {
		Map<String, Integer> ids = new HashMap<>();
		for (ReceivedSpan span : this.receiver.spans()) {
			ids.merge(span.spanId(), 1, Integer::sum);
		}
		return ids;
	}

	private Map<String, Object> lens() {
		return getJson("/actuator/lens");
	}

	private Map<String, Object> getJson(String path) {
		HttpResponse<String> response = send(request(path));
		assertThat(response.statusCode()).as("GET %s: %s", path, response.body()).isEqualTo(200);
		return JsonParserFactory.getJsonParser().parseMap(response.body());
	}

	private Map<String, Object> post(String json) {
		HttpResponse<String> response = send(request("/actuator/lens").header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(json)));
		assertThat(response.statusCode()).as("POST %s: %s", json, response.body()).isEqualTo(200);
		return JsonParserFactory.getJsonParser().parseMap(response.body());
	}

	/** A request to the rank with an unsampled parent, so that it makes no span the rank records. */
	private HttpRequest.Builder request(String path) {
		return HttpRequest.newBuilder(URI.create(this.rank.url() + path))
			.header("traceparent", notSampled())
			.timeout(Duration.ofSeconds(30));
	}

	private HttpResponse<String> send(HttpRequest.Builder request) {
		try {
			return this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private static String notSampled() {
		byte[] bytes = new byte[16];
		ThreadLocalRandom.current().nextBytes(bytes);
		bytes[0] |= 1;
		return "00-" + HexFormat.of().formatHex(bytes) + "-00f067aa0ba902b7-00";
	}

	/** Polls until {@code condition} holds, failing with {@code what} when it did not in time. */
	private void await(BooleanSupplier condition, Duration timeout, String what) {
		assertThat(poll(condition, timeout, POLL)).as("waited %s for %s; the rank: %s", timeout, what, this.rank)
			.isTrue();
	}

	/**
	 * Whether {@code condition} held within {@code timeout}, asked every {@code interval}; fails at
	 * once when the rank died.
	 */
	private boolean poll(BooleanSupplier condition, Duration timeout, Duration interval) {
		return this.receiver.awaitUntil(() -> {
			assertThat(this.rank.isAlive()).as("the rank is running; see %s", this.rank.log()).isTrue();
			return condition.getAsBoolean();
		}, timeout, interval);
	}

	/** The first few of a collection, for a failure's message. */
	private static List<?> sample(Collection<?> all) {
		return all.stream().limit(5).toList();
	}

	private static long seconds(long from, long to) {
		return Duration.ofNanos(to - from).toSeconds();
	}

	/** One call's span as the application saw it. */
	private record Call(boolean recordingAtEnd) {
	}

	/**
	 * The client threads: each calls {@code GET /soak} again as soon as it has its answer, and keeps
	 * what the application said of the span.
	 */
	private final class Callers {

		/** The spans the application saw recording when they started, by span id. */
		final Map<String, Call> recording = new ConcurrentHashMap<>();

		final AtomicLong notRecording = new AtomicLong();

		final AtomicLong calls = new AtomicLong();

		final AtomicLong failures = new AtomicLong();

		final List<String> failureSamples = new CopyOnWriteArrayList<>();

		private final AtomicBoolean stopping = new AtomicBoolean();

		private final List<Thread> threads = new ArrayList<>();

		void start() {
			for (int i = 0; i < CALLERS; i++) {
				Thread thread = new Thread(this::call, "soak-caller-" + i);
				thread.setDaemon(true);
				this.threads.add(thread);
				thread.start();
			}
		}

		/** Stops the callers and waits until each had its last answer. */
		void stop() {
			this.stopping.set(true);
			for (Thread thread : this.threads) {
				try {
					thread.join(Duration.ofSeconds(45).toMillis());
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					return;
				}
			}
		}

		private void call() {
			while (!this.stopping.get() && this.failures.get() < 100) {
				try {
					HttpResponse<String> response = send(request("/soak?maxMillis=" + MAX_HOLD_MILLIS));
					if (response.statusCode() != 200) {
						failed(response.statusCode() + " " + response.body());
						continue;
					}
					Map<String, Object> answer = JsonParserFactory.getJsonParser().parseMap(response.body());
					this.calls.incrementAndGet();
					String spanId = String.valueOf(answer.get("spanId"));
					if (Boolean.TRUE.equals(answer.get("recording"))) {
						Call previous = this.recording.put(spanId,
								new Call(Boolean.TRUE.equals(answer.get("recordingAtEnd"))));
						if (previous != null) {
							failed("span id " + spanId + " reported twice");
						}
					}
					else {
						this.notRecording.incrementAndGet();
					}
				}
				catch (RuntimeException ex) {
					failed(ex.toString());
				}
			}
		}

		private void failed(String why) {
			this.failures.incrementAndGet();
			if (this.failureSamples.size() < 5) {
				this.failureSamples.add(why);
			}
		}

	}

	/** What arrived against what the application saw, and the rank's threads and log. */
	private static final class Report {

		final List<ReceivedSpan> received;

		final List<String> missing = new ArrayList<>();

		final Map<String, Integer> duplicated = new TreeMap<>();

		final List<String> truncated = new ArrayList<>();

		final List<String> withoutLast = new ArrayList<>();

		final Map<String, String> endedEarly = new TreeMap<>();

		final Map<String, String> notRecording = new TreeMap<>();

		final List<String> errorLines;

		private final Map<String, Call> recording;

		private final List<String> baseline;

		private final List<String> threads;

		Report(Map<String, Call> recording, List<ReceivedSpan> received, List<String> baseline, List<String> threads,
				List<String> errorLines) {
			this.recording = recording;
			this.received = received;
			this.baseline = baseline;
			this.threads = threads;
			this.errorLines = errorLines;
			Map<String, Integer> arrivals = new HashMap<>();
			for (ReceivedSpan span : received) {
				arrivals.merge(span.spanId(), 1, Integer::sum);
				if (!recording.containsKey(span.spanId())) {
					this.notRecording.put(span.spanId(), span.name());
					continue;
				}
				if (span.attribute(TRUNCATED).isPresent()) {
					this.truncated.add(span.spanId());
				}
				Object held = span.attribute(HELD_NANOS).orElse(null);
				if (!(held instanceof Number number)) {
					this.withoutLast.add(span.spanId());
				}
				else if (span.endEpochNanos() - span.startEpochNanos() < number.longValue()) {
					this.endedEarly.put(span.spanId(), (span.endEpochNanos() - span.startEpochNanos()) + " < " + held);
				}
			}
			for (String spanId : recording.keySet()) {
				int count = arrivals.getOrDefault(spanId, 0);
				if (count == 0) {
					this.missing.add(spanId);
				}
				else if (count > 1) {
					this.duplicated.put(spanId, count);
				}
			}
			this.missing.sort(null);
			this.truncated.sort(null);
			this.withoutLast.sort(null);
		}

		/** Spans that were recording at their start but no longer just before the application ended them. */
		long cutShort() {
			return this.recording.values().stream().filter((call) -> !call.recordingAtEnd()).count();
		}

		/** Threads running now that did not before the first switch, by name, with how many more. */
		Map<String, Integer> extraThreads() {
			return difference(this.threads, this.baseline);
		}

		/** Threads that ran before the first switch and are gone now. */
		Map<String, Integer> missingThreads() {
			return difference(this.baseline, this.threads);
		}

		private static Map<String, Integer> difference(List<String> these, List<String> those) {
			Map<String, Integer> counts = new TreeMap<>();
			these.forEach((name) -> counts.merge(name, 1, Integer::sum));
			those.forEach((name) -> counts.merge(name, -1, Integer::sum));
			counts.values().removeIf((count) -> count <= 0);
			return counts;
		}

	}

}

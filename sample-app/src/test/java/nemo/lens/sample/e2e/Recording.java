package nemo.lens.sample.e2e;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * What the receiver has been sent, kept for the test's queries. Handler threads add while the test
 * thread reads, so every read returns a copy taken under the lock.
 */
final class Recording {

	private final List<ReceivedSpan> spans = new ArrayList<>();

	private final List<ReceivedMetric> metrics = new ArrayList<>();

	private final List<ReceivedLogRecord> logRecords = new ArrayList<>();

	private final List<String> failures = new ArrayList<>();

	private final Map<String, SortedSet<String>> headers = new TreeMap<>();

	private final Map<String, Long> paths = new TreeMap<>();

	private final Counter requests = new Counter();

	private final Counter unavailable = new Counter();

	private final Counter blackholed = new Counter();

	synchronized void addSpans(List<ReceivedSpan> received) {
		this.spans.addAll(received);
	}

	synchronized void addMetrics(List<ReceivedMetric> received) {
		this.metrics.addAll(received);
	}

	synchronized void addLogRecords(List<ReceivedLogRecord> received) {
		this.logRecords.addAll(received);
	}

	/** Keeps each request header's values under its lower-case name. */
	synchronized void addHeaders(Map<String, List<String>> received) {
		received.forEach((name, values) -> this.headers.computeIfAbsent(name.toLowerCase(Locale.ROOT), (n) -> new TreeSet<>())
			.addAll(values));
	}

	synchronized SortedSet<String> headerValues(String name) {
		return Collections.unmodifiableSortedSet(
				new TreeSet<>(this.headers.getOrDefault(name.toLowerCase(Locale.ROOT), Collections.emptySortedSet())));
	}

	/** Counts a request by its path, whatever it was and however it was answered. */
	synchronized void addPath(String path) {
		this.paths.merge(path, 1L, Long::sum);
	}

	/** Requests whose path starts with {@code prefix}, such as {@code /rank-0/}. */
	synchronized long requestsUnder(String prefix) {
		return this.paths.entrySet()
			.stream()
			.filter((entry) -> entry.getKey().startsWith(prefix))
			.mapToLong(Map.Entry::getValue)
			.sum();
	}

	/** Every request path seen, with its count. */
	synchronized SortedMap<String, Long> paths() {
		return Collections.unmodifiableSortedMap(new TreeMap<>(this.paths));
	}

	synchronized void addFailure(String failure) {
		this.failures.add(failure);
	}

	Counter requests() {
		return this.requests;
	}

	Counter unavailable() {
		return this.unavailable;
	}

	Counter blackholed() {
		return this.blackholed;
	}

	synchronized List<ReceivedSpan> spans() {
		return List.copyOf(this.spans);
	}

	synchronized List<ReceivedMetric> metrics() {
		return List.copyOf(this.metrics);
	}

	synchronized List<ReceivedLogRecord> logRecords() {
		return List.copyOf(this.logRecords);
	}

	synchronized List<String> failures() {
		return List.copyOf(this.failures);
	}

	SortedMap<Long, List<ReceivedSpan>> spansByRank() {
		return byRank(spans(), ReceivedSpan::resource);
	}

	SortedMap<Long, List<ReceivedLogRecord>> logRecordsByRank() {
		return byRank(logRecords(), ReceivedLogRecord::resource);
	}

	SortedMap<Long, SortedSet<String>> metricNamesByRank() {
		SortedMap<Long, SortedSet<String>> names = new TreeMap<>();
		byRank(metrics(), ReceivedMetric::resource).forEach((rank, metrics) -> names.put(rank,
				Collections.unmodifiableSortedSet(new TreeSet<>(metrics.stream().map(ReceivedMetric::name).toList()))));
		return Collections.unmodifiableSortedMap(names);
	}

	synchronized SortedSet<String> serviceInstanceIds() {
		SortedSet<String> ids = new TreeSet<>();
		Stream.of(this.spans.stream().map(ReceivedSpan::resource), this.metrics.stream().map(ReceivedMetric::resource),
				this.logRecords.stream().map(ReceivedLogRecord::resource))
			.flatMap(Function.identity())
			.map(ReceivedResource::serviceInstanceId)
			.filter(Objects::nonNull)
			.forEach(ids::add);
		return Collections.unmodifiableSortedSet(ids);
	}

	synchronized void clear() {
		this.spans.clear();
		this.metrics.clear();
		this.logRecords.clear();
		this.failures.clear();
		this.headers.clear();
		this.paths.clear();
		this.requests.clear();
		this.unavailable.clear();
		this.blackholed.clear();
	}

	/** Groups by {@code dl.rank}, ranks ascending; items whose resource has no rank are left out. */
	private static <T> SortedMap<Long, List<T>> byRank(List<T> items, Function<T, ReceivedResource> resource) {
		SortedMap<Long, List<T>> byRank = new TreeMap<>();
		for (T item : items) {
			resource.apply(item).rank().ifPresent((rank) -> byRank.computeIfAbsent(rank, (r) -> new ArrayList<>()).add(item));
		}
		byRank.replaceAll((rank, list) -> Collections.unmodifiableList(list));
		return Collections.unmodifiableSortedMap(byRank);
	}

	/** A count per signal, safe to bump from any handler thread. */
	static final class Counter {

		private final Map<Signal, AtomicLong> counts = new EnumMap<>(Signal.class);

		Counter() {
			for (Signal signal : Signal.values()) {
				this.counts.put(signal, new AtomicLong());
			}
		}

		void increment(Signal signal) {
			this.counts.get(signal).incrementAndGet();
		}

		long get(Signal signal) {
			return this.counts.get(signal).get();
		}

		private void clear() {
			this.counts.values().forEach((count) -> count.set(0));
		}

	}

}

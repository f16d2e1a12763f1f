package nemo.lens.benchmarks.fleet;

import java.util.HashMap;
import java.util.Map;

/**
 * What one OTLP/HTTP protobuf request carried, per rank ({@code dl.rank} of each resource, the
 * attribute Lens stamps on everything a rank sends; {@code -1} when absent): spans, metric data
 * points and log records, and the latest start time of its spans (wall clock, ns), which tells
 * whether a rank sent a span that started after it said it had switched off.
 */
final class OtlpCounts {

	/** The counts of one rank in one request. */
	static final class Tally {

		long spans;

		long points;

		long logs;

		long latestSpanStart;

	}

	private static final String RANK = "dl.rank";

	private OtlpCounts() {
	}

	/**
	 * Decodes an export request of any signal: every request message has its resource-level
	 * entries as field 1, each with its resource as field 1 and its scope entries as field 2.
	 * @param body the request body
	 * @param signal {@code traces}, {@code metrics} or {@code logs}
	 * @return the tallies, by rank
	 */
	static Map<Integer, Tally> decode(byte[] body, String signal) {
		Map<Integer, Tally> tallies = new HashMap<>();
		ProtoReader request = new ProtoReader(body, 0, body.length);
		for (int field = request.next(); field != -1; field = request.next()) {
			if (field != 1) {
				request.skip();
				continue;
			}
			ProtoReader resourceEntry = request.message();
			int rank = -1;
			Tally tally = new Tally();
			for (int f = resourceEntry.next(); f != -1; f = resourceEntry.next()) {
				if (f == 1) {
					rank = rank(resourceEntry.message());
				}
				else if (f == 2) {
					countScope(resourceEntry.message(), signal, tally);
				}
				else {
					resourceEntry.skip();
				}
			}
			Tally total = tallies.computeIfAbsent(rank, (key) -> new Tally());
			total.spans += tally.spans;
			total.points += tally.points;
			total.logs += tally.logs;
			total.latestSpanStart = Math.max(total.latestSpanStart, tally.latestSpanStart);
		}
		return tallies;
	}

	/** Resource: attributes are field 1, each a KeyValue (key 1, AnyValue 2: int 3, string 1). */
	private static int rank(ProtoReader resource) {
		for (int f = resource.next(); f != -1; f = resource.next()) {
			if (f != 1) {
				resource.skip();
				continue;
			}
			ProtoReader keyValue = resource.message();
			String key = null;
			Long value = null;
			for (int k = keyValue.next(); k != -1; k = keyValue.next()) {
				if (k == 1) {
					key = keyValue.string();
				}
				else if (k == 2) {
					value = intValue(keyValue.message());
				}
				else {
					keyValue.skip();
				}
			}
			if (RANK.equals(key) && value != null) {
				return value.intValue();
			}
		}
		return -1;
	}

	private static Long intValue(ProtoReader anyValue) {
		for (int f = anyValue.next(); f != -1; f = anyValue.next()) {
			if (f == 3) {
				return anyValue.varint();
			}
			if (f == 1) {
				// Micrometer's OTLP registry stamps resource attributes as text.
				try {
					return Long.valueOf(anyValue.string());
				}
				catch (NumberFormatException ex) {
					return null;
				}
			}
			anyValue.skip();
		}
		return null;
	}

	/** ScopeSpans/ScopeMetrics/ScopeLogs: the items are field 2. */
	private static void countScope(ProtoReader scope, String signal, Tally tally) {
		for (int f = scope.next(); f != -1; f = scope.next()) {
			if (f != 2) {
				scope.skip();
				continue;
			}
			ProtoReader item = scope.message();
			switch (signal) {
				case "traces" -> {
					tally.spans++;
					tally.latestSpanStart = Math.max(tally.latestSpanStart, spanStart(item));
				}
				case "metrics" -> tally.points += dataPoints(item);
				default -> tally.logs++;
			}
		}
	}

	/** Span: start_time_unix_nano is field 7, a fixed64. */
	private static long spanStart(ProtoReader span) {
		for (int f = span.next(); f != -1; f = span.next()) {
			if (f == 7) {
				return span.fixed64();
			}
			span.skip();
		}
		return 0;
	}

	/** Metric: gauge 5, sum 7, histogram 9, exponential histogram 10, summary 11; data points are field 1 of each. */
	private static long dataPoints(ProtoReader metric) {
		long points = 0;
		for (int f = metric.next(); f != -1; f = metric.next()) {
			if (f == 5 || f == 7 || f == 9 || f == 10 || f == 11) {
				ProtoReader data = metric.message();
				for (int d = data.next(); d != -1; d = data.next()) {
					if (d == 1) {
						points++;
					}
					data.skip();
				}
			}
			else {
				metric.skip();
			}
		}
		return points;
	}

}

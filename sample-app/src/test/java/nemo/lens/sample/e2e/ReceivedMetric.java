package nemo.lens.sample.e2e;

import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * One metric of one export, with the resource that sent it. A periodic reader exports the same
 * metric again on every interval, so the same name arrives many times.
 *
 * @param resource the sending resource
 * @param scopeName the instrumentation scope's name
 * @param name the metric name
 * @param type the OTLP data kind: {@code SUM}, {@code GAUGE}, {@code HISTOGRAM},
 * {@code EXPONENTIAL_HISTOGRAM} or {@code SUMMARY}
 * @param total the sum of the values of a {@code SUM}'s points, empty for other kinds
 */
public record ReceivedMetric(ReceivedResource resource, String scopeName, String name, String type,
		OptionalDouble total) {

	/** The sending resource's {@code dl.rank}. */
	public OptionalLong rank() {
		return this.resource.rank();
	}

}

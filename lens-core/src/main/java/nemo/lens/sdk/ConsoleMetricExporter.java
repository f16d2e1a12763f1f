package nemo.lens.sdk;

import java.io.PrintStream;
import java.util.Collection;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.metrics.InstrumentType;
import io.opentelemetry.sdk.metrics.data.AggregationTemporality;
import io.opentelemetry.sdk.metrics.data.DoublePointData;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.LongPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.metrics.data.PointData;
import io.opentelemetry.sdk.metrics.export.MetricExporter;

/**
 * Writes one compact line per metric point, so that a developer sees what an exporting rank would
 * send without running a collector.
 */
final class ConsoleMetricExporter extends AbstractConsoleExporter implements MetricExporter {

	ConsoleMetricExporter(PrintStream out) {
		super(out);
	}

	@Override
	public CompletableResultCode export(Collection<MetricData> metrics) {
		for (MetricData metric : metrics) {
			for (PointData point : metric.getData().getPoints()) {
				println("[nemo.lens] metric " + metric.getName() + " rank="
						+ ConsoleFormat.rank(metric.getResource()) + " value=" + value(point)
						+ ConsoleFormat.attributes(point.getAttributes()));
			}
		}
		return CompletableResultCode.ofSuccess();
	}

	private static String value(PointData point) {
		if (point instanceof LongPointData longPoint) {
			return Long.toString(longPoint.getValue());
		}
		if (point instanceof DoublePointData doublePoint) {
			return Double.toString(doublePoint.getValue());
		}
		if (point instanceof HistogramPointData histogram) {
			return "count:" + histogram.getCount() + ",sum:" + histogram.getSum();
		}
		return point.getClass().getSimpleName();
	}

	@Override
	public AggregationTemporality getAggregationTemporality(InstrumentType instrumentType) {
		return AggregationTemporality.CUMULATIVE;
	}

}

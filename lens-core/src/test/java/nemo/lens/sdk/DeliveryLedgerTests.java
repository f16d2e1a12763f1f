package nemo.lens.sdk;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.opentelemetry.exporter.otlp.http.metrics.OtlpHttpMetricExporter;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.common.export.MemoryMode;
import io.opentelemetry.sdk.metrics.Aggregation;
import io.opentelemetry.sdk.metrics.InstrumentType;
import io.opentelemetry.sdk.metrics.data.AggregationTemporality;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.metrics.export.DefaultAggregationSelector;
import io.opentelemetry.sdk.metrics.export.MetricExporter;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The ledger's exporters count what they deliver and change nothing else about the exporter they
 * wrap, but for one thing: a metric exporter is closed only once its export under way is answered.
 */
class DeliveryLedgerTests {

	private final DeliveryLedger ledger = new DeliveryLedger(() -> 0, (warning) -> {
	});

	@Test
	void countingMetricExporterKeepsTheExportersAggregationAndMemoryMode() {
		MetricExporter exporter = OtlpHttpMetricExporter.builder()
			.setDefaultAggregationSelector(DefaultAggregationSelector.getDefault()
				.with(InstrumentType.HISTOGRAM, Aggregation.base2ExponentialBucketHistogram()))
			.setMemoryMode(MemoryMode.IMMUTABLE_DATA)
			.build();
		try {
			MetricExporter counting = this.ledger.counting(exporter);
			assertThat(counting.getDefaultAggregation(InstrumentType.HISTOGRAM))
				.isEqualTo(exporter.getDefaultAggregation(InstrumentType.HISTOGRAM));
			assertThat(counting.getMemoryMode()).isEqualTo(MemoryMode.IMMUTABLE_DATA);
		}
		finally {
			exporter.shutdown();
		}
	}

	@Test
	void aMetricExporterIsClosedOnlyOnceTheExportUnderWayIsAnswered() {
		CompletableResultCode answer = new CompletableResultCode();
		AtomicInteger closes = new AtomicInteger();
		MetricExporter counting = this.ledger.counting(new AnsweredLaterExporter(answer, closes));
		counting.export(List.of());
		CompletableResultCode closed = counting.shutdown();
		assertThat(closes).as("closed while its export is in flight").hasValue(0);
		answer.succeed();
		assertThat(closed.join(10, TimeUnit.SECONDS).isSuccess()).isTrue();
		assertThat(closes).hasValue(1);
	}

	@Test
	void aMetricExporterWithNoExportUnderWayIsClosedAtOnce() {
		AtomicInteger closes = new AtomicInteger();
		MetricExporter counting = this.ledger.counting(new AnsweredLaterExporter(CompletableResultCode.ofSuccess(), closes));
		counting.export(List.of());
		assertThat(counting.shutdown().isSuccess()).isTrue();
		assertThat(closes).hasValue(1);
	}

	/** Answers every export with one given result; counts its closes. */
	private record AnsweredLaterExporter(CompletableResultCode answer, AtomicInteger closes) implements MetricExporter {

		@Override
		public CompletableResultCode export(Collection<MetricData> metrics) {
			return this.answer;
		}

		@Override
		public CompletableResultCode flush() {
			return CompletableResultCode.ofSuccess();
		}

		@Override
		public CompletableResultCode shutdown() {
			this.closes.incrementAndGet();
			return CompletableResultCode.ofSuccess();
		}

		@Override
		public AggregationTemporality getAggregationTemporality(InstrumentType instrumentType) {
			return AggregationTemporality.CUMULATIVE;
		}

	}

}

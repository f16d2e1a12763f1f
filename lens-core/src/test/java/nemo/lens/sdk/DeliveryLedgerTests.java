package nemo.lens.sdk;

import io.opentelemetry.exporter.otlp.http.metrics.OtlpHttpMetricExporter;
import io.opentelemetry.sdk.common.export.MemoryMode;
import io.opentelemetry.sdk.metrics.Aggregation;
import io.opentelemetry.sdk.metrics.InstrumentType;
import io.opentelemetry.sdk.metrics.export.DefaultAggregationSelector;
import io.opentelemetry.sdk.metrics.export.MetricExporter;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

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

}

package nemo.lens.sdk;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each pipeline a rank builds gets an exporter of its own, which it closes: a copy of an OTLP
 * exporter with every setting, or what a {@link CopyableExporter} makes; other exporters are lent
 * and stay open until the rank ends.
 */
class ExporterCopiesTests {

	@Test
	void anOtlpExporterIsCopiedWithItsSettings() {
		OtlpHttpSpanExporter lent = OtlpHttpSpanExporter.builder()
			.setEndpoint("http://127.0.0.1:9/v1/traces")
			.addHeader("tenant", "ml")
			.build();
		SpanExporter copy = ExporterCopies.copyOf(lent, SpanExporter.class);
		try {
			assertThat(copy).isInstanceOf(OtlpHttpSpanExporter.class).isNotSameAs(lent);
			assertThat(copy.toString()).contains("127.0.0.1:9").contains("tenant");
		}
		finally {
			lent.shutdown();
			copy.shutdown();
		}
	}

	@Test
	void aCopyableExporterSaysHowItIsCopied() {
		CountingExporter copy = new CountingExporter();
		assertThat(ExporterCopies.copyOf(new Copyable(copy), SpanExporter.class)).isSameAs(copy);
	}

	@Test
	void anyOtherExporterIsNotCopied() {
		assertThat(ExporterCopies.copyOf(new CountingExporter(), SpanExporter.class)).isNull();
	}

	@Test
	void eachPipelineExportsThroughACopyAndClosesItLeavingTheCallersExporterOpen() {
		CountingExporter first = new CountingExporter();
		Copyable callers = new Copyable(first);
		ReusableExports exports = new ReusableExports(new ExportOverrides() {

			@Override
			public SpanExporter spanExporter() {
				return callers;
			}

		});
		SpanExporter pipeline = exports.spanExporter();
		pipeline.export(List.of());
		pipeline.shutdown();
		assertThat(first.exports).hasValue(1);
		assertThat(first.shutdowns).as("the pipeline's copy is closed with it").hasValue(1);
		assertThat(callers.shutdowns).as("the caller's exporter stays open for the next pipeline").hasValue(0);
		exports.shutdown(Duration.ofSeconds(1));
		assertThat(callers.shutdowns).as("and is closed with the rank").hasValue(1);
	}

	private static class CountingExporter implements SpanExporter {

		final AtomicInteger exports = new AtomicInteger();

		final AtomicInteger shutdowns = new AtomicInteger();

		@Override
		public CompletableResultCode export(Collection<SpanData> spans) {
			this.exports.incrementAndGet();
			return CompletableResultCode.ofSuccess();
		}

		@Override
		public CompletableResultCode flush() {
			return CompletableResultCode.ofSuccess();
		}

		@Override
		public CompletableResultCode shutdown() {
			this.shutdowns.incrementAndGet();
			return CompletableResultCode.ofSuccess();
		}

	}

	private static final class Copyable extends CountingExporter implements CopyableExporter<SpanExporter> {

		private final SpanExporter copy;

		Copyable(SpanExporter copy) {
			this.copy = copy;
		}

		@Override
		public SpanExporter copyForPipeline() {
			return this.copy;
		}

	}

}

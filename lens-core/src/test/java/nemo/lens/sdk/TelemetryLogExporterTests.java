package nemo.lens.sdk;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import io.opentelemetry.api.logs.Logger;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.logs.data.LogRecordData;
import io.opentelemetry.sdk.logs.export.LogRecordExporter;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A caller's log record exporter (Spring Boot's OTLP log exporter bean, for one) carries an
 * exporting rank's logs when logs are enabled, and nothing otherwise.
 */
class TelemetryLogExporterTests {

	private final Map<String, String> env = new HashMap<>();

	private final TelemetrySetup setup = new TelemetrySetup(new ExportStrategyRegistry(this.env::get), this.env::get);

	private final RecordingLogRecordExporter logs = new RecordingLogRecordExporter();

	private TelemetryHandle setup(boolean logsEnabled, int rank) {
		NemoLensConfig config = NemoLensConfig.builder()
			.enabled(true)
			.exporter("none")
			.metricsEnabled(false)
			.logsEnabled(logsEnabled)
			.build();
		return this.setup.setup(config, rank, 2, TelemetryOptions.builder().logRecordExporter(this.logs).build());
	}

	private static void log(TelemetryHandle handle) {
		Logger logger = handle.openTelemetry().getLogsBridge().get("test");
		logger.logRecordBuilder().setBody("step done").emit();
	}

	@Test
	void exportingRankWithLogsEnabledSendsThroughTheCallersExporter() {
		try (TelemetryHandle handle = setup(true, 1)) {
			log(handle);
			handle.shutdown();
			assertThat(this.logs.records()).extracting((record) -> record.getBodyValue().asString())
				.containsExactly("step done");
		}
	}

	@Test
	void exportingRankWithLogsDisabledSendsNoLog() {
		try (TelemetryHandle handle = setup(false, 1)) {
			log(handle);
			handle.shutdown();
			assertThat(this.logs.records()).isEmpty();
		}
	}

	@Test
	void silentRankSendsNoLog() {
		try (TelemetryHandle handle = setup(true, 0)) {
			log(handle);
			handle.shutdown();
			assertThat(this.logs.records()).isEmpty();
		}
	}

	/** Keeps what it was given after shutdown, unlike the SDK's in-memory exporter. */
	private static final class RecordingLogRecordExporter implements LogRecordExporter {

		private final List<LogRecordData> records = new CopyOnWriteArrayList<>();

		List<LogRecordData> records() {
			return this.records;
		}

		@Override
		public CompletableResultCode export(Collection<LogRecordData> logs) {
			this.records.addAll(logs);
			return CompletableResultCode.ofSuccess();
		}

		@Override
		public CompletableResultCode flush() {
			return CompletableResultCode.ofSuccess();
		}

		@Override
		public CompletableResultCode shutdown() {
			return CompletableResultCode.ofSuccess();
		}

	}

}

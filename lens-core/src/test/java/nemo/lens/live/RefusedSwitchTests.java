package nemo.lens.live;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.metrics.InstrumentType;
import io.opentelemetry.sdk.metrics.data.AggregationTemporality;
import io.opentelemetry.sdk.metrics.export.CollectionRegistration;
import io.opentelemetry.sdk.metrics.export.MetricReader;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import nemo.lens.Await;
import nemo.lens.ExportOverride;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.RecordingSpanExporter;
import nemo.lens.Signal;
import nemo.lens.SwitchRefusedException;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import nemo.lens.control.ControlStatus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A switch is made whole or refused with nothing changed, whatever fails in it: a refused switch
 * leaves the override, the decision, the pipelines and the control file exactly as they were, and
 * a notice or a door that fails after the switch is made leaves it made, its end scheduled.
 */
class RefusedSwitchTests {

	private final Map<String, String> env = new HashMap<>();

	private final ExportStrategyRegistry registry = new ExportStrategyRegistry(this.env::get);

	private final RefusingMetricReader metricReader = new RefusingMetricReader();

	private final List<String> warnings = new CopyOnWriteArrayList<>();

	private TelemetryHandle handle;

	@AfterEach
	void shutdown() {
		if (this.handle != null) {
			this.handle.shutdown();
		}
	}

	private TelemetryHandle rank(int rank, NemoLensConfig.Builder config, Consumer<String> notices) {
		this.handle = new TelemetrySetup(this.registry, this.env::get).setup(
				config.enabled(true).exporter("none").build(), rank, 4,
				TelemetryOptions.builder()
					.spanExporter(new RecordingSpanExporter())
					.metricReader(this.metricReader)
					.warnings(this.warnings::add)
					.notices(notices)
					.shutdownHook(false)
					.switchable(true)
					.build());
		return this.handle;
	}

	private TelemetryHandle rank(int rank, NemoLensConfig.Builder config) {
		return rank(rank, config, (notice) -> {
		});
	}

	@Test
	void aSwitchOnWhoseSdkCannotBeBuiltLeavesTheOverrideAndThePipelinesAsTheyWere() {
		TelemetryHandle silent = rank(0, NemoLensConfig.builder());
		silent.override(ExportOverride.State.EXPORTING, Set.of(Signal.TRACES), Duration.ofMinutes(15), "test");
		RankState before = RankState.of(silent);
		this.metricReader.refuse();
		assertThatThrownBy(() -> silent.override(ExportOverride.State.EXPORTING, Duration.ofMinutes(15), "test"))
			.isInstanceOf(SwitchRefusedException.class)
			.hasMessageContaining("the metric reader refuses")
			.hasMessageEndingWith("nothing changed.");
		assertThat(RankState.of(silent)).isEqualTo(before);
	}

	@Test
	void aRefreshWhoseStrategyThrowsChangesNothing() {
		this.registry.register("flaky", (config, rank, worldSize) -> {
			throw new IllegalStateException("inventory service unreachable");
		});
		TelemetryHandle exporting = rank(3, NemoLensConfig.builder());
		RankState before = RankState.of(exporting);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> exporting.reconfigure(NemoLensConfig.builder().exportStrategy("flaky").build(), "test"))
			.withMessageContaining("inventory service unreachable");
		assertThat(RankState.of(exporting)).isEqualTo(before);
	}

	@Test
	void aRefreshRefusedAfterItsStrategyDroppedTheControlFileLeavesTheFileInForce(@TempDir Path folder)
			throws IOException {
		// Fails on the refreshed settings only: the control file's content can no longer be decided.
		this.registry.register("flaky", (config, rank, worldSize) -> {
			if (config.exportRank() == 0) {
				throw new IllegalStateException("inventory service unreachable");
			}
			return false;
		});
		Path control = folder.resolve("lens.properties");
		TelemetryHandle silent = rank(0,
				NemoLensConfig.builder().controlFile(control.toString()).controlInterval(Duration.ofMillis(20)));
		Files.writeString(control, "export-strategy=flaky\n");
		assertThat(Await.until(() -> silent.controlStatus().orElseThrow().state().equals("applied"))).isTrue();
		RankState before = RankState.of(silent);
		this.metricReader.refuse();
		// The strategies pick rank 0 now; the file would count no more, and the switch-on cannot be built.
		assertThatThrownBy(() -> silent.reconfigure(NemoLensConfig.builder().exportRank(0).build(), "test"))
			.isInstanceOf(SwitchRefusedException.class)
			.hasMessageContaining("the metric reader refuses");
		assertThat(RankState.of(silent)).isEqualTo(before);
		assertThat(this.warnings).noneMatch((warning) -> warning.contains("control file"));
	}

	@Test
	void aNoticeThatFailsLeavesTheSwitchMadeAndItsEndScheduled() {
		TelemetryHandle silent = rank(0, NemoLensConfig.builder(), (notice) -> {
			throw new IllegalStateException("the log is closed");
		});
		ExportOverride override = silent.override(ExportOverride.State.EXPORTING, Duration.ofMillis(300), "test");
		assertThat(silent.override()).contains(override);
		assertThat(silent.isExporting(Signal.TRACES)).isTrue();
		assertThat(Await.until(() -> silent.override().isEmpty() && !silent.isExporting()))
			.as("the override ends by itself")
			.isTrue();
	}

	@Test
	void aDoorThatCannotFollowLeavesTheSwitchMadeAndItsEndScheduled() {
		TelemetryHandle silent = rank(0, NemoLensConfig.builder());
		AtomicInteger followed = new AtomicInteger();
		silent.onSwitch(() -> {
			throw new NoClassDefFoundError("io/micrometer/registry/otlp/OtlpMeterRegistry");
		});
		silent.onSwitch(followed::incrementAndGet);
		ExportOverride override = silent.override(ExportOverride.State.EXPORTING, Duration.ofMillis(300), "test");
		assertThat(silent.override()).contains(override);
		assertThat(followed).as("the other doors follow").hasValue(1);
		assertThat(Await.until(() -> silent.override().isEmpty() && !silent.isExporting()))
			.as("the override ends by itself")
			.isTrue();
	}

	/**
	 * What a switch may change, as the handle shows it: the override, each signal's state and
	 * strategy decision, the SDK serving (by identity), and the control file.
	 */
	private record RankState(Optional<ExportOverride> override, Map<Signal, Boolean> exporting,
			Map<Signal, Boolean> selectedByStrategy, String exportStrategy, Object tracerProvider,
			Object meterProvider, Optional<ControlStatus> control) {

		static RankState of(TelemetryHandle handle) {
			Map<Signal, Boolean> exporting = new EnumMap<>(Signal.class);
			Map<Signal, Boolean> selected = new EnumMap<>(Signal.class);
			for (Signal signal : Signal.values()) {
				exporting.put(signal, handle.isExporting(signal));
				selected.put(signal, handle.isSelectedByStrategy(signal));
			}
			Optional<OpenTelemetrySdk> sdk = handle.sdk();
			return new RankState(handle.override(), exporting, selected, handle.exportStrategy(),
					sdk.map(OpenTelemetrySdk::getSdkTracerProvider).orElse(null),
					sdk.map(OpenTelemetrySdk::getSdkMeterProvider).orElse(null), handle.controlStatus());
		}

	}

	/** A caller's metric reader that stops taking new SDKs when told: their build then fails. */
	private static final class RefusingMetricReader implements MetricReader {

		private final InMemoryMetricReader delegate = InMemoryMetricReader.create();

		private volatile boolean refusing;

		void refuse() {
			this.refusing = true;
		}

		@Override
		public void register(CollectionRegistration registration) {
			if (this.refusing) {
				throw new IllegalStateException("the metric reader refuses a new SDK");
			}
			this.delegate.register(registration);
		}

		@Override
		public AggregationTemporality getAggregationTemporality(InstrumentType instrumentType) {
			return this.delegate.getAggregationTemporality(instrumentType);
		}

		@Override
		public CompletableResultCode forceFlush() {
			return this.delegate.forceFlush();
		}

		@Override
		public CompletableResultCode shutdown() {
			return this.delegate.shutdown();
		}

	}

}

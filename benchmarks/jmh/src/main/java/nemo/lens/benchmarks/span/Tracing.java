package nemo.lens.benchmarks.span;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;

/**
 * The tracing set-ups compared by {@link SpanBenchmark}: what users have today, and Lens on a
 * silent and on an exporting rank. Both exporting set-ups put the same no-op exporter behind the
 * SDK's default {@link BatchSpanProcessor}, so that they differ only by what Lens adds.
 */
public enum Tracing {

	/** (b) The OpenTelemetry API with no SDK: {@link OpenTelemetry#noop()}. */
	NOOP_API {
		@Override
		Instance start() {
			return new Instance(OpenTelemetry.noop().getTracer(SCOPE), () -> {
			});
		}
	},

	/**
	 * (c) The SDK with sampler {@code always_off}: how a process is silenced today (Spring Boot's
	 * {@code management.tracing.sampling.probability=0}), with the batch processor and exporter it
	 * keeps configured.
	 */
	SDK_ALWAYS_OFF {
		@Override
		Instance start() {
			return sdk(Sampler.alwaysOff());
		}
	},

	/** (d) A Lens rank that does not export: the handle's tracer. */
	LENS_NON_EXPORTING {
		@Override
		Instance start() {
			return lens(SILENT_RANK, false);
		}
	},

	/** (e) The SDK set up by hand: its default sampler (parent-based always-on), batch processor, no-op exporter. */
	SDK_EXPORTING {
		@Override
		Instance start() {
			return sdk(Sampler.parentBased(Sampler.alwaysOn()));
		}
	},

	/** (f) A Lens rank that exports, to the same no-op exporter behind the same batch processor. */
	LENS_EXPORTING {
		@Override
		Instance start() {
			return lens(EXPORTING_RANK, true);
		}
	},

	/**
	 * (i) The SDK set up by hand, recording every span into a span processor that does nothing with
	 * it: what a real SDK span costs with no exporter behind it, the floor of any recorder.
	 */
	SDK_NOOP_PROCESSOR {
		@Override
		Instance start() {
			SdkTracerProvider provider = SdkTracerProvider.builder()
				.setSampler(Sampler.parentBased(Sampler.alwaysOn()))
				.addSpanProcessor(new NoopSpanProcessor())
				.build();
			return new Instance(provider.get(SCOPE), () -> provider.shutdown().join(10, TimeUnit.SECONDS));
		}
	},

	/** (j) A Lens rank that does not export, with the flight recorder on (issue 26): the handle's tracer. */
	LENS_RECORDING {
		@Override
		Instance start() {
			TelemetryHandle handle = recordingHandle(null);
			return new Instance(handle.tracer(), handle::shutdown);
		}
	};

	/** The instrumentation scope of every tracer. */
	static final String SCOPE = "nemo.lens.benchmarks";

	/**
	 * The batch processor's queue, the same for (e) and (f). With the default 2,048 spans, any
	 * pause of the processor's worker longer than half a millisecond fills the queue at these
	 * rates, and a fork then measures a thread whose spans are mostly dropped (cheaper, and less
	 * work for the other core) or mostly exported, at random: (f)/(e) moved between 0.95 and 1.3
	 * from run to run. A queue that absorbs such pauses measures what a span costs when it is
	 * exported.
	 */
	static final int QUEUE_SIZE = 1 << 17;

	/** The flight recorder's ring, its default size. */
	public static final int RING_SPANS = 2048;

	/** Under {@code single_rank} with the default export rank, the last of two ranks exports. */
	private static final int WORLD_SIZE = 2;

	private static final int SILENT_RANK = 0;

	static final int EXPORTING_RANK = 1;

	abstract Instance start();

	/** The SDK as a user builds it: a sampler, and the no-op exporter behind a default batch processor. */
	private static Instance sdk(Sampler sampler) {
		SdkTracerProvider provider = SdkTracerProvider.builder()
			.setSampler(sampler)
			.addSpanProcessor(BatchSpanProcessor.builder(new NoopSpanExporter()).setMaxQueueSize(QUEUE_SIZE).build())
			.build();
		return new Instance(provider.get(SCOPE), () -> provider.shutdown().join(10, TimeUnit.SECONDS));
	}

	private static Instance lens(int rank, boolean exporting) {
		TelemetryHandle handle = lensHandle(rank, exporting);
		return new Instance(handle.tracer(), handle::shutdown);
	}

	/** A Lens handle for a rank, with the default span groups, checked to export or not. */
	static TelemetryHandle lensHandle(int rank, boolean exporting) {
		NemoLensConfig config = NemoLensConfig.builder()
			.enabled(true)
			.serviceName("nemo-lens-benchmarks")
			.exporter("none")
			.runId("benchmark")
			.build();
		TelemetryHandle handle = new TelemetrySetup(new ExportStrategyRegistry((name) -> null), (name) -> null)
			.setup(config, rank, WORLD_SIZE, TelemetryOptions.builder()
				.spanExporter(new NoopSpanExporter())
				.otelProperties(Map.of("otel.bsp.max.queue.size", String.valueOf(QUEUE_SIZE)))
				.build());
		if (handle.isExporting() != exporting) {
			handle.shutdown();
			throw new IllegalStateException("Expected rank " + rank + " to " + (exporting ? "export" : "stay silent"));
		}
		return handle;
	}

	/**
	 * A silent Lens rank with the flight recorder on, its ring of {@link #RING_SPANS} spans, checked
	 * to stay silent and to record.
	 * @param directory where dumps go, or {@code null} for none
	 * @return the handle
	 */
	public static TelemetryHandle recordingHandle(Path directory) {
		NemoLensConfig.Builder config = NemoLensConfig.builder()
			.enabled(true)
			.serviceName("nemo-lens-benchmarks")
			.exporter("none")
			.runId("benchmark")
			.flightRecorderEnabled(true)
			.flightRecorderSpans(RING_SPANS);
		if (directory != null) {
			config.flightRecorderDirectory(directory.toString());
		}
		TelemetryHandle handle = new TelemetrySetup(new ExportStrategyRegistry((name) -> null), (name) -> null)
			.setup(config.build(), SILENT_RANK, WORLD_SIZE, TelemetryOptions.builder().shutdownHook(false).build());
		if (handle.isExporting() || handle.flightRecorder().isEmpty()) {
			handle.shutdown();
			throw new IllegalStateException("Expected rank " + SILENT_RANK + " to stay silent and record");
		}
		return handle;
	}

	/** A started set-up: its tracer, and how to stop it. */
	static final class Instance implements AutoCloseable {

		private final Tracer tracer;

		private final Runnable stop;

		Instance(Tracer tracer, Runnable stop) {
			this.tracer = tracer;
			this.stop = stop;
		}

		Tracer tracer() {
			return this.tracer;
		}

		@Override
		public void close() {
			this.stop.run();
		}

	}

}

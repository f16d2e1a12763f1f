package nemo.lens.sdk;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.IdGenerator;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.opentelemetry.sdk.trace.samplers.SamplingResult;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class OpenSpanTrackerTests {

	private static final AttributeKey<Boolean> TRUNCATED = AttributeKey.booleanKey("nemo.span.truncated");

	private final InMemorySpanExporter exporter = InMemorySpanExporter.create();

	private Tracer tracer(OpenSpanTracker tracker) {
		return SdkTracerProvider.builder()
			.addSpanProcessor(tracker)
			.addSpanProcessor(SimpleSpanProcessor.create(this.exporter))
			.build()
			.get("test");
	}

	private List<SpanData> truncated() {
		return this.exporter.getFinishedSpanItems()
			.stream()
			.filter((span) -> Boolean.TRUE.equals(span.getAttributes().get(TRUNCATED)))
			.toList();
	}

	@Test
	void endsOnlyTheSpansStillOpen() {
		OpenSpanTracker tracker = new OpenSpanTracker();
		Tracer tracer = tracer(tracker);
		tracer.spanBuilder("done").startSpan().end();
		Span open = tracer.spanBuilder("open").startSpan();
		assertThat(tracker.endOpenSpans()).isOne();
		assertThat(open.isRecording()).isFalse();
		assertThat(truncated()).extracting(SpanData::getName).containsExactly("open");
	}

	@Test
	void listsTheSpansStillOpenAndNotThoseThatEnded() {
		OpenSpanTracker tracker = new OpenSpanTracker();
		Tracer tracer = tracer(tracker);
		tracer.spanBuilder("done").startSpan().end();
		tracer.spanBuilder("open").startSpan();
		assertThat(tracker.openSpans()).extracting(ReadableSpan::getName).containsExactly("open");
	}

	@Test
	void spansBeyondAFullWindowAreCountedAndNotTracked() {
		OpenSpanTracker tracker = new OpenSpanTracker(8);
		Tracer tracer = tracer(tracker);
		List<Span> open = new ArrayList<>();
		for (int i = 0; i < 100; i++) {
			open.add(tracer.spanBuilder("open-" + i).startSpan());
		}
		assertThat(tracker.openSpans()).extracting(ReadableSpan::getName)
			.containsExactlyInAnyOrderElementsOf(open.subList(0, 8).stream().map(this::name).toList());
		assertThat(tracker.untrackedSpans()).isEqualTo(92);
		assertThat(tracker.endOpenSpans()).isEqualTo(8);
	}

	@Test
	void abandonedSpansAreCollectedOnceTheirWindowIsFullAndTheirSlotsTakenAgain() throws Exception {
		OpenSpanTracker tracker = new OpenSpanTracker(8);
		Tracer tracer = tracer(tracker);
		List<WeakReference<Span>> abandoned = new ArrayList<>();
		for (int i = 0; i < 8; i++) {
			abandoned.add(new WeakReference<>(tracer.spanBuilder("abandoned-" + i).startSpan()));
		}
		tracer.spanBuilder("finds-the-window-full").startSpan().end();
		awaitCollected(abandoned);
		Span next = tracer.spanBuilder("next").startSpan();
		assertThat(tracker.openSpans()).extracting(ReadableSpan::getName).containsExactly("next");
		next.end();
	}

	@Test
	void spansTheApplicationStillHoldsStayTrackedWhenTheirWindowIsFull() throws Exception {
		OpenSpanTracker tracker = new OpenSpanTracker(8);
		Tracer tracer = tracer(tracker);
		List<Span> held = new ArrayList<>();
		for (int i = 0; i < 8; i++) {
			held.add(tracer.spanBuilder("held-" + i).startSpan());
		}
		WeakReference<Span> untracked = new WeakReference<>(tracer.spanBuilder("untracked").startSpan());
		awaitCollected(List.of(untracked));
		held.subList(0, 3).forEach(Span::end);
		assertThat(tracker.endOpenSpans()).isEqualTo(5);
		assertThat(truncated()).extracting(SpanData::getName)
			.containsExactlyInAnyOrderElementsOf(held.subList(3, 8).stream().map(this::name).toList());
		assertThat(tracker.endedSampledSpans()).isEqualTo(8);
	}

	/** Asks for collections until every reference is cleared: what a running JVM does by itself. */
	private static void awaitCollected(List<? extends WeakReference<?>> references) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
		while (references.stream().anyMatch((reference) -> !reference.refersTo(null))) {
			assertThat(System.nanoTime()).as("spans collected within 30 s").isLessThan(deadline);
			System.gc();
			Thread.sleep(10);
		}
	}

	@Test
	void spansEndedAfterOverflowingAreForgotten() {
		OpenSpanTracker tracker = new OpenSpanTracker(8);
		Tracer tracer = tracer(tracker);
		List<Span> spans = new ArrayList<>();
		for (int i = 0; i < 50; i++) {
			spans.add(tracer.spanBuilder("span-" + i).startSpan());
		}
		spans.forEach(Span::end);
		assertThat(tracker.endOpenSpans()).isZero();
	}

	@Test
	void spansStartedAndEndedOnManyThreadsLeaveNothingOpen() throws Exception {
		OpenSpanTracker tracker = new OpenSpanTracker(64);
		Tracer tracer = tracer(tracker);
		onThreads(4, () -> {
			for (int i = 0; i < 5_000; i++) {
				Span outer = tracer.spanBuilder("outer").startSpan();
				tracer.spanBuilder("inner").startSpan().end();
				outer.end();
			}
		});
		assertThat(tracker.endOpenSpans()).isZero();
	}

	@Test
	void spansEndedOnOtherThreadsThanTheyStartedOnAreCountedOnce() throws Exception {
		OpenSpanTracker tracker = new OpenSpanTracker(64);
		Tracer tracer = tracer(tracker);
		ExecutorService enders = Executors.newFixedThreadPool(2);
		onThreads(2, () -> {
			for (int i = 0; i < 10_000; i++) {
				Span span = tracer.spanBuilder("handed-over").startSpan();
				enders.execute(span::end);
			}
		});
		enders.shutdown();
		assertThat(enders.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
		assertThat(tracker.endedSampledSpans()).isEqualTo(20_000);
		assertThat(tracker.endOpenSpans()).isZero();
	}

	@Test
	void countsSampledSpansThatEndedWhetherTrackedOrNotOrTruncated() {
		OpenSpanTracker tracker = new OpenSpanTracker(8);
		Tracer tracer = tracer(tracker);
		List<Span> open = new ArrayList<>();
		for (int i = 0; i < 30; i++) {
			open.add(tracer.spanBuilder("open-" + i).startSpan());
		}
		for (int i = 0; i < 1_000; i++) {
			tracer.spanBuilder("short").startSpan().end();
		}
		open.subList(20, 30).forEach(Span::end);
		assertThat(tracker.endedSampledSpans()).isEqualTo(1_010);
		assertThat(tracker.endOpenSpans()).isEqualTo(8);
		assertThat(tracker.endedSampledSpans()).isEqualTo(1_018);
	}

	@Test
	void recordedButUnsampledSpansAreTrackedButNotCounted() {
		OpenSpanTracker tracker = new OpenSpanTracker();
		Tracer tracer = SdkTracerProvider.builder()
			.setSampler(new RecordOnlySampler())
			.addSpanProcessor(tracker)
			.build()
			.get("test");
		tracer.spanBuilder("done").startSpan().end();
		tracer.spanBuilder("open").startSpan();
		assertThat(tracker.endedSampledSpans()).isZero();
		assertThat(tracker.endOpenSpans()).isOne();
	}

	@Test
	void spansWhoseIdsShareTheirLastDigitsShareOneWindowAndTakeItsFreedSlots() {
		OpenSpanTracker tracker = new OpenSpanTracker();
		AtomicLong next = new AtomicLong();
		IdGenerator sameHome = new IdGenerator() {
			@Override
			public String generateSpanId() {
				return String.format("%012x0abc", next.incrementAndGet());
			}

			@Override
			public String generateTraceId() {
				return IdGenerator.random().generateTraceId();
			}
		};
		Tracer tracer = SdkTracerProvider.builder()
			.setIdGenerator(sameHome)
			.addSpanProcessor(tracker)
			.addSpanProcessor(SimpleSpanProcessor.create(this.exporter))
			.build()
			.get("test");
		List<Span> spans = new ArrayList<>();
		for (int i = 0; i < 12; i++) {
			spans.add(tracer.spanBuilder("span-" + i).startSpan());
		}
		spans.subList(0, 4).forEach(Span::end);
		for (int i = 12; i < 16; i++) {
			spans.add(tracer.spanBuilder("span-" + i).startSpan());
		}
		assertThat(tracker.untrackedSpans()).isEqualTo(4);
		assertThat(tracker.endOpenSpans()).isEqualTo(8);
		assertThat(truncated()).extracting(SpanData::getName)
			.containsExactlyInAnyOrderElementsOf(
					Stream.concat(spans.subList(4, 8).stream(), spans.subList(12, 16).stream()).map(this::name).toList());
	}

	/** Runs the task on that many threads at once and waits until every one has finished. */
	private static void onThreads(int threads, Runnable task) throws Exception {
		ExecutorService pool = Executors.newFixedThreadPool(threads);
		try {
			List<Future<?>> work = new ArrayList<>();
			for (int t = 0; t < threads; t++) {
				work.add(pool.submit(task));
			}
			for (Future<?> future : work) {
				future.get(60, TimeUnit.SECONDS);
			}
		}
		finally {
			pool.shutdown();
		}
	}

	/** Records every span without sampling it: processors see it, exporters do not. */
	private static final class RecordOnlySampler implements Sampler {

		@Override
		public SamplingResult shouldSample(Context parentContext, String traceId, String name, SpanKind spanKind,
				Attributes attributes, List<LinkData> parentLinks) {
			return SamplingResult.recordOnly();
		}

		@Override
		public String getDescription() {
			return "RecordOnly";
		}

	}

	private String name(Span span) {
		return ((ReadableSpan) span).getName();
	}

	@Test
	void tableSizeMustBeAPowerOfTwo() {
		assertThatIllegalArgumentException().isThrownBy(() -> new OpenSpanTracker(100)).withMessageContaining("100");
	}

}

package nemo.lens.recorder;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The ring of a silent rank's last finished spans: bounded, oldest first, counting what it dropped,
 * and safe for many threads ending spans at once.
 */
class SpanRingTests {

	private final List<SdkTracerProvider> providers = new ArrayList<>();

	@AfterEach
	void close() {
		this.providers.forEach(SdkTracerProvider::close);
	}

	private Tracer recordingInto(SpanRing ring, Sampler sampler) {
		SdkTracerProvider provider = SdkTracerProvider.builder().addSpanProcessor(ring).setSampler(sampler).build();
		this.providers.add(provider);
		return provider.get("test");
	}

	private static void end(Tracer tracer, String... names) {
		for (String name : names) {
			tracer.spanBuilder(name).startSpan().end();
		}
	}

	private static List<String> names(SpanRing.Contents contents) {
		return contents.spans().stream().map(SpanData::getName).toList();
	}

	@Test
	void aRingKeepsFinishedSpansInTheOrderTheyEnded() {
		SpanRing ring = new SpanRing(4);
		end(recordingInto(ring, Sampler.alwaysOn()), "a", "b", "c");
		assertThat(names(ring.snapshot())).containsExactly("a", "b", "c");
		assertThat(ring.snapshot().dropped()).isZero();
	}

	@Test
	void aRecordedSpanReadsAsItEndedWithItsAttributesEventsAndEndTime() {
		SpanRing ring = new SpanRing(2);
		Span span = recordingInto(ring, Sampler.alwaysOn()).spanBuilder("work").startSpan();
		span.setAttribute("sample.call", 7L);
		span.addEvent("checkpoint");
		span.end(Instant.ofEpochSecond(1_800_000_000L));
		span.setAttribute("after.end", true);
		SpanData recorded = ring.snapshot().spans().get(0);
		assertThat(recorded.hasEnded()).isTrue();
		assertThat(recorded.getEndEpochNanos()).isEqualTo(1_800_000_000L * 1_000_000_000L);
		assertThat(recorded.getAttributes().asMap()).containsOnlyKeys(AttributeKey.longKey("sample.call"));
		assertThat(recorded.getEvents()).extracting(EventData::getName).containsExactly("checkpoint");
	}

	@Test
	void aFullRingDropsTheOldestFirstAndCountsTheDrops() {
		SpanRing ring = new SpanRing(3);
		end(recordingInto(ring, Sampler.alwaysOn()), "1", "2", "3", "4", "5", "6", "7");
		assertThat(names(ring.snapshot())).containsExactly("5", "6", "7");
		assertThat(ring.snapshot().dropped()).isEqualTo(4);
	}

	@Test
	void theCountsOfAFullRingAreThoseItsSnapshotShows() {
		SpanRing ring = new SpanRing(3);
		end(recordingInto(ring, Sampler.alwaysOn()), "1", "2", "3", "4", "5");
		SpanRing.Contents contents = ring.snapshot();
		assertThat(ring.held()).isEqualTo(new SpanRing.Held(contents.spans().size(), contents.dropped()))
			.isEqualTo(new SpanRing.Held(3, 2));
	}

	@Test
	void aSpanStillOpenIsNotInTheRing() {
		SpanRing ring = new SpanRing(3);
		Tracer tracer = recordingInto(ring, Sampler.alwaysOn());
		tracer.spanBuilder("open").startSpan();
		assertThat(ring.snapshot().spans()).isEmpty();
	}

	@Test
	void aSpanTheSamplerDropsIsNotKept() {
		SpanRing ring = new SpanRing(3);
		end(recordingInto(ring, Sampler.alwaysOff()), "dropped by the sampler");
		assertThat(ring.snapshot().spans()).isEmpty();
		assertThat(ring.snapshot().dropped()).isZero();
	}

	@Test
	void aSnapshotLeavesTheSpansInTheRing() {
		SpanRing ring = new SpanRing(3);
		end(recordingInto(ring, Sampler.alwaysOn()), "a", "b");
		ring.snapshot();
		assertThat(names(ring.snapshot())).containsExactly("a", "b");
	}

	@Test
	void aDrainEmptiesTheRingAndStartsTheDropCountAgain() {
		SpanRing ring = new SpanRing(2);
		Tracer tracer = recordingInto(ring, Sampler.alwaysOn());
		end(tracer, "1", "2", "3");
		SpanRing.Contents drained = ring.drain();
		assertThat(names(drained)).containsExactly("2", "3");
		assertThat(drained.dropped()).isEqualTo(1);
		assertThat(ring.snapshot().spans()).isEmpty();
		assertThat(ring.snapshot().dropped()).isZero();
		end(tracer, "4");
		assertThat(names(ring.snapshot())).containsExactly("4");
	}

	@Test
	void theRingIsBoundedByItsCapacityWhateverIsWritten() {
		SpanRing ring = new SpanRing(5);
		Tracer tracer = recordingInto(ring, Sampler.alwaysOn());
		for (int i = 0; i < 1_000; i++) {
			end(tracer, "span-" + i);
			assertThat(ring.snapshot().spans()).hasSizeLessThanOrEqualTo(5);
		}
		assertThat(ring.snapshot().spans()).hasSize(5);
		assertThat(ring.snapshot().dropped()).isEqualTo(995);
	}

	@Test
	void aRingWithoutRoomIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> new SpanRing(0))
			.withMessageContaining("at least one span, got 0");
	}

	@Test
	void concurrentWritersLoseNoSpanWhileTheRingHasRoom() throws InterruptedException {
		int threads = 8;
		int perThread = 500;
		SpanRing ring = new SpanRing(threads * perThread);
		runConcurrently(recordingInto(ring, Sampler.alwaysOn()), threads, perThread);
		SpanRing.Contents contents = ring.snapshot();
		assertThat(contents.spans()).hasSize(threads * perThread);
		assertThat(new HashSet<>(names(contents))).hasSize(threads * perThread);
		assertThat(contents.dropped()).isZero();
	}

	@Test
	void concurrentWritersOnAFullRingLeaveExactlyItsCapacityAndCountEveryOtherSpanAsDropped()
			throws InterruptedException {
		int threads = 8;
		int perThread = 2_000;
		SpanRing ring = new SpanRing(1_000);
		runConcurrently(recordingInto(ring, Sampler.alwaysOn()), threads, perThread);
		SpanRing.Contents contents = ring.snapshot();
		assertThat(contents.spans()).hasSize(1_000);
		assertThat(contents.dropped()).isEqualTo(threads * perThread - 1_000);
		assertThat(new HashSet<>(names(contents))).hasSize(1_000);
		assertEachThreadsSpansInOrder(contents);
	}

	/** Spans of one thread end one after the other, so the ring holds them in that order. */
	private static void assertEachThreadsSpansInOrder(SpanRing.Contents contents) {
		Map<String, Integer> lastByThread = new HashMap<>();
		for (String name : names(contents)) {
			String[] parts = name.split("/");
			int index = Integer.parseInt(parts[1]);
			Integer last = lastByThread.put(parts[0], index);
			assertThat(last == null || last < index).as(name + " after " + last).isTrue();
		}
	}

	private static void runConcurrently(Tracer tracer, int threads, int perThread) throws InterruptedException {
		CountDownLatch start = new CountDownLatch(1);
		List<Thread> writers = new ArrayList<>();
		Set<Throwable> failures = ConcurrentHashMap.newKeySet();
		for (int t = 0; t < threads; t++) {
			String thread = "t" + t;
			Thread writer = new Thread(() -> {
				try {
					start.await();
					for (int i = 0; i < perThread; i++) {
						tracer.spanBuilder(thread + "/" + i).startSpan().end();
					}
				}
				catch (Throwable ex) {
					failures.add(ex);
				}
			});
			writer.start();
			writers.add(writer);
		}
		start.countDown();
		for (Thread writer : writers) {
			writer.join();
		}
		assertThat(failures).isEmpty();
	}

}

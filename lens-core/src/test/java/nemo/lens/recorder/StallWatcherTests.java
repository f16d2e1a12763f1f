package nemo.lens.recorder;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.common.Clock;
import io.opentelemetry.sdk.testing.time.TestClock;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SpanProcessor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A span open longer than the stall timeout has the rank dump itself once: the spans that dump
 * shows never ask again, a later stall asks for its own, a dump held back is asked for again; the
 * stall the status shows is the innermost stalled span, since its start. Time is the SDK's test
 * clock, moved by hand: the watcher's look is called directly, as its thread would.
 */
class StallWatcherTests {

	private static final Instant START = Instant.parse("2026-12-05T10:00:00Z");

	private static final Duration TIMEOUT = Duration.ofSeconds(2);

	private final TestClock time = TestClock.create(START);

	private final List<ReadableSpan> started = new CopyOnWriteArrayList<>();

	private final SdkTracerProvider provider = SdkTracerProvider.builder()
		.setClock(this.time)
		.addSpanProcessor(new Started(this.started))
		.build();

	private final Tracer tracer = this.provider.get("trainer");

	private final List<Instant> dumps = new ArrayList<>();

	/** What each dump asked for was told the rank is stuck in. */
	private final List<String> stuckIn = new ArrayList<>();

	private boolean admitted = true;

	private final StallWatcher watcher = new StallWatcher(TIMEOUT, this::open, this::dump);

	@AfterEach
	void close() {
		this.provider.close();
	}

	private List<ReadableSpan> open() {
		return this.started.stream().filter((span) -> !span.hasEnded()).toList();
	}

	private boolean dump(String stuckIn) {
		if (this.admitted) {
			this.dumps.add(Instant.ofEpochSecond(0, this.time.now()));
			this.stuckIn.add(stuckIn);
		}
		return this.admitted;
	}

	private Span start(String name, Span parent) {
		return this.tracer.spanBuilder(name).setParent(Context.root().with(parent)).startSpan();
	}

	private void after(Duration duration) {
		this.time.advance(duration);
		this.watcher.check();
	}

	@Test
	void theWatcherWakesTwiceATimeout() {
		assertThat(this.watcher.wakeInterval()).isEqualTo(Duration.ofSeconds(1));
	}

	@Test
	void noSpanOpenAsLongAsTheTimeoutAsksForNoDump() {
		start("train.step", Span.getInvalid());
		after(Duration.ofMillis(1999));
		assertThat(this.dumps).isEmpty();
		assertThat(this.watcher.stall()).isNull();
	}

	@Test
	void aSpanOpenAsLongAsTheTimeoutAsksForADump() {
		start("train.step", Span.getInvalid());
		after(TIMEOUT);
		assertThat(this.dumps).containsExactly(START.plus(TIMEOUT));
	}

	@Test
	void theSpansAStallDumpShowedNeverAskAgainThoughTheyStallLater() {
		Span step = start("train.step", Span.getInvalid());
		this.time.advance(Duration.ofMillis(500));
		start("allreduce", step);
		after(Duration.ofMillis(1500));
		after(Duration.ofSeconds(1));
		after(Duration.ofMinutes(5));
		assertThat(this.dumps).hasSize(1);
	}

	@Test
	void aSpanStartedAfterAStallDumpThatStallsAsksForItsOwn() {
		Span step = start("train.step", Span.getInvalid());
		after(TIMEOUT);
		start("allreduce", step);
		after(TIMEOUT);
		assertThat(this.dumps).hasSize(2);
	}

	@Test
	void aSpanThatEndsBeforeTheTimeoutAsksForNothing() {
		start("allreduce", Span.getInvalid()).end();
		after(Duration.ofMinutes(1));
		assertThat(this.dumps).isEmpty();
	}

	@Test
	void aDumpHeldBackIsAskedForAgainAtTheNextLook() {
		start("train.step", Span.getInvalid());
		this.admitted = false;
		after(TIMEOUT);
		this.admitted = true;
		after(Duration.ofSeconds(1));
		assertThat(this.dumps).containsExactly(START.plus(TIMEOUT).plusSeconds(1));
	}

	@Test
	void theStallIsTheInnermostStalledSpanSinceItStarted() {
		Span step = start("train.step", Span.getInvalid());
		this.time.advance(Duration.ofSeconds(1));
		start("allreduce", step);
		after(Duration.ofSeconds(3));
		assertThat(this.watcher.stall()).isEqualTo(new StallWatcher.Stall(START.plusSeconds(1), "allreduce"));
	}

	@Test
	void theStallIsTheInnermostSpanThoughItsAgeIsReadLaterThanItsParentsAndIsNoLess() {
		Ticking clock = new Ticking(START);
		List<ReadableSpan> started = new CopyOnWriteArrayList<>();
		try (SdkTracerProvider provider = SdkTracerProvider.builder()
			.setClock(clock)
			.addSpanProcessor(new Started(started))
			.build()) {
			Tracer tracer = provider.get("trainer");
			Span step = tracer.spanBuilder("train.step").startSpan();
			tracer.spanBuilder("allreduce").setParent(Context.root().with(step)).startSpan();
			clock.advance(TIMEOUT.multipliedBy(2));
			StallWatcher watcher = new StallWatcher(TIMEOUT, () -> started, (stuckIn) -> true);
			watcher.check();
			assertThat(watcher.stall().spanName()).isEqualTo("allreduce");
		}
	}

	@Test
	void aStallDumpIsToldTheChainTheRankIsStuckInItsAgeAndItsStep() {
		Span step = this.tracer.spanBuilder("train.step").setAttribute("dl.step", 17L).startSpan();
		this.time.advance(Duration.ofSeconds(1));
		start("allreduce", step);
		after(Duration.ofSeconds(20));
		assertThat(this.stuckIn).containsExactly("20 s in train.step > allreduce (step 17)");
	}

	@Test
	void aStalledServerSpanBootHasNotNamedYetIsNamedByItsMethodAndRoute() {
		this.tracer.spanBuilder("<unspecified span name>")
			.setAttribute("http.request.method", "POST")
			.setAttribute("http.route", "/train/{job}")
			.setAttribute("url.path", "/train/7")
			.startSpan();
		after(TIMEOUT);
		assertThat(this.stuckIn).containsExactly("2 s in POST /train/{job}");
	}

	@Test
	void theStallEndsWhenItsSpansEnd() {
		Span step = start("train.step", Span.getInvalid());
		after(TIMEOUT);
		step.end();
		after(Duration.ofSeconds(1));
		assertThat(this.watcher.stall()).isNull();
	}

	/**
	 * A clock a millisecond further on at every reading: a child started a reading after its parent
	 * reads exactly as old as the parent when its age is read a reading later, as on a busy machine
	 * whose watcher thread is held up between the two.
	 */
	private static final class Ticking implements Clock {

		private final AtomicLong nanos;

		Ticking(Instant start) {
			this.nanos = new AtomicLong(start.getEpochSecond() * 1_000_000_000L + start.getNano());
		}

		void advance(Duration duration) {
			this.nanos.addAndGet(duration.toNanos());
		}

		@Override
		public long now() {
			return this.nanos.addAndGet(1_000_000);
		}

		@Override
		public long nanoTime() {
			return this.nanos.addAndGet(1_000_000);
		}

	}

	/** Keeps every span started, as the SDK's books on open spans do. */
	private record Started(List<ReadableSpan> spans) implements SpanProcessor {

		@Override
		public void onStart(Context parentContext, ReadWriteSpan span) {
			this.spans.add(span);
		}

		@Override
		public boolean isStartRequired() {
			return true;
		}

		@Override
		public void onEnd(ReadableSpan span) {
		}

		@Override
		public boolean isEndRequired() {
			return false;
		}

	}

}

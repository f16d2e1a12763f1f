package nemo.lens.benchmarks.span;

import java.util.concurrent.TimeUnit;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What one span costs the thread that starts and ends it, under each {@link Tracing} set-up: the
 * promise is that a silent Lens rank costs what the no-op API costs, far less than an SDK silenced
 * by its sampler, and that an exporting Lens rank costs what the SDK alone costs.
 * <p>
 * {@link #rootSpan()} starts a span with no parent; {@link #childSpan()} starts one under a sampled
 * remote parent, as extracted from an incoming {@code traceparent}: the case where a silent rank
 * still has to carry the trace on. Each fork runs one set-up, so call sites stay monomorphic as in
 * a real process. Exporting set-ups hand spans to a batch processor whose worker runs on another
 * thread; only the calling thread's time is measured, which is what the application pays.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
public class SpanBenchmark {

	static final String SPAN_NAME = "step";

	/** A sampled remote parent, the same for every set-up. */
	static final Context REMOTE_PARENT = Context.root()
		.with(Span.wrap(SpanContext.createFromRemoteParent("4bf92f3577b34da6a3ce929d0e0e4736", "00f067aa0ba902b7",
				TraceFlags.getSampled(), TraceState.getDefault())));

	@Param
	public Tracing tracing;

	private Tracing.Instance instance;

	private Tracer tracer;

	@Setup(Level.Trial)
	public void setUp() {
		this.instance = this.tracing.start();
		this.tracer = this.instance.tracer();
	}

	@TearDown(Level.Trial)
	public void tearDown() {
		this.instance.close();
	}

	@Benchmark
	public Span rootSpan() {
		Span span = this.tracer.spanBuilder(SPAN_NAME).setNoParent().startSpan();
		span.end();
		return span;
	}

	@Benchmark
	public Span childSpan() {
		Span span = this.tracer.spanBuilder(SPAN_NAME).setParent(REMOTE_PARENT).startSpan();
		span.end();
		return span;
	}

}

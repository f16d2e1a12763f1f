package nemo.lens.benchmarks.span;

import java.util.concurrent.TimeUnit;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * (a) No instrumentation: the same benchmark bodies as {@link SpanBenchmark} with the span left
 * out, returning a span that already exists. It is the floor of the harness, what any figure of
 * {@link SpanBenchmark} pays before the tracer is even called.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
public class NoInstrumentationBenchmark {

	private final Span existing = Span.fromContext(SpanBenchmark.REMOTE_PARENT);

	private final Context parent = SpanBenchmark.REMOTE_PARENT;

	@Benchmark
	public Span rootSpan() {
		return this.existing;
	}

	@Benchmark
	public Span childSpan() {
		return Span.fromContext(this.parent);
	}

}

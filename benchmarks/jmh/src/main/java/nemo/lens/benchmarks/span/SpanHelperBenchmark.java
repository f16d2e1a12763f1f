package nemo.lens.benchmarks.span;

import java.util.concurrent.TimeUnit;

import nemo.lens.TelemetryHandle;
import nemo.lens.spans.LensScope;
import nemo.lens.spans.SpanGroups;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What a span made with the handle's helper costs on an exporting Lens rank (issue 16): in a group
 * the spec leaves disabled ({@code step} under {@code default}), which should cost what a no-op
 * API span costs, and with no group, which should cost what {@link SpanBenchmark#rootSpan()} costs
 * on {@link Tracing#LENS_EXPORTING} plus making the span current and closing its scope.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
public class SpanHelperBenchmark {

	private TelemetryHandle handle;

	@Setup(Level.Trial)
	public void setUp() {
		this.handle = Tracing.lensHandle(Tracing.EXPORTING_RANK, true);
	}

	@TearDown(Level.Trial)
	public void tearDown() {
		this.handle.shutdown();
	}

	@Benchmark
	public LensScope disabledGroupSpan() {
		try (LensScope scope = this.handle.span(SpanBenchmark.SPAN_NAME).group(SpanGroups.STEP).start()) {
			return scope;
		}
	}

	@Benchmark
	public LensScope helperExportingSpan() {
		try (LensScope scope = this.handle.span(SpanBenchmark.SPAN_NAME).start()) {
			return scope;
		}
	}

}

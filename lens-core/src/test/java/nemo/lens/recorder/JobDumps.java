package nemo.lens.recorder;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.sdk.common.InstrumentationScopeInfo;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.resources.ResourceBuilder;
import io.opentelemetry.sdk.testing.trace.TestSpanData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.data.StatusData;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Writes the dumps of a job's ranks through the rank's own {@link DumpWriter}, as a training loop
 * leaves them: finished {@code train.step} spans (with {@code dl.step}, each around a
 * {@code forward}), then, for a rank that hangs, {@code train.step} of the next step open with a
 * collective open inside it.
 */
final class JobDumps {

	static final Instant NOW = Instant.parse("2026-12-04T10:15:00Z");

	private final Path directory;

	private final int worldSize;

	private int spanIds;

	JobDumps(Path directory, int worldSize) {
		this.directory = directory;
		this.worldSize = worldSize;
	}

	/** The report of a directory with the options given, as the command prints it; it must succeed. */
	static String report(Path directory, String... args) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		ByteArrayOutputStream err = new ByteArrayOutputStream();
		List<String> all = new ArrayList<>(List.of(args));
		all.add(directory.toString());
		int status = DumpReport.run(all.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
				new PrintStream(err, true, StandardCharsets.UTF_8));
		assertThat(status).as(err.toString(StandardCharsets.UTF_8)).isZero();
		return out.toString(StandardCharsets.UTF_8);
	}

	/** A rank of the job. */
	Rank rank(int rank) {
		return new Rank(rank);
	}

	/** One rank's dump, set up then {@link #write() written}. */
	final class Rank {

		private final int rank;

		private int steps = 10;

		private Duration step = Duration.ofMillis(100);

		private String stuckIn;

		private Duration openFor = Duration.ofSeconds(45);

		private long stepAt = -1;

		private String reason = "stall";

		private int attempt = -1;

		private Instant at = NOW;

		Rank(int rank) {
			this.rank = rank;
		}

		/** Its finished steps: how many, and how long each took. */
		Rank steps(int count, Duration each) {
			this.steps = count;
			this.step = each;
			return this;
		}

		/** Stuck in a span inside the open step after its finished ones, open that long at the dump. */
		Rank stuckIn(String span, Duration open) {
			this.stuckIn = span;
			this.openFor = open;
			return this;
		}

		/** The number of the step it is stuck in, where it is not the one after its finished steps. */
		Rank atStep(long step) {
			this.stepAt = step;
			return this;
		}

		Rank reason(String reason) {
			this.reason = reason;
			return this;
		}

		/** Its attempt, written as the recorder writes it (the line's {@code attempt}, {@code nemo.run.attempt}, the name). */
		Rank attempt(int attempt) {
			this.attempt = attempt;
			return this;
		}

		Rank at(Instant at) {
			this.at = at;
			return this;
		}

		Path write() {
			ResourceBuilder resource = Resource.builder()
				.put("dl.rank", this.rank)
				.put("dl.world_size", JobDumps.this.worldSize)
				.put("nemo.run.id", "run-7");
			if (this.attempt >= 0) {
				resource.put("nemo.run.attempt", this.attempt);
			}
			List<SpanData> finished = new ArrayList<>();
			Instant stuckSince = this.at.minus(this.openFor);
			Instant end = (this.stuckIn != null) ? stuckSince.minusMillis(1) : this.at.minusMillis(1);
			for (int i = this.steps - 1; i >= 0; i--) {
				Instant stepEnd = end.minus(this.step.multipliedBy(this.steps - 1 - i));
				Instant stepStart = stepEnd.minus(this.step);
				SpanData step = span("train.step", stepStart, stepEnd, null, false, i);
				finished.add(0, span("forward", stepStart.plusMillis(1), stepEnd.minusMillis(1), step, false, -1));
				finished.add(1, step);
			}
			List<SpanData> open = new ArrayList<>();
			if (this.stuckIn != null) {
				SpanData step = span("train.step", stuckSince, this.at, null, true,
						(this.stepAt >= 0) ? this.stepAt : this.steps);
				open.add(step);
				open.add(span(this.stuckIn, stuckSince, this.at, step, true, -1));
			}
			try {
				return new DumpWriter(JobDumps.this.directory, "run-7", this.rank, 20, Math.max(0, this.attempt)).write(
						new SpanRing.Contents(finished, 0), 2048, open, LogRing.Contents.EMPTY, resource.build(),
						trigger(this.reason), this.at);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}

	}

	private static String trigger(String reason) {
		return switch (reason) {
			case "control" -> "control-file";
			case "uncaught" -> "uncaught-exception";
			default -> reason;
		};
	}

	private SpanData span(String name, Instant start, Instant end, SpanData parent, boolean open, long step) {
		AttributesBuilder attributes = Attributes.builder();
		if (open) {
			attributes.put("nemo.span.open", true);
		}
		if (step >= 0) {
			attributes.put("dl.step", step);
		}
		Attributes built = attributes.build();
		return TestSpanData.builder()
			.setParentSpanContext((parent != null) ? parent.getSpanContext() : SpanContext.getInvalid())
			.setName(name)
			.setKind(SpanKind.INTERNAL)
			.setSpanContext(SpanContext.create("0af7651916cd43dd8448eb211c80319c",
					String.format("%016x", ++this.spanIds), TraceFlags.getSampled(), TraceState.getDefault()))
			.setInstrumentationScopeInfo(InstrumentationScopeInfo.create("trainer"))
			.setStartEpochNanos(nanos(start))
			.setEndEpochNanos(nanos(end))
			.setHasEnded(true)
			.setTotalRecordedEvents(0)
			.setTotalRecordedLinks(0)
			.setTotalAttributeCount(built.size())
			.setAttributes(built)
			.setStatus(StatusData.unset())
			.build();
	}

	private static long nanos(Instant instant) {
		return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
	}

}

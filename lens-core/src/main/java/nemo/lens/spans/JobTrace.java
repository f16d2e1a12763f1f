package nemo.lens.spans;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Map;
import java.util.function.Function;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanId;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceId;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;

/**
 * One trace per job without any collective call: every rank computes the same job-level parent
 * context on its own, and the span helpers parent their top-level spans (those started with no
 * current span) on it.
 * <p>
 * Where the parent comes from, first match wins:
 * <ol>
 * <li>{@value #TRACEPARENT_VARIABLE}, a W3C {@code traceparent} that the launch script sets once for
 * all ranks (the variable of the OpenTelemetry "environment variables as carriers" convention).
 * The script draws the trace id from 16 random bytes, so two launches collide with probability
 * about 2<sup>-128</sup> even when their run ids repeat;</li>
 * <li>otherwise derived from the run id: trace id and parent span id are the first 24 bytes of
 * {@code SHA-256("nemo.lens.job-trace\n" + serviceName + "\n" + runId)}. Two runs get the same
 * trace id only when they share service name and run id, which the run id exists to prevent (a
 * launcher's job id, or 48 random bits); where run ids can repeat (Slurm job ids of two clusters,
 * a reused torchrun {@code --rdzv-id}), set {@value #TRACEPARENT_VARIABLE} instead.</li>
 * </ol>
 * The parent span itself is never exported by any rank: backends show the job's top-level spans as
 * roots of one trace whose parent is remote.
 * <p>
 * Relations between ranks are links, not parents (stages of a pipeline run concurrently):
 * {@link #stage(int, long)} is the span context that rank {@code r}'s step {@code s} is linked
 * under, the same on every rank, so a stage can link to the stage before it by rank and step
 * without hearing from it.
 */
public final class JobTrace {

	/** The variable a launch script sets to put every rank of a launch in one trace. */
	public static final String TRACEPARENT_VARIABLE = "TRACEPARENT";

	/** The source reported when the parent was derived from the run id. */
	public static final String RUN_ID_SOURCE = "run-id";

	private static final TextMapGetter<Map<String, String>> MAP_GETTER = new TextMapGetter<>() {

		@Override
		public Iterable<String> keys(Map<String, String> carrier) {
			return carrier.keySet();
		}

		@Override
		public String get(Map<String, String> carrier, String key) {
			return (carrier != null) ? carrier.get(key) : null;
		}

	};

	private final SpanContext parent;

	private final Context context;

	private final String source;

	private JobTrace(SpanContext parent, String source) {
		this.parent = parent;
		this.context = Context.root().with(Span.wrap(parent));
		this.source = source;
	}

	/**
	 * The job trace of this run: from {@value #TRACEPARENT_VARIABLE} when set, else derived from the
	 * service name and run id.
	 * @param environment looks up environment variables; {@code null} when unset
	 * @param serviceName the service name of the job
	 * @param runId the run id shared by all ranks
	 * @return the job trace
	 * @throws IllegalArgumentException when {@value #TRACEPARENT_VARIABLE} is set but not a valid
	 * W3C traceparent
	 */
	public static JobTrace resolve(Function<String, String> environment, String serviceName, String runId) {
		String traceparent = environment.apply(TRACEPARENT_VARIABLE);
		if (traceparent != null && !traceparent.isBlank()) {
			return fromTraceparent(traceparent.trim());
		}
		return derived(serviceName, runId);
	}

	/**
	 * The job trace derived from a service name and run id, the same in every process.
	 * @param serviceName the service name
	 * @param runId the run id
	 * @return the job trace
	 */
	public static JobTrace derived(String serviceName, String runId) {
		byte[] hash = sha256("nemo.lens.job-trace\n" + serviceName + "\n" + runId);
		ByteBuffer bytes = ByteBuffer.wrap(hash);
		String traceId = TraceId.fromLongs(bytes.getLong(), bytes.getLong());
		String spanId = SpanId.fromLong(bytes.getLong());
		return new JobTrace(SpanContext.createFromRemoteParent(traceId, spanId, TraceFlags.getSampled(),
				TraceState.getDefault()), RUN_ID_SOURCE);
	}

	private static JobTrace fromTraceparent(String traceparent) {
		Context extracted = W3CTraceContextPropagator.getInstance()
			.extract(Context.root(), Map.of("traceparent", traceparent), MAP_GETTER);
		SpanContext parent = Span.fromContext(extracted).getSpanContext();
		if (!parent.isValid()) {
			throw new IllegalArgumentException("Invalid " + TRACEPARENT_VARIABLE + ": '" + traceparent
					+ "'. Expected a W3C traceparent: 00-<32 hex trace id>-<16 hex parent id>-<2 hex flags>, "
					+ "ids not all zero.");
		}
		return new JobTrace(parent, TRACEPARENT_VARIABLE);
	}

	/**
	 * The job's trace id, the same on every rank of the run.
	 * @return the trace id (32 hex characters)
	 */
	public String traceId() {
		return this.parent.getTraceId();
	}

	/**
	 * The remote parent of the job's top-level spans.
	 * @return the parent span context
	 */
	public SpanContext parent() {
		return this.parent;
	}

	/**
	 * A context holding only the job's parent: pass it to {@code SpanBuilder.setParent} to put a
	 * span of any tracer in the job trace.
	 * @return the context
	 */
	public Context context() {
		return this.context;
	}

	/**
	 * Where the parent came from: {@value #TRACEPARENT_VARIABLE} or {@value #RUN_ID_SOURCE}.
	 * @return the source
	 */
	public String source() {
		return this.source;
	}

	/**
	 * The span context that stands for step {@code step} of rank {@code rank} in this job: a span id
	 * derived from the job's trace id, rank and step, the same in every process. Link to it to relate
	 * a span to another rank's step (a pipeline stage to the stage before it).
	 * @param rank the rank
	 * @param step the step
	 * @return the span context, remote and sampled, in the job's trace
	 */
	public SpanContext stage(int rank, long step) {
		byte[] hash = sha256("nemo.lens.stage\n" + traceId() + "\n" + rank + "\n" + step);
		long spanId = ByteBuffer.wrap(hash).getLong();
		return SpanContext.createFromRemoteParent(traceId(), SpanId.fromLong((spanId != 0) ? spanId : 1),
				TraceFlags.getSampled(), TraceState.getDefault());
	}

	private static byte[] sha256(String text) {
		try {
			return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
		}
		catch (NoSuchAlgorithmException ex) {
			// Every Java platform must provide SHA-256.
			throw new IllegalStateException(ex);
		}
	}

	@Override
	public String toString() {
		return "JobTrace{traceId=" + traceId() + ", source=" + this.source + "}";
	}


}

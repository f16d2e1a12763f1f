package nemo.lens;

import java.util.Collection;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.logs.export.LogRecordExporter;
import io.opentelemetry.sdk.metrics.export.MetricReader;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import nemo.lens.env.Redaction;
import nemo.lens.launch.RankInfo;
import nemo.lens.sdk.ExportOverrides;

/**
 * Per-call options of {@code setupTelemetry}: the escape hatches of the Python keyword arguments.
 * Exporter and reader overrides apply only on an exporting, enabled rank; on every other rank they
 * are never used (and never shut down, so the caller keeps ownership).
 */
public final class TelemetryOptions implements ExportOverrides {

	private static final TelemetryOptions DEFAULTS = new Builder().build();

	private final ExportStrategy exportStrategy;

	private final SpanExporter spanExporter;

	private final MetricReader metricReader;

	private final Attributes resourceAttributes;

	private final boolean allowReinit;

	private final Integer localRank;

	private final LogRecordExporter logRecordExporter;
	private final RankInfo rankInfo;

	private final Map<String, String> otelProperties;

	private final Consumer<String> warnings;

	private final Consumer<String> notices;

	private final Set<String> extraSpanGroups;

	private final boolean shutdownHook;

	private final boolean applicationStack;

	private final boolean switchable;

	private TelemetryOptions(Builder builder) {
		this.exportStrategy = builder.exportStrategy;
		this.spanExporter = builder.spanExporter;
		this.metricReader = builder.metricReader;
		this.resourceAttributes = builder.resourceAttributes;
		this.allowReinit = builder.allowReinit;
		this.localRank = builder.localRank;
		this.logRecordExporter = builder.logRecordExporter;
		this.rankInfo = builder.rankInfo;
		this.otelProperties = builder.otelProperties;
		Consumer<String> warnings = builder.warnings;
		// Redacted on the way in: a warning may quote an exporter's failure, a file or a setting.
		this.warnings = (warnings != null) ? (message) -> warnings.accept(Redaction.redact(message)) : null;
		this.notices = builder.notices;
		this.extraSpanGroups = builder.extraSpanGroups;
		this.shutdownHook = builder.shutdownHook;
		this.applicationStack = builder.applicationStack;
		this.switchable = builder.switchable;
	}

	/**
	 * Returns a new builder.
	 * @return a builder
	 */
	public static Builder builder() {
		return new Builder();
	}

	/**
	 * Returns the options with nothing set.
	 * @return the default options
	 */
	public static TelemetryOptions defaults() {
		return DEFAULTS;
	}

	/**
	 * A strategy for this call only, bypassing the registry; {@code null} means the config's.
	 * @return the per-call strategy, or {@code null}
	 */
	public ExportStrategy exportStrategy() {
		return this.exportStrategy;
	}

	/**
	 * A span exporter replacing the configured one on an exporting rank.
	 * @return the exporter, or {@code null}
	 */
	public SpanExporter spanExporter() {
		return this.spanExporter;
	}

	/**
	 * A metric reader replacing the configured one on an exporting rank.
	 * @return the reader, or {@code null}
	 */
	public MetricReader metricReader() {
		return this.metricReader;
	}

	/**
	 * Resource attributes that win over the ones Lens sets.
	 * @return the attributes, possibly empty
	 */
	public Attributes resourceAttributes() {
		return (this.resourceAttributes != null) ? this.resourceAttributes : Attributes.empty();
	}

	/**
	 * Whether the process-wide once-only guard is skipped (tests only).
	 * @return whether re-initialisation is allowed
	 */
	public boolean allowReinit() {
		return this.allowReinit;
	}

	/**
	 * The local rank, recorded as {@code dl.local_rank}; {@code null} when unknown.
	 * @return the local rank, or {@code null}
	 */
	public Integer localRank() {
		return this.localRank;
	}

	/**
	 * The log record exporter that replaces the configured one on an exporting rank that exports
	 * logs.
	 * @return the exporter, or {@code null}
	 */
	@Override
	public LogRecordExporter logRecordExporter() {
		return this.logRecordExporter;
	}

	/**
	 * Who the caller said this process is, or {@code null} when it did not say.
	 * @return the rank information
	 */
	public RankInfo rankInfo() {
		return this.rankInfo;
	}

	/**
	 * OpenTelemetry SDK properties ({@code otel.*}) that win over the process environment.
	 * @return the properties, possibly empty
	 */
	public Map<String, String> otelProperties() {
		return this.otelProperties;
	}

	/**
	 * Where an exporting rank writes its delivery warnings (the first failed export, a shutdown that
	 * ran out of time, the loss summary); {@code null} means {@code java.util.logging}. What it
	 * receives is redacted ({@link Redaction}).
	 * @return the receiver of warning messages, or {@code null}
	 */
	public Consumer<String> warnings() {
		return this.warnings;
	}

	/**
	 * Where the rank writes what an operator changed while it runs (an override set, removed or
	 * ended), at the level of information; {@code null} means {@code java.util.logging}.
	 * @return the receiver of the messages, or {@code null}
	 */
	public Consumer<String> notices() {
		return this.notices;
	}

	/**
	 * The span groups a library adds to the base ones (Python's {@code SpanGroup} subclass), which
	 * the span-group spec may name and {@code all} includes.
	 * @return the extra group names
	 */
	public Set<String> extraSpanGroups() {
		return this.extraSpanGroups;
	}

	/**
	 * Whether an exporting rank's handle shuts itself down from a JVM shutdown hook.
	 * @return whether the hook is registered
	 */
	public boolean shutdownHook() {
		return this.shutdownHook;
	}

	/**
	 * Whether the application has a telemetry stack of its own, whose settings and resource win
	 * over Lens's defaults.
	 * @return whether the application's stack is the rank's
	 */
	@Override
	public boolean applicationStack() {
		return this.applicationStack;
	}

	/**
	 * Whether the rank may be switched while it runs by its own program, whatever the control file.
	 * @return whether switchable
	 */
	public boolean switchable() {
		return this.switchable;
	}

	/**
	 * Builds {@link TelemetryOptions}.
	 */
	public static final class Builder {

		private ExportStrategy exportStrategy;

		private SpanExporter spanExporter;

		private MetricReader metricReader;

		/** {@code null} for none: a rank that never builds a resource never links {@link Attributes}. */
		private Attributes resourceAttributes;

		private boolean allowReinit;

		private Integer localRank;

		private LogRecordExporter logRecordExporter;
		private RankInfo rankInfo;

		private Map<String, String> otelProperties = Map.of();

		private Consumer<String> warnings;

		private Consumer<String> notices;

		private Set<String> extraSpanGroups = Set.of();

		private boolean shutdownHook = true;

		private boolean applicationStack;

		private boolean switchable;

		private Builder() {
		}

		/**
		 * Sets a strategy for this call only; it bypasses the registry and is never registered.
		 * @param exportStrategy the strategy, or {@code null} for the config's
		 * @return this builder
		 */
		public Builder exportStrategy(ExportStrategy exportStrategy) {
			this.exportStrategy = exportStrategy;
			return this;
		}

		/**
		 * Sets a span exporter that replaces the configured one on an exporting rank.
		 * @param spanExporter the exporter, or {@code null}
		 * @return this builder
		 */
		public Builder spanExporter(SpanExporter spanExporter) {
			this.spanExporter = spanExporter;
			return this;
		}

		/**
		 * Sets a metric reader that replaces the configured one on an exporting rank.
		 * @param metricReader the reader, or {@code null}
		 * @return this builder
		 */
		public Builder metricReader(MetricReader metricReader) {
			this.metricReader = metricReader;
			return this;
		}

		/**
		 * Sets a log record exporter that replaces the configured one on an exporting rank, when
		 * logs are enabled.
		 * @param logRecordExporter the exporter, or {@code null}
		 * @return this builder
		 */
		public Builder logRecordExporter(LogRecordExporter logRecordExporter) {
			this.logRecordExporter = logRecordExporter;
			return this;
		}

		/**
		 * Sets resource attributes that win over the ones Lens sets.
		 * @param resourceAttributes the attributes
		 * @return this builder
		 */
		public Builder resourceAttributes(Attributes resourceAttributes) {
			this.resourceAttributes = Objects.requireNonNull(resourceAttributes, "resourceAttributes must not be null");
			return this;
		}

		/**
		 * Sets resource attributes from strings.
		 * @param resourceAttributes the attributes
		 * @return this builder
		 */
		public Builder resourceAttributes(Map<String, String> resourceAttributes) {
			var attributes = Attributes.builder();
			resourceAttributes.forEach(attributes::put);
			return resourceAttributes(attributes.build());
		}

		/**
		 * Sets whether the process-wide once-only guard is skipped (tests only).
		 * @param allowReinit whether re-initialisation is allowed
		 * @return this builder
		 */
		public Builder allowReinit(boolean allowReinit) {
			this.allowReinit = allowReinit;
			return this;
		}

		/**
		 * Sets the local rank, recorded as {@code dl.local_rank}.
		 * @param localRank the local rank, or {@code null} when unknown
		 * @return this builder
		 */
		public Builder localRank(Integer localRank) {
			this.localRank = localRank;
			return this;
		}

		/**
		 * Sets who this process is, when the caller detected it: without a configured run id, the
		 * run id is then the job identity of that launcher. Without it, setup detects the launcher
		 * from its environment and uses it only when it gives the rank and world size of the call.
		 * @param rankInfo the detected rank, or {@code null}
		 * @return this builder
		 */
		public Builder rankInfo(RankInfo rankInfo) {
			this.rankInfo = rankInfo;
			return this;
		}

		/**
		 * Sets OpenTelemetry SDK properties ({@code otel.*}) that win over the process environment.
		 * @param otelProperties the properties
		 * @return this builder
		 */
		public Builder otelProperties(Map<String, String> otelProperties) {
			this.otelProperties = Map.copyOf(otelProperties);
			return this;
		}

		/**
		 * Sets where an exporting rank writes its delivery warnings, instead of
		 * {@code java.util.logging}. A framework that closes telemetry from a JVM shutdown hook
		 * passes its own logging here: {@code java.util.logging} resets itself from a shutdown hook
		 * of its own, which runs at the same time, so a warning it is given during shutdown may
		 * never be written.
		 * @param warnings receives each warning message, or {@code null} for {@code java.util.logging}
		 * @return this builder
		 */
		public Builder warnings(Consumer<String> warnings) {
			this.warnings = warnings;
			return this;
		}

		/**
		 * Sets where the rank writes what an operator changed while it runs, instead of
		 * {@code java.util.logging}: a framework passes its own logging.
		 * @param notices receives each message, or {@code null} for {@code java.util.logging}
		 * @return this builder
		 */
		public Builder notices(Consumer<String> notices) {
			this.notices = notices;
			return this;
		}

		/**
		 * Adds a library's own span groups to the base ones, so that the span-group spec may name
		 * them and {@code all} includes them.
		 * @param extraSpanGroups lower-case group names
		 * @return this builder
		 */
		public Builder extraSpanGroups(Collection<String> extraSpanGroups) {
			this.extraSpanGroups = Set.copyOf(extraSpanGroups);
			return this;
		}

		/**
		 * Sets whether an exporting rank's handle registers a JVM shutdown hook that runs its
		 * bounded shutdown, so that a rank ended by SIGTERM (as Slurm, torchrun and Kubernetes end
		 * ranks) still delivers what it queued. On by default; a framework that shuts the handle
		 * down itself, such as the Spring starter when its context closes, turns it off.
		 * @param shutdownHook whether to register the hook
		 * @return this builder
		 */
		public Builder shutdownHook(boolean shutdownHook) {
			this.shutdownHook = shutdownHook;
			return this;
		}

		/**
		 * Sets whether the application has a telemetry stack of its own (such as Spring Boot's
		 * OpenTelemetry or Micrometer's registries), which Lens's SDK follows rather than stands
		 * beside: a signal that the caller gives no exporter for and whose OTLP endpoint is not
		 * configured ({@code OTEL_EXPORTER_OTLP_ENDPOINT}, {@code OTEL_EXPORTER_OTLP_<SIGNAL>_ENDPOINT}
		 * or their {@code otel.*} properties) exports nowhere instead of to the SDK's default
		 * endpoint, and the resource carries no {@code service.version} of Lens's, so that the
		 * application's own ({@code OTEL_RESOURCE_ATTRIBUTES}, the caller's attributes) is the one.
		 * Off by default, as in the Python library.
		 * @param applicationStack whether the application's stack is the rank's
		 * @return this builder
		 */
		public Builder applicationStack(boolean applicationStack) {
			this.applicationStack = applicationStack;
			return this;
		}

		/**
		 * Sets whether the program may switch this rank while it runs
		 * ({@link TelemetryHandle#override}, {@link TelemetryHandle#reconfigure},
		 * {@link TelemetryHandle#prepareToSwitchOn()}). A rank with a control file can be switched
		 * whatever this says. Off by default, as the Python library has no live switch: a rank that
		 * exports nothing and cannot be switched builds no pipeline and hands out the no-op API, the
		 * cheapest a silent rank can be, and refuses an override, saying why.
		 * @param switchable whether the program may switch the rank
		 * @return this builder
		 */
		public Builder switchable(boolean switchable) {
			this.switchable = switchable;
			return this;
		}

		/**
		 * Builds the options.
		 * @return the options
		 */
		public TelemetryOptions build() {
			return new TelemetryOptions(this);
		}

	}

}

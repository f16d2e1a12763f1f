package nemo.lens.opamp;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import io.opentelemetry.opamp.client.internal.state.State;
import nemo.lens.ExportOverride;
import nemo.lens.Signal;
import nemo.lens.TelemetryHandle;
import nemo.lens.control.ControlStatus;
import nemo.lens.control.RemoteControl;
import nemo.lens.recorder.FlightRecorderStatus;
import okio.ByteString;
import opamp.proto.AgentConfigFile;
import opamp.proto.AgentConfigMap;

/**
 * A rank's effective decision as its OpAMP effective configuration, under the config-map key
 * {@code lens}, in Java properties syntax: per signal whether it exports or is silent, by what
 * (an override, the OpAMP server's content or the control file, the strategy) and since when; the
 * override and control in force; and the rank's health ({@code healthy}, or the last switch refused
 * and why, or a stall of the flight recorder); with the flight recorder on, the rank's own step
 * times ({@code steps=train.step: median 1.234 s of 12, last 1.301 s (step 17)}), so that a server
 * sees a slow rank without a dump. The contrib client has no health report of its own
 * yet, so health travels here. Recomputed on every switch and every interval; the client is told
 * only when the text changed.
 */
final class EffectiveDecision extends State.EffectiveConfig {

	static final String CONTENT_TYPE = "text/x-java-properties";

	private final TelemetryHandle handle;

	private final RemoteControl control;

	private final Map<Signal, Boolean> exporting = new EnumMap<>(Signal.class);

	private final Map<Signal, Instant> since = new EnumMap<>(Signal.class);

	private final Instant started;

	private volatile String refused;

	private volatile String text = "";

	private volatile opamp.proto.EffectiveConfig current;

	EffectiveDecision(TelemetryHandle handle, RemoteControl control, Instant started) {
		this.handle = handle;
		this.control = control;
		this.started = started;
	}

	@Override
	public opamp.proto.EffectiveConfig get() {
		return this.current;
	}

	/** The text reported now. */
	String text() {
		return this.text;
	}

	/** The last switch was refused, and why; reported until one is made. */
	void refused(String reason) {
		this.refused = reason;
	}

	/** A switch was made. */
	void applied() {
		this.refused = null;
	}

	/**
	 * Recomputes the report.
	 * @return whether it changed
	 */
	synchronized boolean refresh() {
		Instant now = Instant.now();
		StringBuilder text = new StringBuilder();
		text.append("# NeMo Lens: what rank ").append(this.handle.rank()).append(" of ").append(this.handle.worldSize())
			.append(" exports now\n");
		ControlStatus status = this.control.status();
		boolean controlInForce = status.state().equals("applied");
		String channel = this.control.remoteInForce() ? "opamp" : "control-file";
		ExportOverride override = this.handle.override().orElse(null);
		for (Signal signal : Signal.values()) {
			boolean on = this.handle.isExporting(signal);
			Boolean before = this.exporting.put(signal, on);
			if (before == null) {
				this.since.put(signal, this.started);
			}
			else if (before != on) {
				this.since.put(signal, now);
			}
			String key = signal.name().toLowerCase(Locale.ROOT);
			text.append(key).append('=').append(on ? "exporting" : "silent").append('\n');
			text.append(key).append(".by=").append(by(signal, override, controlInForce, channel, status)).append('\n');
			text.append(key).append(".since=").append(this.since.get(signal)).append('\n');
		}
		text.append("override=")
			.append((override != null) ? override.state().value() + " until " + override.until() + " ("
					+ override.source() + ")" : "none")
			.append('\n');
		text.append("control=")
			.append(this.control.remoteInForce() ? "opamp"
					: this.handle.config().controlFile().isEmpty() ? "none" : "control-file")
			.append('\n');
		text.append("control.state=").append(status.state()).append('\n');
		text.append("health=").append(health(status)).append('\n');
		this.handle.flightRecorder()
			.map(FlightRecorderStatus::steps)
			.ifPresent((steps) -> text.append("steps=").append(steps.describe()).append('\n'));
		String next = text.toString();
		if (next.equals(this.text)) {
			return false;
		}
		this.text = next;
		this.current = new opamp.proto.EffectiveConfig.Builder()
			.config_map(new AgentConfigMap(Map.of(OpampAgent.CONFIG_KEY,
					new AgentConfigFile(ByteString.of(next.getBytes(StandardCharsets.UTF_8)), CONTENT_TYPE))))
			.build();
		return true;
	}

	private String by(Signal signal, ExportOverride override, boolean controlInForce, String channel,
			ControlStatus status) {
		if (override != null && override.signals().contains(signal)) {
			return "override " + override.state().value() + " (" + override.source() + ")";
		}
		if (controlInForce) {
			return channel + " " + status.applied()
				.entrySet()
				.stream()
				.map((entry) -> entry.getKey() + "=" + entry.getValue())
				.collect(Collectors.joining(" "));
		}
		return "strategy " + this.handle.exportStrategy(signal);
	}

	private String health(ControlStatus status) {
		String refused = this.refused;
		if (refused != null) {
			return "last switch refused: " + refused;
		}
		if (status.error() != null) {
			return "control not used: " + status.error();
		}
		Optional<Instant> stalled = this.handle.flightRecorder().map(FlightRecorderStatus::stalledSince);
		return stalled.map((instant) -> "stalled since " + instant).orElse("healthy");
	}

}

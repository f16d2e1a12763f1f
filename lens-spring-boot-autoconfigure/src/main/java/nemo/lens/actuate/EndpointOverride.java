package nemo.lens.actuate;

import java.time.Duration;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

import nemo.lens.ExportOverride;
import nemo.lens.Signal;
import nemo.lens.SwitchRefusedException;
import nemo.lens.TelemetryHandle;
import nemo.lens.env.EnvironmentValues;

import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;

/**
 * One override request to the {@code lens} endpoint, checked whole before anything changes:
 * {@code {"override": "exporting"|"silent"|"none", "duration": "PT15M", "signals": "traces,metrics"}}
 * (without {@code signals}, every signal).
 */
final class EndpointOverride {

	static final String SOURCE = "endpoint";

	private EndpointOverride() {
	}

	/**
	 * Applies a request to the handle.
	 * @throws InvalidEndpointRequestException naming the value when the request is refused; then
	 * nothing changed
	 * @throws SwitchRefusedException when the request is sound but the rank cannot make the switch
	 * now (an SDK that cannot be built); then nothing changed either
	 */
	static void apply(TelemetryHandle handle, OverrideLimits limits, String override, String duration,
			String signals) {
		String state = override.trim().toLowerCase(Locale.ROOT);
		if (state.equals("none")) {
			if (duration != null || signals != null) {
				refuse("override none takes no duration and no signals; nothing changed.");
			}
			switchOrRefuse(() -> handle.removeOverride(SOURCE));
			return;
		}
		ExportOverride.State wanted = switch (state) {
			case "exporting" -> ExportOverride.State.EXPORTING;
			case "silent" -> ExportOverride.State.SILENT;
			default -> throw refusal(
					"override '" + override + "' is not one of 'exporting', 'silent', 'none'; nothing changed.");
		};
		Duration lasting = lasting(limits, duration);
		Set<Signal> covered = signals(signals);
		switchOrRefuse(() -> handle.override(wanted, covered, lasting, SOURCE));
	}

	/**
	 * Makes a switch: a refusal of what the caller asked (Lens disabled, a rank that cannot be
	 * switched) is the caller's to fix, a switch the rank cannot make is the rank's.
	 */
	private static void switchOrRefuse(Runnable change) {
		try {
			change.run();
		}
		catch (SwitchRefusedException ex) {
			throw ex;
		}
		catch (IllegalStateException | IllegalArgumentException ex) {
			refuse(ex.getMessage());
		}
	}

	private static Duration lasting(OverrideLimits limits, String duration) {
		if (duration == null || duration.isBlank()) {
			return limits.defaultDuration();
		}
		Duration lasting;
		try {
			lasting = EnvironmentValues.parseDuration("the override", duration);
		}
		catch (IllegalArgumentException ex) {
			throw refusal(ex.getMessage() + " Nothing changed.");
		}
		if (lasting.isNegative() || lasting.isZero()) {
			refuse("duration '" + duration + "' must be more than zero; nothing changed.");
		}
		if (lasting.compareTo(limits.maxDuration()) > 0) {
			refuse("duration '" + duration + "' is longer than nemo.lens.override.max-duration ("
					+ limits.maxDuration() + "); nothing changed.");
		}
		return lasting;
	}

	/** {@code "traces,metrics"}; unset, every signal. */
	private static Set<Signal> signals(String signals) {
		Set<Signal> covered = EnumSet.noneOf(Signal.class);
		if (signals == null) {
			covered.addAll(EnumSet.allOf(Signal.class));
			return covered;
		}
		for (String name : signals.split(",")) {
			String key = name.trim().toLowerCase(Locale.ROOT);
			Signal signal = Arrays.stream(Signal.values()).filter((candidate) -> candidate.key().equals(key))
				.findFirst()
				.orElseThrow(() -> refusal("signals '" + signals + "': '" + name.trim()
						+ "' is not one of 'traces', 'metrics', 'logs'; nothing changed."));
			covered.add(signal);
		}
		return covered;
	}

	private static void refuse(String reason) {
		throw refusal(reason);
	}

	private static InvalidEndpointRequestException refusal(String reason) {
		return new InvalidEndpointRequestException(reason, reason);
	}

}

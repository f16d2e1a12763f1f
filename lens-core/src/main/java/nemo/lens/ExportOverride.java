package nemo.lens;

import java.time.Instant;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * An operator's override of this rank's decision, in force until it ends by itself: a rank that
 * stalls can be switched on for a quarter of an hour without a restart, and a forgotten switch
 * cannot stay on.
 *
 * @param state what the rank does while the override is in force
 * @param signals the signals it covers; the others keep their decision
 * @param until when it ends by itself
 * @param source who set it, such as {@code endpoint}
 */
public record ExportOverride(State state, Set<Signal> signals, Instant until, String source) {

	/**
	 * Checks the values.
	 */
	public ExportOverride {
		Objects.requireNonNull(state, "state must not be null");
		signals = Collections.unmodifiableSet(EnumSet.copyOf(Objects.requireNonNull(signals, "signals must not be null")));
		Objects.requireNonNull(until, "until must not be null");
		Objects.requireNonNull(source, "source must not be null");
	}

	/**
	 * What an override makes the rank do.
	 */
	public enum State {

		/** Export the covered signals that are enabled, whatever the strategies decided. */
		EXPORTING,

		/** Export none of the covered signals, whatever the strategies decided. */
		SILENT;

		/**
		 * The state as the endpoint names it.
		 * @return {@code exporting} or {@code silent}
		 */
		public String value() {
			return name().toLowerCase(Locale.ROOT);
		}

	}

}

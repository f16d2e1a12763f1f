package nemo.lens;

import java.time.Instant;
import java.util.Locale;
import java.util.Objects;

/**
 * An operator's override of this rank's decision, in force until it ends by itself: a rank that
 * stalls can be switched on for a quarter of an hour without a restart, and a forgotten switch
 * cannot stay on.
 *
 * @param state what the rank does while the override is in force
 * @param until when it ends by itself
 * @param source who set it, such as {@code endpoint}
 */
public record ExportOverride(State state, Instant until, String source) {

	/**
	 * Checks the values.
	 */
	public ExportOverride {
		Objects.requireNonNull(state, "state must not be null");
		Objects.requireNonNull(until, "until must not be null");
		Objects.requireNonNull(source, "source must not be null");
	}

	/**
	 * What an override makes the rank do.
	 */
	public enum State {

		/** Export every enabled signal, whatever the strategies decided. */
		EXPORTING,

		/** Export nothing, whatever the strategies decided. */
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

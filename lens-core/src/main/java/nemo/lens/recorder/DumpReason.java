package nemo.lens.recorder;

/**
 * Why a dump was written, as its resource says in {@value #ATTRIBUTE}: a reader sorting the dumps
 * of a hung job tells the ones the ranks wrote by themselves ({@code stall}, {@code exit},
 * {@code uncaught}) from the ones an operator asked for ({@code request}, {@code control}).
 */
public enum DumpReason {

	/** A span was open longer than {@code nemo.lens.flight-recorder.stall-timeout}. */
	STALL("stall"),

	/** Asked for through the API or the lens endpoint. */
	REQUEST("request"),

	/** Asked for by the control file's {@code dump} key. */
	CONTROL("control"),

	/** The rank shut down with {@code dump-on-exit}. */
	EXIT("exit"),

	/** A thread died of an uncaught exception, or the application failed to start. */
	UNCAUGHT("uncaught");

	/** The resource attribute that carries the reason. */
	public static final String ATTRIBUTE = "nemo.dump.reason";

	private final String value;

	DumpReason(String value) {
		this.value = value;
	}

	/**
	 * The reason as the dump writes it.
	 * @return the value, such as {@code stall}
	 */
	public String value() {
		return this.value;
	}

	/**
	 * The reason of a dump's trigger ({@code nemo.lens.flight_recorder.trigger}): {@code control-file}
	 * is {@code control}, {@code uncaught-exception} and {@code startup-failure} are {@code uncaught},
	 * and a trigger of an integration's own is a {@code request}.
	 * @param trigger the trigger
	 * @return the reason
	 */
	static DumpReason ofTrigger(String trigger) {
		return switch (trigger) {
			case "stall" -> STALL;
			case "control-file" -> CONTROL;
			case "exit" -> EXIT;
			case "uncaught-exception", "startup-failure" -> UNCAUGHT;
			default -> REQUEST;
		};
	}

}

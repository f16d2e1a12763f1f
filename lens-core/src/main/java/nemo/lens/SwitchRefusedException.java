package nemo.lens;

import nemo.lens.env.Redaction;

/**
 * A switch of a running rank that could not be made, such as an exporting SDK that cannot be built
 * (a certificate file that went missing): it was refused whole, and the rank goes on exactly as
 * before. The message names the cause, with anything secret redacted.
 */
public final class SwitchRefusedException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates the refusal of a switch.
	 * @param change the switch asked for, in words
	 * @param cause why it could not be made
	 */
	public SwitchRefusedException(String change, Throwable cause) {
		super("NeMo Lens could not switch this rank (" + change + "): " + Redaction.redact(describe(cause))
				+ "; nothing changed.", cause);
	}

	private static String describe(Throwable cause) {
		String message = cause.getMessage();
		return (message != null) ? message : cause.getClass().getName();
	}

}

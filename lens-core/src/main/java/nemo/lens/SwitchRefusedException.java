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

	/**
	 * The cause's message, and its root cause's where that says more: the SDK's autoconfiguration
	 * wraps what failed in an "Unexpected configuration error".
	 */
	private static String describe(Throwable cause) {
		String message = message(cause);
		Throwable root = cause;
		while (root.getCause() != null && root.getCause() != root) {
			root = root.getCause();
		}
		String rootMessage = message(root);
		return (root == cause || message.contains(rootMessage)) ? message : message + ": " + rootMessage;
	}

	private static String message(Throwable failure) {
		String message = failure.getMessage();
		return (message != null) ? message : failure.getClass().getName();
	}

}

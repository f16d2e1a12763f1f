package nemo.lens.autoconfigure.failure;

import nemo.lens.env.Redaction;

/**
 * A NeMo Lens setting, launcher variable or strategy bean that stops the application from
 * starting. Carries what is wrong and what to do, which {@link LensStartupFailureAnalyzer} shows
 * in Spring Boot's failure report, on every rank: the description is redacted
 * ({@link Redaction}), since it may quote a value that holds a credential.
 */
public class LensStartupException extends RuntimeException {

	private final String action;

	/**
	 * Creates an exception.
	 * @param description what is wrong: the property or variable, its value, what is allowed
	 * @param action what the user should do about it
	 * @param cause the underlying error, or {@code null}
	 */
	public LensStartupException(String description, String action, Throwable cause) {
		super(Redaction.redact(description), cause);
		this.action = action;
	}

	/**
	 * What the user should do about it.
	 * @return the action
	 */
	public String getAction() {
		return this.action;
	}

}

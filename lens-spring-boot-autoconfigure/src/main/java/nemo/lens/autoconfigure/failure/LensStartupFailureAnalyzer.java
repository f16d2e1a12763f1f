package nemo.lens.autoconfigure.failure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Turns a {@link LensStartupException} into Spring Boot's failure report: the description names
 * the setting or variable and its value, the action says what is allowed.
 */
class LensStartupFailureAnalyzer extends AbstractFailureAnalyzer<LensStartupException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, LensStartupException cause) {
		return new FailureAnalysis(cause.getMessage(), cause.getAction(), cause);
	}

}

package nemo.lens.sample;

import jakarta.annotation.PreDestroy;
import nemo.lens.TelemetryHandle;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.stereotype.Component;

/**
 * The end of a job, as many applications record it: when the context closes, a last
 * {@code job.summary} span with the number of {@code /work} calls served. Lens shuts its SDK down
 * only after the beans that use its handle, so this span is exported too. On with
 * {@code sample.job-summary=true}.
 */
@Component
@ConditionalOnBooleanProperty("sample.job-summary")
class JobSummary {

	private final TelemetryHandle telemetry;

	private final WorkController work;

	JobSummary(TelemetryHandle telemetry, WorkController work) {
		this.telemetry = telemetry;
		this.work = work;
	}

	@PreDestroy
	void recordSummary() {
		this.telemetry.span("job.summary").attribute("sample.calls", this.work.calls()).run(() -> {
		});
	}

}

package nemo.lens.autoconfigure.handle;

import java.time.Duration;

import nemo.lens.TelemetryHandle;

import org.springframework.beans.factory.DisposableBean;

/**
 * Shuts the context's {@link TelemetryHandle} down when the context closes (at SIGTERM too),
 * waiting at most {@code nemo.lens.shutdown-timeout}, so telemetry is flushed and the exit is never
 * held up longer.
 */
final class TelemetryHandleShutdown implements DisposableBean {

	private final TelemetryHandle handle;

	private final Duration timeout;

	TelemetryHandleShutdown(TelemetryHandle handle, Duration timeout) {
		this.handle = handle;
		this.timeout = timeout;
	}

	@Override
	public void destroy() {
		this.handle.shutdown(this.timeout);
	}

}

package nemo.lens.autoconfigure.global;

import io.opentelemetry.api.OpenTelemetry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.DisposableBean;

/**
 * Points {@code GlobalOpenTelemetry} at the rank's telemetry while this context runs: on an
 * exporting rank libraries that use it export through the gated SDK (Lens's, or the
 * instrumentation starter's behind its door), stamped with the rank; on a silent rank they get
 * telemetry that records nothing and still propagates. It also keeps the SDK's global autoconfigure
 * ({@code OTEL_JAVA_GLOBAL_AUTOCONFIGURE_ENABLED=true}) from building an exporting SDK on every
 * rank, since that only happens while nothing is set.
 */
final class GlobalOpenTelemetryGate implements DisposableBean {

	private static final Log logger = LogFactory.getLog(GlobalOpenTelemetryGate.class);

	private static final GlobalOpenTelemetryGate NOT_INSTALLED = new GlobalOpenTelemetryGate(null);

	private final OpenTelemetry followed;

	private GlobalOpenTelemetryGate(OpenTelemetry followed) {
		this.followed = followed;
	}

	/**
	 * Makes {@code GlobalOpenTelemetry} follow the rank's telemetry.
	 * @param telemetry the rank's telemetry
	 * @return the gate; not installed when other code set or used {@code GlobalOpenTelemetry} first
	 * (logged as a warning whose cause shows where)
	 */
	static GlobalOpenTelemetryGate install(OpenTelemetry telemetry) {
		try {
			GlobalTelemetry.follow(telemetry);
			return new GlobalOpenTelemetryGate(telemetry);
		}
		catch (IllegalStateException ex) {
			logger.warn("NeMo Lens: GlobalOpenTelemetry was set or used before Lens decided (see the cause for "
					+ "where), so libraries that use it are not gated by this rank's decision. Set it after the "
					+ "application context starts, or set nemo.lens.gate.global.opentelemetry=false to leave it "
					+ "to the application knowingly.", ex.getCause());
			return NOT_INSTALLED;
		}
	}

	/**
	 * A gate that leaves {@code GlobalOpenTelemetry} alone.
	 * @return the gate
	 */
	static GlobalOpenTelemetryGate notInstalled() {
		return NOT_INSTALLED;
	}

	/**
	 * Whether {@code GlobalOpenTelemetry} follows the rank's telemetry through this gate.
	 * @return whether installed
	 */
	boolean isInstalled() {
		return this.followed != null;
	}

	@Override
	public void destroy() {
		if (this.followed != null) {
			GlobalTelemetry.release(this.followed);
		}
	}

}

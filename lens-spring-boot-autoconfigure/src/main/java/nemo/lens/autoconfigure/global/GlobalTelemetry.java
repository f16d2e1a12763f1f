package nemo.lens.autoconfigure.global;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.logs.LoggerProvider;
import io.opentelemetry.api.metrics.MeterProvider;
import io.opentelemetry.api.trace.TracerProvider;
import io.opentelemetry.context.propagation.ContextPropagators;

/**
 * The one {@link OpenTelemetry} NeMo Lens puts into {@link GlobalOpenTelemetry}, for the life of
 * the JVM, passing every call to the telemetry it currently follows. {@code GlobalOpenTelemetry}
 * can be set once per JVM while application contexts come and go (a test suite starts many), so
 * Lens sets this delegate once and each context points it at its own rank's telemetry.
 * <p>
 * Tracers and meters are looked up at each call, so a library that keeps one obtained before a
 * context decided keeps what it got then (no-op until the first decision).
 */
final class GlobalTelemetry implements OpenTelemetry {

	static final GlobalTelemetry INSTANCE = new GlobalTelemetry();

	private volatile Followed followed = new Followed(OpenTelemetry.noop());

	private GlobalTelemetry() {
	}

	/**
	 * Makes the global telemetry follow {@code telemetry}, setting this delegate as the global
	 * first if it is not already.
	 * @param telemetry what libraries using {@code GlobalOpenTelemetry} get from now on
	 * @throws IllegalStateException when other code set or used {@code GlobalOpenTelemetry} first;
	 * its cause is where that happened
	 */
	static synchronized void follow(OpenTelemetry telemetry) {
		Followed previous = INSTANCE.followed;
		INSTANCE.followed = new Followed(telemetry);
		try {
			GlobalOpenTelemetry.set(INSTANCE);
		}
		catch (IllegalStateException ex) {
			if (!isGlobal()) {
				INSTANCE.followed = previous;
				throw ex;
			}
		}
	}

	/**
	 * Stops following {@code telemetry} (its context closes): the global telemetry is a no-op
	 * again, unless another context has taken it over since.
	 * @param telemetry what was followed
	 */
	static synchronized void release(OpenTelemetry telemetry) {
		if (INSTANCE.followed.telemetry == telemetry) {
			INSTANCE.followed = new Followed(OpenTelemetry.noop());
		}
	}

	/**
	 * Whether {@code GlobalOpenTelemetry} is this delegate: each followed telemetry gets a
	 * propagators object of its own, which only this delegate hands out.
	 */
	private static boolean isGlobal() {
		return GlobalOpenTelemetry.getPropagators() == INSTANCE.followed.propagators;
	}

	@Override
	public TracerProvider getTracerProvider() {
		return this.followed.telemetry.getTracerProvider();
	}

	@Override
	public MeterProvider getMeterProvider() {
		return this.followed.telemetry.getMeterProvider();
	}

	@Override
	public LoggerProvider getLogsBridge() {
		return this.followed.telemetry.getLogsBridge();
	}

	@Override
	public ContextPropagators getPropagators() {
		return this.followed.propagators;
	}

	/** The telemetry followed, and its propagators in an instance of this delegate's own. */
	private static final class Followed {

		private final OpenTelemetry telemetry;

		private final ContextPropagators propagators;

		Followed(OpenTelemetry telemetry) {
			this.telemetry = telemetry;
			this.propagators = ContextPropagators.create(telemetry.getPropagators().getTextMapPropagator());
		}

	}

}

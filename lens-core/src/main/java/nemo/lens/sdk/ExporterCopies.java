package nemo.lens.sdk;

import java.lang.reflect.Method;

/**
 * Makes the copy of an exporter that one pipeline uses and closes: through
 * {@link CopyableExporter}, or for OpenTelemetry's own OTLP exporters through their
 * {@code toBuilder().build()}, which keeps every setting (endpoint, headers, TLS, timeouts,
 * compression). Other exporters are not copied. Public for integrations whose
 * {@link CopyableExporter} copies the exporters it wraps.
 */
public final class ExporterCopies {

	private static final String OTLP_PACKAGE = "io.opentelemetry.exporter.otlp.";

	private ExporterCopies() {
	}

	/**
	 * A copy of an exporter, or {@code null} when it cannot be copied.
	 * @param exporter the exporter
	 * @param type the exporter type the copy must have
	 * @param <E> the exporter type
	 * @return the copy, or {@code null}
	 */
	public static <E> E copyOf(E exporter, Class<E> type) {
		Object copy = null;
		if (exporter instanceof CopyableExporter<?> copyable) {
			copy = copyable.copyForPipeline();
		}
		else if (exporter.getClass().getName().startsWith(OTLP_PACKAGE)) {
			copy = otlpCopy(exporter);
		}
		return type.isInstance(copy) ? type.cast(copy) : null;
	}

	private static Object otlpCopy(Object exporter) {
		try {
			Method toBuilder = exporter.getClass().getMethod("toBuilder");
			Object builder = toBuilder.invoke(exporter);
			return builder.getClass().getMethod("build").invoke(builder);
		}
		catch (ReflectiveOperationException | RuntimeException ex) {
			// Not one of the OTLP exporters with a builder: lent as it is.
			return null;
		}
	}

}

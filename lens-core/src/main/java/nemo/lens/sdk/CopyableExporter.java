package nemo.lens.sdk;

/**
 * An exporter that can make a new exporter of the same configuration: a rank switched on and off
 * while it runs gives each pipeline a copy of its own and closes it, with its threads and
 * connections, when the pipeline stops, rather than keeping one client open between switches.
 * OpenTelemetry's OTLP exporters are copied without this interface; an integration that wraps an
 * exporter (such as a bean built later) implements it to say how its wrapped exporter is copied.
 *
 * @param <E> the exporter type
 */
@FunctionalInterface
public interface CopyableExporter<E> {

	/**
	 * A new exporter of this one's configuration, for one pipeline to use and close.
	 * @return the copy, or {@code null} when this exporter cannot be copied: it is then lent to each
	 * pipeline and closed only with the rank
	 */
	E copyForPipeline();

}

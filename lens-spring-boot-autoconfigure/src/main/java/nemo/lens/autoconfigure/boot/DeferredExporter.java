package nemo.lens.autoconfigure.boot;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Exporter beans of one signal, handed to Lens before the rank's decision is made but built only
 * after it: Lens resolves them when the rank exports, and on a silent rank they are never built,
 * so no exporter object (nor its HTTP client) exists there.
 *
 * @param <E> the exporter type
 */
final class DeferredExporter<E> {

	private final Supplier<List<E>> beans;

	private final Function<List<E>, E> combine;

	private volatile E delegate;

	DeferredExporter(Supplier<List<E>> beans, Function<List<E>, E> combine) {
		this.beans = beans;
		this.combine = combine;
	}

	/** Builds the beans now, once; the exporter they make together. */
	E resolve() {
		E resolved = this.delegate;
		if (resolved == null) {
			synchronized (this) {
				resolved = this.delegate;
				if (resolved == null) {
					List<E> exporters = this.beans.get();
					resolved = (exporters.size() == 1) ? exporters.get(0) : this.combine.apply(exporters);
					this.delegate = resolved;
				}
			}
		}
		return resolved;
	}

	/**
	 * New exporters of the beans' configuration, for one pipeline to use and close.
	 * @param copyOne copies one bean, or answers {@code null} when it cannot
	 * @return the copies as one exporter, or {@code null} when a bean cannot be copied: the beans are
	 * then lent to the pipeline
	 */
	E copy(Function<E, E> copyOne) {
		List<E> copies = new ArrayList<>();
		for (E bean : this.beans.get()) {
			E copy = copyOne.apply(bean);
			if (copy == null) {
				return null;
			}
			copies.add(copy);
		}
		return (copies.size() == 1) ? copies.get(0) : this.combine.apply(copies);
	}

	/** The exporter when resolved, else {@code null}: before that, flush and shutdown have nothing to do. */
	E resolvedOrNull() {
		return this.delegate;
	}

	@Override
	public String toString() {
		E resolved = this.delegate;
		return (resolved != null) ? resolved.toString() : "not built";
	}

}

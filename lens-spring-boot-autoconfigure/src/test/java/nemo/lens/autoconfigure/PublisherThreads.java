package nemo.lens.autoconfigure;

import java.util.Set;
import java.util.stream.Collectors;

/** The publishing threads of Micrometer's push registries running in this JVM, by name. */
public final class PublisherThreads {

	private PublisherThreads() {
	}

	/**
	 * The names of the threads running now, such as {@code otlp-metrics-publisher}.
	 * @return the names
	 */
	public static Set<String> running() {
		return Thread.getAllStackTraces()
			.keySet()
			.stream()
			.map(Thread::getName)
			.filter((name) -> name.contains("metrics-publisher"))
			.collect(Collectors.toSet());
	}

}

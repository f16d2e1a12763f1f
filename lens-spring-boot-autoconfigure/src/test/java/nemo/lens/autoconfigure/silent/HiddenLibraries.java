package nemo.lens.autoconfigure.silent;

import java.io.IOException;
import java.net.URL;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

/**
 * A class loader on which libraries of the test class path are missing: their classes, their
 * classes read as resources (the rank reads some libraries' presence that way, so as not to load
 * them), and their {@code META-INF} files, so that nothing they register is met either.
 */
final class HiddenLibraries extends ClassLoader {

	private final List<Library> libraries;

	HiddenLibraries(ClassLoader parent, Library... libraries) {
		super(parent);
		this.libraries = List.of(libraries);
	}

	@Override
	protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
		if (hidden(name)) {
			throw new ClassNotFoundException(name);
		}
		return super.loadClass(name, resolve);
	}

	@Override
	public URL getResource(String name) {
		URL resource = hidden(name.replace('/', '.')) ? null : super.getResource(name);
		return (resource != null && fromHiddenJar(resource)) ? null : resource;
	}

	@Override
	public Enumeration<URL> getResources(String name) throws IOException {
		if (hidden(name.replace('/', '.'))) {
			return Collections.emptyEnumeration();
		}
		List<URL> resources = Collections.list(super.getResources(name));
		resources.removeIf(this::fromHiddenJar);
		return Collections.enumeration(resources);
	}

	private boolean hidden(String name) {
		return this.libraries.stream().anyMatch((library) -> name.startsWith(library.packagePrefix()));
	}

	private boolean fromHiddenJar(URL resource) {
		return this.libraries.stream().anyMatch((library) -> resource.toString().contains(library.jarPrefix()));
	}

	/**
	 * A library as the test hides it.
	 * @param packagePrefix the prefix of its classes' names
	 * @param jarPrefix the start of its jars' names, such as {@code /spring-cloud-}
	 */
	record Library(String packagePrefix, String jarPrefix) {

		static final Library SPRING_CLOUD = new Library("org.springframework.cloud.", "/spring-cloud-");

		static final Library PROMETHEUS = new Library("io.micrometer.prometheus", "/micrometer-registry-prometheus");

	}

}

package nemo.lens.autoconfigure.door;

import java.util.List;

import org.springframework.core.io.support.SpringFactoriesLoader;

/**
 * The doors one door integration declares. Each integration's package provides one, listed in
 * {@code META-INF/spring.factories} under this interface's name, and this package only collects
 * them: a new door, or a new kind of an integration's door, is declared where it is gated. They
 * are read whether or not the integration's library is on the class path, so that the gate switch
 * of every door Lens knows is accepted anywhere; an implementation therefore names no class of
 * its library.
 */
public interface DoorDeclarations {

	/**
	 * The doors of the integration.
	 * @return the declarations
	 */
	List<DoorDeclaration> doors();

	/**
	 * Every integration's declarations on a class loader.
	 * @param classLoader the class loader
	 * @return the declarations, as {@code META-INF/spring.factories} lists them
	 */
	static List<DoorDeclarations> load(ClassLoader classLoader) {
		return SpringFactoriesLoader.loadFactories(DoorDeclarations.class, classLoader);
	}

}

package nemo.lens.actuate;

import org.springframework.aot.hint.BindingReflectionHintsRegistrar;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;

/**
 * What a native image needs to write {@link LensDescriptor} as JSON where Spring Boot does not
 * register it itself: the {@code lens} entry of the {@code info} endpoint, a value in a map. (The
 * {@code lens} endpoint's own response type is registered by Spring Boot from its read operation.)
 */
public final class LensDescriptorRuntimeHints implements RuntimeHintsRegistrar {

	@Override
	public void registerHints(RuntimeHints hints, ClassLoader classLoader) {
		new BindingReflectionHintsRegistrar().registerReflectionHints(hints.reflection(), LensDescriptor.class);
	}

}

package nemo.lens.autoconfigure.aot;

import java.lang.reflect.RecordComponent;

import nemo.lens.NemoLensConfig;

import org.springframework.aot.hint.ExecutableMode;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.beans.BeanUtils;
import org.springframework.util.ReflectionUtils;

/**
 * What a native image needs for NeMo Lens's own reflection: {@link NemoLensConfig}'s builder, its
 * copy and the {@code NEMO_LENS_*} reader follow the record's components (each accessor, the
 * canonical constructor, and the builder field of the same name) rather than repeating their
 * list, and the Spring configuration maps the properties onto the same components.
 */
final class LensRuntimeHints implements RuntimeHintsRegistrar {

	@Override
	public void registerHints(RuntimeHints hints, ClassLoader classLoader) {
		RecordComponent[] components = NemoLensConfig.class.getRecordComponents();
		for (RecordComponent component : components) {
			hints.reflection().registerMethod(component.getAccessor(), ExecutableMode.INVOKE);
			hints.reflection()
				.registerField(ReflectionUtils.findField(NemoLensConfig.Builder.class, component.getName()));
		}
		hints.reflection()
			.registerConstructor(BeanUtils.getResolvableConstructor(NemoLensConfig.class), ExecutableMode.INVOKE);
	}

}

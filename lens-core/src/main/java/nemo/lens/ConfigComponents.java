package nemo.lens;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;

import nemo.lens.config.EnvironmentSettings;

/**
 * The settings of {@link NemoLensConfig}, one per record component, so that the builder, its copy
 * and the environment's reading follow the record instead of repeating its list. Builder fields carry
 * the component names.
 */
final class ConfigComponents {

	static final RecordComponent[] ALL = NemoLensConfig.class.getRecordComponents();

	private static final Constructor<NemoLensConfig> CANONICAL = canonical();

	private ConfigComponents() {
	}

	/** Reads every setting from the environment; the unset ones keep their defaults. */
	static NemoLensConfig read(EnvironmentSettings environment) {
		NemoLensConfig defaults = NemoLensConfig.defaults();
		Object[] values = new Object[ALL.length];
		for (int i = 0; i < values.length; i++) {
			Object value = environment.read(ALL[i].getName(), ALL[i].getType());
			values[i] = (value != null) ? value : value(ALL[i], defaults);
		}
		return construct(values);
	}

	/** The settings' names, in the order of the record. */
	static List<String> names() {
		// Loops rather than streams here and below: every rank runs them at start-up.
		List<String> names = new ArrayList<>(ALL.length);
		for (RecordComponent component : ALL) {
			names.add(component.getName());
		}
		return List.copyOf(names);
	}

	/** Calls the canonical constructor; its own exceptions come through unwrapped. */
	static NemoLensConfig construct(Object[] values) {
		try {
			return CANONICAL.newInstance(values);
		}
		catch (InvocationTargetException ex) {
			if (ex.getCause() instanceof RuntimeException runtime) {
				throw runtime;
			}
			throw new IllegalStateException(ex.getCause());
		}
		catch (ReflectiveOperationException ex) {
			throw new IllegalStateException(ex);
		}
	}

	static Object value(RecordComponent component, NemoLensConfig config) {
		try {
			return component.getAccessor().invoke(config);
		}
		catch (ReflectiveOperationException ex) {
			throw new IllegalStateException(ex);
		}
	}

	static Object get(RecordComponent component, NemoLensConfig.Builder builder) {
		try {
			return builderField(component).get(builder);
		}
		catch (IllegalAccessException ex) {
			throw new IllegalStateException(ex);
		}
	}

	static void set(RecordComponent component, NemoLensConfig.Builder builder, Object value) {
		try {
			builderField(component).set(builder, value);
		}
		catch (IllegalAccessException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static Field builderField(RecordComponent component) {
		try {
			Field field = NemoLensConfig.Builder.class.getDeclaredField(component.getName());
			field.setAccessible(true);
			return field;
		}
		catch (NoSuchFieldException ex) {
			throw new IllegalStateException("NemoLensConfig.Builder has no field for " + component.getName(), ex);
		}
	}

	private static Constructor<NemoLensConfig> canonical() {
		try {
			Class<?>[] types = new Class<?>[ALL.length];
			for (int i = 0; i < types.length; i++) {
				types[i] = ALL[i].getType();
			}
			return NemoLensConfig.class.getDeclaredConstructor(types);
		}
		catch (NoSuchMethodException ex) {
			throw new IllegalStateException(ex);
		}
	}

}

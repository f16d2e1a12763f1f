package nemo.lens.sample.docs;

import java.io.StringReader;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

import nemo.lens.autoconfigure.NemoLensProperties;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.annotation.ImportCandidates;
import org.springframework.boot.context.properties.bind.Name;
import org.springframework.boot.convert.ApplicationConversionService;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.convert.TypeDescriptor;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ByteArrayResource;
import org.springframework.util.ReflectionUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A properties or YAML block of Spring settings, through Spring Boot's binder and every NeMo Lens
 * auto-configuration: the context starts, and each {@code nemo.lens.*} value of the block is the
 * value {@link NemoLensProperties} holds.
 */
final class SpringSettings {

	private SpringSettings() {
	}

	static void check(DocBlock block) throws Exception {
		Map<String, Object> settings = settings(block);
		List<Class<?>> lens = new ArrayList<>();
		for (String name : ImportCandidates.load(AutoConfiguration.class, SpringSettings.class.getClassLoader())) {
			// Spring Cloud's refresh is not on the sample's class path.
			if (name.startsWith("nemo.lens.") && !name.contains(".refresh.")) {
				lens.add(Class.forName(name));
			}
		}
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(lens.toArray(Class<?>[]::new)))
			.withInitializer((context) -> {
				// As SpringApplication sets it up: Spring Boot's conversions (an enum in any case).
				context.getEnvironment().setConversionService(new ApplicationConversionService());
				context.getEnvironment().getPropertySources().addFirst(new MapPropertySource(block.toString(), settings));
			})
			.run((context) -> {
				assertThat(context).as(block.toString()).hasNotFailed();
				NemoLensProperties bound = context.getBean(NemoLensProperties.class);
				settings.forEach((key, value) -> {
					if (key.startsWith("nemo.lens.")) {
						Object held = held(bound, key.substring("nemo.lens.".length()));
						assertThat(held).as("%s: %s", block, key)
							.isEqualTo(ApplicationConversionService.getSharedInstance()
								.convert(value.toString(), TypeDescriptor.valueOf(String.class),
										typeOf(held)));
					}
				});
			});
	}

	/** The block's settings by name, each value as text. */
	static Map<String, Object> settings(DocBlock block) throws Exception {
		Map<String, Object> settings = new LinkedHashMap<>();
		if (block.language().equals("properties")) {
			Properties properties = new Properties();
			properties.load(new StringReader(block.text()));
			properties.forEach((key, value) -> settings.put(key.toString(), value));
			return settings;
		}
		for (PropertySource<?> source : new YamlPropertySourceLoader().load(block.toString(),
				new ByteArrayResource(block.text().getBytes()))) {
			for (String name : ((EnumerablePropertySource<?>) source).getPropertyNames()) {
				settings.put(name, String.valueOf(source.getProperty(name)));
			}
		}
		return settings;
	}

	/**
	 * The value the properties' record holds under a key: {@code flight-recorder.spans} is
	 * {@code flightRecorder().spans()}, {@code gate.boot.opentelemetry} a key of the gate's map,
	 * {@code extra-span-groups[1]} an element of the list.
	 */
	private static Object held(Object record, String key) {
		Object value = record;
		String rest = key;
		while (!rest.isEmpty()) {
			if (value instanceof Map<?, ?> map) {
				return map.get(rest);
			}
			int dot = rest.indexOf('.');
			String element = (dot < 0) ? rest : rest.substring(0, dot);
			rest = (dot < 0) ? "" : rest.substring(dot + 1);
			int index = element.indexOf('[');
			value = component(value, (index < 0) ? element : element.substring(0, index));
			if (index >= 0) {
				value = ((List<?>) value).get(Integer.parseInt(element.substring(index + 1, element.length() - 1)));
			}
		}
		return value;
	}

	/** Every list of Lens's settings holds text. */
	private static TypeDescriptor typeOf(Object held) {
		return (held instanceof List) ? TypeDescriptor.collection(List.class, TypeDescriptor.valueOf(String.class))
				: TypeDescriptor.forObject(held);
	}

	private static Object component(Object record, String dashed) {
		for (RecordComponent component : record.getClass().getRecordComponents()) {
			Name name = component.getAnnotation(Name.class);
			String property = (name != null) ? name.value()
					: component.getName().replaceAll("([a-z])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
			if (property.equals(dashed)) {
				return ReflectionUtils.invokeMethod(component.getAccessor(), record);
			}
		}
		throw new AssertionError("No property " + dashed + " in " + record.getClass().getSimpleName());
	}

}

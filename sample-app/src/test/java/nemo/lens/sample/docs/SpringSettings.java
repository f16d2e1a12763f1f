package nemo.lens.sample.docs;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import nemo.lens.autoconfigure.NemoLensProperties;

import org.springframework.beans.BeanWrapperImpl;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.annotation.ImportCandidates;
import org.springframework.boot.convert.ApplicationConversionService;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.convert.TypeDescriptor;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ByteArrayResource;

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
				BeanWrapperImpl bound = new BeanWrapperImpl(context.getBean(NemoLensProperties.class));
				settings.forEach((key, value) -> {
					if (key.startsWith("nemo.lens.")) {
						String path = camel(key.substring("nemo.lens.".length()));
						TypeDescriptor type = bound.getPropertyTypeDescriptor(path);
						assertThat(bound.getPropertyValue(path)).as("%s: %s", block, key)
							.isEqualTo(ApplicationConversionService.getSharedInstance()
								.convert(value.toString(), TypeDescriptor.valueOf(String.class), type));
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

	/** {@code metrics.export-strategy} as a bean path: {@code metrics.exportStrategy}. */
	private static String camel(String kebab) {
		StringBuilder path = new StringBuilder();
		boolean upper = false;
		for (char c : kebab.toCharArray()) {
			if (c == '-') {
				upper = true;
			}
			else {
				path.append(upper ? Character.toUpperCase(c) : c);
				upper = false;
			}
		}
		return path.toString();
	}

}

package nemo.lens.autoconfigure.silent;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.io.DefaultResourceLoader;

/**
 * What Spring Boot does for an application, which an {@code ApplicationContextRunner} does not:
 * the environment-prepared event, before any bean, where a rank decides what it starts without.
 */
final class EnvironmentPrepared implements ApplicationContextInitializer<ConfigurableApplicationContext> {

	@Override
	public void initialize(ConfigurableApplicationContext context) {
		SpringApplication application = new SpringApplication();
		application.setResourceLoader(new DefaultResourceLoader(context.getClassLoader()));
		new SilentRankExports().onApplicationEvent(
				new ApplicationEnvironmentPreparedEvent(null, application, new String[0], context.getEnvironment()));
	}

}

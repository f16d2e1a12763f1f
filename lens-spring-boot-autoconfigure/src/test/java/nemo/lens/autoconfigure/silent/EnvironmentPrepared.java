package nemo.lens.autoconfigure.silent;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.io.DefaultResourceLoader;

/**
 * What Spring Boot does for an application, which an {@code ApplicationContextRunner} does not:
 * the environment-prepared event, before any bean, where a rank decides what it starts without.
 */
final class EnvironmentPrepared implements ApplicationContextInitializer<ConfigurableApplicationContext> {

	private final WebApplicationType webApplicationType;

	/** As for the context an {@code ApplicationContextRunner} makes: no web application. */
	EnvironmentPrepared() {
		this(WebApplicationType.NONE);
	}

	/**
	 * As for an application of a kind.
	 * @param webApplicationType the kind, as Spring Boot deduces it
	 */
	EnvironmentPrepared(WebApplicationType webApplicationType) {
		this.webApplicationType = webApplicationType;
	}

	@Override
	public void initialize(ConfigurableApplicationContext context) {
		SpringApplication application = new SpringApplication();
		application.setWebApplicationType(this.webApplicationType);
		application.setResourceLoader(new DefaultResourceLoader(context.getClassLoader()));
		new SilentRankExports().onApplicationEvent(
				new ApplicationEnvironmentPreparedEvent(null, application, new String[0], context.getEnvironment()));
	}

}

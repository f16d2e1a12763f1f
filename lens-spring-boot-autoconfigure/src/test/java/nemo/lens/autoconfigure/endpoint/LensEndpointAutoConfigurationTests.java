package nemo.lens.autoconfigure.endpoint;

import nemo.lens.actuate.LensEndpoint;
import nemo.lens.actuate.LensInfoContributor;
import nemo.lens.autoconfigure.LensTestConfigurations;
import nemo.lens.autoconfigure.door.LensDoorsAutoConfiguration;
import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.autoconfigure.endpoint.EndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.info.InfoContributorAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

class LensEndpointAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(LensTestConfigurations.core(LensDoorsAutoConfiguration.class,
				LensEndpointAutoConfiguration.class, EndpointAutoConfiguration.class,
				InfoContributorAutoConfiguration.class))
		.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.exporter=none");

	@Test
	void theEndpointIsThereOnceExposed() {
		this.runner.withPropertyValues("management.endpoints.web.exposure.include=lens")
			.run((context) -> assertThat(context).hasSingleBean(LensEndpoint.class));
	}

	@Test
	void noEndpointUnlessExposed() {
		this.runner.run((context) -> assertThat(context).doesNotHaveBean(LensEndpoint.class));
	}

	@Test
	void theInfoEntryIsThereUnlessSwitchedOff() {
		this.runner.run((context) -> assertThat(context).hasSingleBean(LensInfoContributor.class));
		this.runner.withPropertyValues("management.info.lens.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(LensInfoContributor.class));
	}

}

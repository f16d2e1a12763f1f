package nemo.lens.autoconfigure.handle;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import nemo.lens.TelemetryHandle;
import nemo.lens.autoconfigure.LensTestConfigurations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.annotation.Configurations;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * A Spring application whose start-up fails after its silent rank recorded spans dumps the flight
 * recorder once, with the trigger {@code startup-failure}, when a directory is set.
 */
class StartupFailureDumpTests {

	@TempDir
	Path directory;

	private void failToStart(String... properties) {
		Class<?>[] lens = Configurations.getClasses(LensTestConfigurations.core());
		SpringApplicationBuilder application = new SpringApplicationBuilder(FailingApplication.class)
			.sources(lens)
			.web(WebApplicationType.NONE)
			.logStartupInfo(false)
			.properties("nemo.lens.enabled=true", "nemo.lens.exporter=none", "nemo.lens.world-size=2",
					"nemo.lens.rank=0", "nemo.lens.flight-recorder.enabled=true")
			.properties(properties);
		assertThatException().isThrownBy(application::run).havingRootCause().withMessage("start-up failed on purpose");
	}

	private List<Path> dumps() throws IOException {
		try (Stream<Path> files = Files.list(this.directory)) {
			return files.toList();
		}
	}

	@Test
	void aFailedStartUpDumpsWhatTheRankRecordedBeforeIt() throws IOException {
		failToStart("nemo.lens.flight-recorder.directory=" + this.directory);
		assertThat(dumps()).singleElement().satisfies((dump) -> assertThat(Files.readString(dump))
			.contains("\"before-the-failure\"")
			.contains("{\"key\":\"nemo.lens.flight_recorder.trigger\",\"value\":{\"stringValue\":\"startup-failure\"}}"));
	}

	@Test
	void withDumpOnExitTheRankIsDumpedOnceWhenTheContextClosesIt() throws IOException {
		failToStart("nemo.lens.flight-recorder.directory=" + this.directory,
				"nemo.lens.flight-recorder.dump-on-exit=true");
		assertThat(dumps()).singleElement()
			.satisfies((dump) -> assertThat(Files.readString(dump)).contains("\"before-the-failure\""));
	}

	@Test
	void withoutADirectoryAFailedStartUpWritesNothing() throws IOException {
		failToStart();
		assertThat(dumps()).isEmpty();
	}

	@Configuration(proxyBeanMethods = false)
	static class FailingApplication {

		@Bean
		Failing failing(TelemetryHandle handle) {
			return new Failing(handle);
		}

		/** Records a span on the silent rank, then fails the start-up. */
		static final class Failing implements InitializingBean {

			private final TelemetryHandle handle;

			Failing(TelemetryHandle handle) {
				this.handle = handle;
			}

			@Override
			public void afterPropertiesSet() {
				this.handle.tracer().spanBuilder("before-the-failure").startSpan().end();
				throw new IllegalStateException("start-up failed on purpose");
			}

		}

	}

}

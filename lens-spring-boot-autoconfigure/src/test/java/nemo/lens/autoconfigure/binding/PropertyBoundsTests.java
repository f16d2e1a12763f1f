package nemo.lens.autoconfigure.binding;

import java.util.Map;
import java.util.stream.Stream;

import nemo.lens.autoconfigure.LensTestConfigurations;
import nemo.lens.autoconfigure.NemoLensProperties;
import nemo.lens.autoconfigure.door.LensDoorsAutoConfiguration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatException;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * Every duration and size property has a range, refused at binding in the property's own words
 * (the property, or the {@code NEMO_LENS_*} variable the value came from, the value as written, the
 * range), so that no value can overflow, run the rank out of memory or poll a shared file system in
 * a loop once the application runs.
 */
class PropertyBoundsTests {

	/** Each property, its least and largest values, one past each, and the range as refusals say it. */
	static Stream<Arguments> bounds() {
		return Stream.of(arguments("nemo.lens.shutdown-timeout", "0s", "1h", "-1ns", "3600000000001ns", "0s and 1h"),
				arguments("nemo.lens.switch.drain-timeout", "0s", "1h", "-1ns", "3600000000001ns", "0s and 1h"),
				arguments("nemo.lens.control.interval", "100ms", "1h", "99999999ns", "3600000000001ns",
						"100ms and 1h"),
				arguments("nemo.lens.override.default-duration", "1ns", "30d", "0s", "2592000000000001ns",
						"1ns and 30d"),
				arguments("nemo.lens.override.max-duration", "1ns", "30d", "0s", "2592000000000001ns",
						"1ns and 30d"),
				arguments("nemo.lens.flight-recorder.min-dump-interval", "0s", "1d", "-1ns", "86400000000001ns",
						"0s and 1d"),
				arguments("nemo.lens.flight-recorder.spans", "1", "1000000", "0", "1000001", "1 and 1,000,000"),
				arguments("nemo.lens.flight-recorder.logs", "0", "1000000", "-1", "1000001", "0 and 1,000,000"),
				arguments("nemo.lens.flight-recorder.max-dumps", "1", "10000", "0", "10001", "1 and 10,000"),
				arguments("nemo.lens.flight-recorder.stall-timeout", "1ns", "1d", "0s", "86400000000001ns",
						"1ns and 1d"),
				arguments("nemo.lens.flight-recorder.open-spans", "0", "100000", "-1", "100001", "0 and 100,000"),
				arguments("nemo.lens.opamp.interval", "1s", "1h", "999ms", "3600000000001ns", "1s and 1h"));
	}

	private static NemoLensProperties bindProperty(String property, String value) {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources().addFirst(new MapPropertySource("test", Map.of(property, value)));
		return LensSettings.bind(environment);
	}

	/** A variable, as a rank's start-up reads it: the whole context, with Lens's reading of the environment. */
	private static Throwable startWithVariable(String variable, String value) {
		Throwable[] failure = new Throwable[1];
		new ApplicationContextRunner().withConfiguration(LensTestConfigurations.core(LensDoorsAutoConfiguration.class))
			.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.exporter=none")
			.withInitializer((context) -> context.getEnvironment()
				.getPropertySources()
				.addFirst(new SystemEnvironmentPropertySource(
						// In place of the process's, so that the variable maps and binds as a real one does.
						StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, Map.of(variable, value))))
			.run((context) -> failure[0] = context.getStartupFailure());
		return failure[0];
	}

	private static String variable(String property) {
		return property.toUpperCase(java.util.Locale.ROOT).replace('.', '_').replace('-', '_');
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("bounds")
	void theBoundsThemselvesBind(String property, String least, String largest) {
		assertThatCode(() -> bindProperty(property, least)).doesNotThrowAnyException();
		assertThatCode(() -> bindProperty(property, largest)).doesNotThrowAnyException();
		assertThat(startWithVariable(variable(property), largest)).isNull();
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("bounds")
	void oneAboveTheLargestIsRefusedNamingThePropertyTheValueAndTheRange(String property, String least,
			String largest, String below, String above, String range) {
		assertThatException().isThrownBy(() -> bindProperty(property, above))
			.havingRootCause()
			.withMessageStartingWith(property + " must be within " + range + ", got '" + above + "'");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("bounds")
	void oneAboveTheLargestFromTheEnvironmentIsRefusedNamingTheVariable(String property, String least,
			String largest, String below, String above, String range) {
		String variable = variable(property);
		assertThat(startWithVariable(variable, above)).rootCause()
			.hasMessageStartingWith(variable + " must be within " + range + ", got '" + above + "'");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("bounds")
	void oneBelowTheLeastIsRefusedNamingTheProperty(String property, String least, String largest,
			String below) {
		assertThatException().isThrownBy(() -> bindProperty(property, below))
			.havingRootCause()
			.withMessageStartingWith(property + " must");
	}

}

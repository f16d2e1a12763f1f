package nemo.lens.autoconfigure;

import java.util.Arrays;
import java.util.stream.Stream;

import nemo.lens.autoconfigure.aot.LensAotAutoConfiguration;
import nemo.lens.autoconfigure.binding.LensBindingAutoConfiguration;
import nemo.lens.autoconfigure.boot.BootOpenTelemetryDoorAutoConfiguration;
import nemo.lens.autoconfigure.handle.TelemetryHandleAutoConfiguration;

import org.springframework.boot.autoconfigure.AutoConfigurations;

/**
 * The auto-configurations a test registers by class to get Lens's decision: the entry, binding,
 * the handle, Spring Boot's OpenTelemetry door and the AOT check, plus whatever a test adds.
 */
public final class LensTestConfigurations {

	private static final Class<?>[] CORE = { NemoLensAutoConfiguration.class, LensBindingAutoConfiguration.class,
			TelemetryHandleAutoConfiguration.class, BootOpenTelemetryDoorAutoConfiguration.class,
			LensAotAutoConfiguration.class };

	private LensTestConfigurations() {
	}

	/**
	 * The core configurations and more.
	 * @param more further auto-configurations, such as a door's
	 * @return the auto-configurations
	 */
	public static AutoConfigurations core(Class<?>... more) {
		return AutoConfigurations.of(Stream.concat(Arrays.stream(CORE), Arrays.stream(more)).toArray(Class<?>[]::new));
	}

}

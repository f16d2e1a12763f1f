package nemo.lens.autoconfigure.silent;

import nemo.lens.NemoLensConfig;

import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;

/**
 * The ways an operator can switch a running rank: the control file, an OpAMP server's remote
 * configuration, a write to the {@code lens} endpoint, and Spring Cloud's refresh of the {@code nemo.lens.*} settings. A rank with none of
 * them keeps its start-up decision for life, so what it will never export need never be built.
 */
public final class SwitchChannels {

	private static final String UNRESTRICTED = "unrestricted";

	private static final String REFRESH_EVENT = "org.springframework.cloud.context.environment.EnvironmentChangeEvent";

	private SwitchChannels() {
	}

	/**
	 * Whether the {@code lens} endpoint takes writes ({@code management.endpoint.lens.access},
	 * else {@code management.endpoints.access.default}, is {@code unrestricted}) or Spring Cloud's
	 * refresh is on the class path: the channels a Spring application adds to the control file.
	 * @param environment the environment
	 * @param classLoader the application's class loader
	 * @return whether an operator can switch the rank through Spring
	 */
	public static boolean springChannel(Environment environment, ClassLoader classLoader) {
		String access = environment.getProperty("management.endpoint.lens.access",
				environment.getProperty("management.endpoints.access.default", ""));
		return UNRESTRICTED.equalsIgnoreCase(access.trim()) || ClassUtils.isPresent(REFRESH_EVENT, classLoader);
	}

	/**
	 * Whether an operator can switch the rank by any channel.
	 * @param config the rank's settings, for its control file and OpAMP server
	 * @param environment the environment
	 * @param classLoader the application's class loader
	 * @return whether the rank can be switched while it runs
	 */
	public static boolean any(NemoLensConfig config, Environment environment, ClassLoader classLoader) {
		return !config.controlFile().isEmpty() || !config.opampEndpoint().isEmpty()
				|| springChannel(environment, classLoader);
	}

}

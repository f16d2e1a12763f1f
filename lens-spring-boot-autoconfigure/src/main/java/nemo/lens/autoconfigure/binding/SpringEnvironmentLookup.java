package nemo.lens.autoconfigure.binding;

import java.util.function.Function;

import nemo.lens.autoconfigure.NemoLensProperties;
import nemo.lens.launch.RankInfo;

import org.springframework.core.env.Environment;

/**
 * Looks environment variables up in Spring's {@link Environment}, which holds the process
 * environment and whatever a test or the application adds. The explicit rank variables answer
 * with the bound {@code nemo.lens.rank}, {@code world-size} and {@code local-rank} properties, so
 * that application.yaml and {@code NEMO_LENS_*} variables both count as explicit settings.
 */
final class SpringEnvironmentLookup implements Function<String, String> {

	private final Environment environment;

	private final NemoLensProperties properties;

	SpringEnvironmentLookup(Environment environment, NemoLensProperties properties) {
		this.environment = environment;
		this.properties = properties;
	}

	@Override
	public String apply(String name) {
		return switch (name) {
			case RankInfo.RANK_VARIABLE -> text(this.properties.rank());
			case RankInfo.WORLD_SIZE_VARIABLE -> text(this.properties.worldSize());
			case RankInfo.LOCAL_RANK_VARIABLE -> text(this.properties.localRank());
			default -> this.environment.getProperty(name);
		};
	}

	private static String text(Integer value) {
		return (value != null) ? value.toString() : null;
	}

}

package nemo.lens.sdk;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The version of this library, recorded as {@code service.version} and as the instrumentation
 * scope version. Read from a resource the build fills in, so it is right in tests and in jars alike.
 */
public final class LensVersion {

	private static final String VERSION = load();

	private LensVersion() {
	}

	/**
	 * Returns this library's version.
	 * @return the version, such as {@code 0.1.0-SNAPSHOT}
	 */
	public static String current() {
		return VERSION;
	}

	private static String load() {
		try (InputStream in = LensVersion.class.getResourceAsStream("/META-INF/nemo-lens/version.properties")) {
			if (in == null) {
				return "unknown";
			}
			Properties properties = new Properties();
			properties.load(in);
			return properties.getProperty("version", "unknown");
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read the NeMo Lens version", ex);
		}
	}

}

package nemo.lens.sdk;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

import io.opentelemetry.sdk.autoconfigure.spi.ConfigProperties;
import io.opentelemetry.sdk.autoconfigure.spi.ConfigurationException;
import io.opentelemetry.sdk.autoconfigure.spi.internal.DefaultConfigProperties;
import nemo.lens.env.EnvironmentValues;
import nemo.lens.env.Redaction;

/**
 * Reads the exporter settings an exporting rank would use ({@code OTEL_EXPORTER_OTLP_*}, the
 * sampler's argument, the batch and metric intervals) on every rank, silent ones included, without
 * building an exporter: a rank that is switched on later, or the one rank that exports, must not
 * be the first to find a typo. Values are parsed by the SDK's own {@code ConfigProperties}; the
 * few rules it leaves to the exporter builders (a URL with an http or https scheme, a known
 * protocol and compression) are checked here. Errors name the variable and show the value, except
 * headers, whose values are secrets.
 */
public final class ExporterSettingsCheck {

	private static final List<String> SIGNALS = List.of("", "TRACES_", "METRICS_", "LOGS_");

	private static final Set<String> PROTOCOLS = Set.of("grpc", "http/protobuf", "http/json");

	private static final Set<String> COMPRESSIONS = Set.of("gzip", "none");

	/** The files an OTLP exporter reads as it is built: a missing one fails the build, so every switch-on. */
	private static final List<String> FILES = List.of("CERTIFICATE", "CLIENT_KEY", "CLIENT_CERTIFICATE");

	private static final List<String> DURATIONS = List.of("OTEL_METRIC_EXPORT_INTERVAL", "OTEL_BSP_SCHEDULE_DELAY",
			"OTEL_BSP_EXPORT_TIMEOUT", "OTEL_BLRP_SCHEDULE_DELAY", "OTEL_BLRP_EXPORT_TIMEOUT");

	private static final List<String> INTEGERS = List.of("OTEL_BSP_MAX_QUEUE_SIZE", "OTEL_BSP_MAX_EXPORT_BATCH_SIZE",
			"OTEL_BLRP_MAX_QUEUE_SIZE", "OTEL_BLRP_MAX_EXPORT_BATCH_SIZE");

	private ExporterSettingsCheck() {
	}

	/**
	 * Checks the exporter settings.
	 * @param environment looks a variable up; returns {@code null} when unset
	 * @param implied {@code otel.*} properties a framework derives from its own settings (such as
	 * Spring Boot's sampling probability); checked like the variables
	 * @throws IllegalArgumentException when a value cannot be used, naming the variable
	 */
	public static void check(Function<String, String> environment, Map<String, String> implied) {
		Map<String, String> variables = new LinkedHashMap<>();
		for (String signal : SIGNALS) {
			for (String setting : List.of("ENDPOINT", "PROTOCOL", "HEADERS", "TIMEOUT", "COMPRESSION")) {
				put(variables, environment, "OTEL_EXPORTER_OTLP_" + signal + setting);
			}
			FILES.forEach((setting) -> put(variables, environment, "OTEL_EXPORTER_OTLP_" + signal + setting));
		}
		DURATIONS.forEach((name) -> put(variables, environment, name));
		INTEGERS.forEach((name) -> put(variables, environment, name));
		put(variables, environment, "OTEL_TRACES_SAMPLER");
		put(variables, environment, "OTEL_TRACES_SAMPLER_ARG");
		Map<String, String> properties = new LinkedHashMap<>();
		variables.forEach((name, value) -> properties.put(property(name), value));
		implied.forEach(properties::put);
		if (properties.isEmpty()) {
			// Nothing to check: a rank with no such setting loads none of the SDK's configuration.
			return;
		}
		ConfigProperties config = DefaultConfigProperties.createFromMap(properties);
		for (String signal : SIGNALS) {
			String prefix = "OTEL_EXPORTER_OTLP_" + signal;
			checkEndpoint(prefix + "ENDPOINT", config);
			checkOneOf(prefix + "PROTOCOL", config, PROTOCOLS);
			checkOneOf(prefix + "COMPRESSION", config, COMPRESSIONS);
			read(prefix + "TIMEOUT", () -> config.getDuration(property(prefix + "TIMEOUT")), config);
			headers(prefix + "HEADERS", config);
			FILES.forEach((setting) -> readableFile(prefix + setting, config));
		}
		DURATIONS.forEach((name) -> read(name, () -> config.getDuration(property(name)), config));
		INTEGERS.forEach((name) -> read(name, () -> config.getInt(property(name)), config));
		read("OTEL_TRACES_SAMPLER_ARG", () -> config.getDouble(property("OTEL_TRACES_SAMPLER_ARG")), config);
		String sampler = config.getString("otel.traces.sampler", "");
		Double ratio = config.getDouble("otel.traces.sampler.arg");
		if (sampler.endsWith("traceidratio") && ratio != null) {
			EnvironmentValues.checkFraction("OTEL_TRACES_SAMPLER_ARG (or management.tracing.sampling.probability)", ratio);
		}
	}

	private static void put(Map<String, String> variables, Function<String, String> environment, String name) {
		String value = environment.apply(name);
		if (value != null && !value.isBlank()) {
			variables.put(name, value.trim());
		}
	}

	/** {@code OTEL_EXPORTER_OTLP_ENDPOINT} is the SDK's {@code otel.exporter.otlp.endpoint}. */
	private static String property(String variable) {
		return variable.toLowerCase(Locale.ROOT).replace('_', '.');
	}

	private static void checkEndpoint(String variable, ConfigProperties config) {
		String endpoint = config.getString(property(variable));
		if (endpoint == null) {
			return;
		}
		try {
			URI uri = new URI(endpoint);
			String scheme = uri.getScheme();
			if (scheme != null && (scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null) {
				return;
			}
		}
		catch (URISyntaxException ex) {
			// refused below
		}
		throw new IllegalArgumentException("Invalid " + variable + ": '" + Redaction.redact(endpoint)
				+ "'. Expected an http or https URL such as http://collector:4318.");
	}

	private static void checkOneOf(String variable, ConfigProperties config, Set<String> allowed) {
		String value = config.getString(property(variable));
		if (value != null && !allowed.contains(value)) {
			throw new IllegalArgumentException(
					"Invalid " + variable + ": '" + value + "'. Expected one of " + new TreeSet<>(allowed) + ".");
		}
	}

	/** A TLS file the exporter reads as it is built must be a readable file on every rank. */
	private static void readableFile(String variable, ConfigProperties config) {
		String file = config.getString(property(variable));
		if (file == null) {
			return;
		}
		Path path = Path.of(file);
		if (!Files.isRegularFile(path) || !Files.isReadable(path)) {
			throw new IllegalArgumentException("Invalid " + variable + ": '" + file + "' is "
					+ (Files.exists(path) ? "not a readable file" : "no file") + " on this rank. Expected a PEM file "
					+ "every rank can read; the OTLP exporter reads it each time it is built, also when a silent "
					+ "rank is switched on.");
		}
	}

	/** Header values are secrets: the error names the variable only. */
	private static void headers(String variable, ConfigProperties config) {
		try {
			config.getMap(property(variable));
		}
		catch (ConfigurationException ex) {
			throw new IllegalArgumentException("Invalid " + variable
					+ ": expected comma-separated key=value pairs (the value is not shown, as it may hold secrets).");
		}
	}

	private static void read(String variable, Runnable reading, ConfigProperties config) {
		try {
			reading.run();
		}
		catch (ConfigurationException | NumberFormatException ex) {
			throw new IllegalArgumentException("Invalid " + variable + ": '" + config.getString(property(variable))
					+ "'. " + ex.getMessage());
		}
	}

}

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

import nemo.lens.env.EnvironmentValues;
import nemo.lens.env.Redaction;

/**
 * Reads the exporter settings an exporting rank would use ({@code OTEL_EXPORTER_OTLP_*}, the
 * sampler's argument, the batch and metric intervals) on every rank, silent ones included, without
 * building an exporter: a rank that is switched on later, or the one rank that exports, must not
 * be the first to find a typo. It reads strings only, so that a silent rank loads nothing of the
 * SDK's autoconfiguration: numbers, durations and header lists by the rules of the SDK's
 * {@code DefaultConfigProperties} (which {@code ExporterSettingsSyntaxTests} holds it to), and
 * what that leaves to the exporter builders (a URL with an http or https scheme, a known protocol
 * and compression). Errors name the variable and show the value, except headers, whose values are
 * secrets.
 */
public final class ExporterSettingsCheck {

	private static final List<String> SIGNALS = List.of("", "TRACES_", "METRICS_", "LOGS_");

	private static final List<String> SETTINGS = List.of("ENDPOINT", "PROTOCOL", "HEADERS", "TIMEOUT", "COMPRESSION");

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
		// Loops and named checks rather than lambdas: every rank runs this at start-up, and each
		// lambda's first use spins a class.
		Map<String, String> properties = new LinkedHashMap<>();
		for (String signal : SIGNALS) {
			for (String setting : SETTINGS) {
				put(properties, environment, "OTEL_EXPORTER_OTLP_" + signal + setting);
			}
			for (String setting : FILES) {
				put(properties, environment, "OTEL_EXPORTER_OTLP_" + signal + setting);
			}
		}
		for (String name : DURATIONS) {
			put(properties, environment, name);
		}
		for (String name : INTEGERS) {
			put(properties, environment, name);
		}
		put(properties, environment, "OTEL_TRACES_SAMPLER");
		put(properties, environment, "OTEL_TRACES_SAMPLER_ARG");
		properties.putAll(implied);
		if (properties.isEmpty()) {
			// Nothing to check: a rank with no such setting loads none of the SDK's configuration.
			return;
		}
		for (String signal : SIGNALS) {
			String prefix = "OTEL_EXPORTER_OTLP_" + signal;
			checkEndpoint(prefix + "ENDPOINT", properties);
			checkOneOf(prefix + "PROTOCOL", properties, PROTOCOLS);
			checkOneOf(prefix + "COMPRESSION", properties, COMPRESSIONS);
			checkDuration(prefix + "TIMEOUT", properties);
			headers(prefix + "HEADERS", properties);
			for (String setting : FILES) {
				readableFile(prefix + setting, properties);
			}
		}
		for (String name : DURATIONS) {
			checkDuration(name, properties);
		}
		for (String name : INTEGERS) {
			String value = properties.get(property(name));
			if (value != null && !OtlpSettingSyntax.isInteger(value)) {
				throw invalid(name, value, OtlpSettingSyntax.INTEGER);
			}
		}
		String ratio = properties.get("otel.traces.sampler.arg");
		if (ratio != null && !OtlpSettingSyntax.isNumber(ratio)) {
			throw invalid("OTEL_TRACES_SAMPLER_ARG", ratio, OtlpSettingSyntax.NUMBER);
		}
		String sampler = properties.getOrDefault("otel.traces.sampler", "");
		if (sampler.endsWith("traceidratio") && ratio != null) {
			EnvironmentValues.checkFraction("OTEL_TRACES_SAMPLER_ARG (or management.tracing.sampling.probability)",
					Double.parseDouble(ratio.trim()));
		}
	}

	/** Keeps a set variable under its {@code otel.*} property name. */
	private static void put(Map<String, String> properties, Function<String, String> environment, String variable) {
		String value = environment.apply(variable);
		if (value != null && !value.isBlank()) {
			properties.put(property(variable), value.trim());
		}
	}

	/** {@code OTEL_EXPORTER_OTLP_ENDPOINT} is the SDK's {@code otel.exporter.otlp.endpoint}. */
	private static String property(String variable) {
		return variable.toLowerCase(Locale.ROOT).replace('_', '.');
	}

	private static void checkEndpoint(String variable, Map<String, String> properties) {
		String endpoint = properties.get(property(variable));
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

	private static void checkOneOf(String variable, Map<String, String> properties, Set<String> allowed) {
		String value = properties.get(property(variable));
		if (value != null && !allowed.contains(value)) {
			throw new IllegalArgumentException(
					"Invalid " + variable + ": '" + value + "'. Expected one of " + new TreeSet<>(allowed) + ".");
		}
	}

	/** A TLS file the exporter reads as it is built must be a readable file on every rank. */
	private static void readableFile(String variable, Map<String, String> properties) {
		String file = properties.get(property(variable));
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
	private static void headers(String variable, Map<String, String> properties) {
		String headers = properties.get(property(variable));
		if (headers != null && !OtlpSettingSyntax.isKeyValueList(headers)) {
			throw new IllegalArgumentException("Invalid " + variable
					+ ": expected comma-separated key=value pairs (the value is not shown, as it may hold secrets).");
		}
	}

	private static void checkDuration(String variable, Map<String, String> properties) {
		String value = properties.get(property(variable));
		if (value != null && !OtlpSettingSyntax.isDuration(value)) {
			throw invalid(variable, value, OtlpSettingSyntax.DURATION);
		}
	}

	private static IllegalArgumentException invalid(String variable, String value, String expected) {
		return new IllegalArgumentException("Invalid " + variable + ": '" + value + "'. Expected " + expected + ".");
	}

}

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
import java.util.function.Predicate;

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
		for (String signal : SIGNALS) {
			String prefix = "OTEL_EXPORTER_OTLP_" + signal;
			checkEndpoint(prefix + "ENDPOINT", properties);
			checkOneOf(prefix + "PROTOCOL", properties, PROTOCOLS);
			checkOneOf(prefix + "COMPRESSION", properties, COMPRESSIONS);
			check(prefix + "TIMEOUT", properties, OtlpSettingSyntax::isDuration, OtlpSettingSyntax.DURATION);
			headers(prefix + "HEADERS", properties);
			FILES.forEach((setting) -> readableFile(prefix + setting, properties));
		}
		DURATIONS.forEach((name) -> check(name, properties, OtlpSettingSyntax::isDuration, OtlpSettingSyntax.DURATION));
		INTEGERS.forEach((name) -> check(name, properties, OtlpSettingSyntax::isInteger, OtlpSettingSyntax.INTEGER));
		check("OTEL_TRACES_SAMPLER_ARG", properties, OtlpSettingSyntax::isNumber, OtlpSettingSyntax.NUMBER);
		String sampler = properties.getOrDefault("otel.traces.sampler", "");
		String ratio = properties.get("otel.traces.sampler.arg");
		if (sampler.endsWith("traceidratio") && ratio != null) {
			EnvironmentValues.checkFraction("OTEL_TRACES_SAMPLER_ARG (or management.tracing.sampling.probability)",
					Double.parseDouble(ratio.trim()));
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

	private static void check(String variable, Map<String, String> properties, Predicate<String> valid,
			String expected) {
		String value = properties.get(property(variable));
		if (value != null && !valid.test(value)) {
			throw new IllegalArgumentException("Invalid " + variable + ": '" + value + "'. Expected " + expected + ".");
		}
	}

}

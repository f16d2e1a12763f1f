package nemo.lens.sdk;

/**
 * Whether an {@code OTEL_*} value reads as the OpenTelemetry SDK's {@code DefaultConfigProperties}
 * reads it, without loading the SDK's autoconfiguration: every rank checks the exporter settings
 * at start-up, and a silent rank should pay for strings only. {@code ExporterSettingsSyntaxTests}
 * holds each rule to the SDK's own reader.
 */
final class OtlpSettingSyntax {

	static final String DURATION = "a whole number of milliseconds, or a whole number with a unit "
			+ "(ns, us, ms, s, m, h, d), such as 5000 or 5s";

	static final String INTEGER = "a whole number";

	static final String NUMBER = "a number";

	private OtlpSettingSyntax() {
	}

	/** A whole number followed by an optional unit, as {@code ConfigProperties.getDuration} reads it. */
	static boolean isDuration(String value) {
		int unitStart = value.length();
		while (unitStart > 0 && !Character.isDigit(value.charAt(unitStart - 1))) {
			unitStart--;
		}
		String unit = value.substring(unitStart).trim();
		if (!(unit.isEmpty() || unit.equals("ns") || unit.equals("us") || unit.equals("ms") || unit.equals("s")
				|| unit.equals("m") || unit.equals("h") || unit.equals("d"))) {
			return false;
		}
		try {
			Long.parseLong(value.substring(0, unitStart).trim());
			return true;
		}
		catch (NumberFormatException ex) {
			return false;
		}
	}

	/** As {@code ConfigProperties.getInt} reads it. */
	static boolean isInteger(String value) {
		try {
			Integer.parseInt(value);
			return true;
		}
		catch (NumberFormatException ex) {
			return false;
		}
	}

	/** As {@code ConfigProperties.getDouble} reads it. */
	static boolean isNumber(String value) {
		try {
			Double.parseDouble(value);
			return true;
		}
		catch (NumberFormatException ex) {
			return false;
		}
	}

	/** Comma-separated {@code key=value} pairs with a key each, as {@code ConfigProperties.getMap} reads them. */
	static boolean isKeyValueList(String value) {
		for (String entry : value.split(",")) {
			if (entry.isBlank()) {
				continue;
			}
			int equals = entry.indexOf('=');
			if (equals < 0 || entry.substring(0, equals).isBlank()) {
				return false;
			}
		}
		return true;
	}

}

package nemo.lens.spans;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;

/**
 * How the span helpers set attributes, so that instrumentation can pass whatever it has without
 * failing, flooding or leaking (NeMo Lens's {@code safe_set_span_attributes}):
 * <ol>
 * <li>a {@code null} key or value is skipped;</li>
 * <li>scalars are kept: strings (any {@link CharSequence}, enums by name), booleans, integral
 * numbers as {@code long}, other numbers as {@code double}; collections and arrays of one scalar
 * type become array attributes; anything else (maps, objects) is skipped, never
 * {@code toString()}-ed, because an object's text is where secrets hide;</li>
 * <li>strings are cut to {@value #MAX_STRING_LENGTH} characters and arrays to
 * {@value #MAX_ARRAY_LENGTH} elements;</li>
 * <li>a string value (or string array) whose key looks like a secret is replaced by
 * {@value #REDACTED}. The rule looks at the last dot-separated segment of the key, with camelCase
 * split into words ({@code apiKey} is {@code api_key}): it is redacted when the whole segment is one
 * of Python's {@code DEFAULT_REDACT_KEYS} ({@code prompt, input_text, output_text, text, password,
 * token, secret, key}), or when one of its words (split at {@code _} and {@code -}) is one of
 * {@code password, passwd, secret, token, key, credential, authorization, cookie} (or their plurals).
 * So {@code db.password}, {@code api_key}, {@code accessToken} and {@code llm.prompt} are redacted;
 * {@code dl.step}, {@code keyboard} and {@code monkey} are not. Numbers and booleans are never
 * redacted (as in Python).</li>
 * </ol>
 */
public final class AttributeRules {

	/** What a redacted value becomes, as in Python. */
	public static final String REDACTED = "[REDACTED]";

	/** The longest string value kept, in characters. */
	public static final int MAX_STRING_LENGTH = 1024;

	/** The most elements an array value keeps. */
	public static final int MAX_ARRAY_LENGTH = 128;

	/** Python's {@code DEFAULT_REDACT_KEYS}: a key segment equal to one of these is redacted. */
	public static final Set<String> DEFAULT_REDACT_KEYS = Set.of("prompt", "input_text", "output_text", "text",
			"password", "token", "secret", "key");

	/** A key segment containing one of these words is redacted. */
	public static final Set<String> SECRET_WORDS = Set.of("password", "passwords", "passwd", "secret",
			"secrets", "token", "tokens", "key", "keys", "credential", "credentials", "authorization", "cookie");

	/** The rules described above. */
	public static final AttributeRules DEFAULT = new AttributeRules(DEFAULT_REDACT_KEYS);

	/** Keys repeat at every call site; the decision is kept for a bounded number of them. */
	private static final int CACHED_KEYS = 4096;

	private final Set<String> redactKeys;

	private final Map<String, Boolean> redactedKeys = new ConcurrentHashMap<>();

	private AttributeRules(Set<String> redactKeys) {
		this.redactKeys = Set.copyOf(redactKeys);
	}

	/**
	 * The same rules with another set of whole-segment redact keys (Python's {@code redact_keys}
	 * argument); the secret words still apply.
	 * @param redactKeys lower-case key segments to redact
	 * @return the rules
	 */
	public static AttributeRules withRedactKeys(Set<String> redactKeys) {
		return new AttributeRules(redactKeys);
	}

	/**
	 * Whether a string value under this key is replaced by {@value #REDACTED}.
	 * @param key the attribute key
	 * @return whether redacted
	 */
	public boolean isRedacted(String key) {
		Boolean cached = this.redactedKeys.get(key);
		if (cached != null) {
			return cached;
		}
		boolean redacted = looksSecret(key);
		if (this.redactedKeys.size() < CACHED_KEYS) {
			this.redactedKeys.put(key, redacted);
		}
		return redacted;
	}

	private boolean looksSecret(String key) {
		String segment = key.substring(key.lastIndexOf('.') + 1)
			.replaceAll("([a-z0-9])([A-Z])", "$1_$2")
			.toLowerCase(Locale.ROOT);
		if (this.redactKeys.contains(segment)) {
			return true;
		}
		for (String word : segment.split("[_-]")) {
			if (SECRET_WORDS.contains(word)) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Sets an attribute on a span by these rules; nothing happens when the span is not recording.
	 * @param span the span
	 * @param key the attribute key
	 * @param value the value, of any type
	 */
	public void set(Span span, String key, Object value) {
		if (span.isRecording()) {
			apply(key, value, span::setAttribute);
		}
	}

	/**
	 * Sets an attribute on a span not yet started by these rules.
	 * @param builder the span builder
	 * @param key the attribute key
	 * @param value the value, of any type
	 */
	public void set(SpanBuilder builder, String key, Object value) {
		apply(key, value, builder::setAttribute);
	}

	/** Where a checked attribute goes: a span or a span builder. */
	@FunctionalInterface
	interface Target {

		void put(AttributeKey<Object> key, Object value);

	}

	@SuppressWarnings({ "unchecked", "rawtypes" })
	void apply(String key, Object value, Target target) {
		if (key == null || key.isEmpty() || value == null) {
			return;
		}
		Object scalar = scalar(value);
		if (scalar instanceof String text) {
			target.put((AttributeKey) AttributeKey.stringKey(key), isRedacted(key) ? REDACTED : text);
		}
		else if (scalar instanceof Long number) {
			target.put((AttributeKey) AttributeKey.longKey(key), number);
		}
		else if (scalar instanceof Double number) {
			target.put((AttributeKey) AttributeKey.doubleKey(key), number);
		}
		else if (scalar instanceof Boolean flag) {
			target.put((AttributeKey) AttributeKey.booleanKey(key), flag);
		}
		else {
			List<Object> elements = elements(value);
			if (elements != null) {
				putArray(key, elements, target);
			}
		}
	}

	@SuppressWarnings({ "unchecked", "rawtypes" })
	private void putArray(String key, List<Object> elements, Target target) {
		Class<?> type = null;
		List<Object> values = new ArrayList<>(Math.min(elements.size(), MAX_ARRAY_LENGTH));
		for (Object element : elements) {
			Object scalar = (element != null) ? scalar(element) : null;
			if (scalar == null || (type != null && type != scalar.getClass())) {
				return;
			}
			type = scalar.getClass();
			if (values.size() < MAX_ARRAY_LENGTH) {
				values.add(scalar);
			}
		}
		if (type == null) {
			return;
		}
		if (type == String.class) {
			if (isRedacted(key)) {
				values.replaceAll((element) -> REDACTED);
			}
			target.put((AttributeKey) AttributeKey.stringArrayKey(key), values);
		}
		else if (type == Long.class) {
			target.put((AttributeKey) AttributeKey.longArrayKey(key), values);
		}
		else if (type == Double.class) {
			target.put((AttributeKey) AttributeKey.doubleArrayKey(key), values);
		}
		else {
			target.put((AttributeKey) AttributeKey.booleanArrayKey(key), values);
		}
	}

	/** The attribute form of a scalar: String, Long, Double or Boolean; {@code null} for others. */
	private static Object scalar(Object value) {
		if (value instanceof CharSequence text) {
			String string = text.toString();
			return (string.length() > MAX_STRING_LENGTH) ? string.substring(0, MAX_STRING_LENGTH) : string;
		}
		if (value instanceof Enum<?> constant) {
			return constant.name();
		}
		if (value instanceof Boolean) {
			return value;
		}
		if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
			return ((Number) value).longValue();
		}
		if (value instanceof Double || value instanceof Float) {
			return ((Number) value).doubleValue();
		}
		return null;
	}

	/** The elements of a collection or array, {@code null} for any other value. */
	private static List<Object> elements(Object value) {
		if (value instanceof Collection<?> collection) {
			return new ArrayList<>(collection);
		}
		if (value.getClass().isArray()) {
			int length = Array.getLength(value);
			List<Object> elements = new ArrayList<>(length);
			for (int i = 0; i < length; i++) {
				elements.add(Array.get(value, i));
			}
			return elements;
		}
		return null;
	}

}

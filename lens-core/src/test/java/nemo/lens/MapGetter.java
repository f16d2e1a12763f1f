package nemo.lens;

import java.util.Map;

import io.opentelemetry.context.propagation.TextMapGetter;

/** Reads propagation headers from a map, for tests that extract context. */
public enum MapGetter implements TextMapGetter<Map<String, String>> {

	/** The one getter. */
	INSTANCE;

	@Override
	public Iterable<String> keys(Map<String, String> carrier) {
		return carrier.keySet();
	}

	@Override
	public String get(Map<String, String> carrier, String key) {
		return (carrier != null) ? carrier.get(key) : null;
	}

}

package nemo.lens.sdk;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.resources.Resource;

/** The shared bits of the console exporters' one-line format. */
final class ConsoleFormat {


	private ConsoleFormat() {
	}

	static String rank(Resource resource) {
		Long rank = RankAttributeNames.read(RankAttributeNames.RANK,
				(name) -> resource.getAttribute(AttributeKey.longKey(name)));
		return (rank != null) ? rank.toString() : "?";
	}

	static String attributes(Attributes attributes) {
		if (attributes.isEmpty()) {
			return "";
		}
		StringBuilder line = new StringBuilder(" {");
		attributes.forEach((key, value) -> {
			if (line.length() > 2) {
				line.append(", ");
			}
			line.append(key.getKey()).append('=').append(value);
		});
		return line.append('}').toString();
	}

}

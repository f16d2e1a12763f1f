package nemo.lens.autoconfigure.door;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import nemo.lens.TelemetryHandle;
import nemo.lens.launch.RankInfo;
import nemo.lens.sdk.RankAttributeNames;

/**
 * The attributes that tell one rank's telemetry from its peers', the same that the Lens SDK puts
 * on its resource. Doors that export add them (as resource attributes or common tags) so that N
 * exporting ranks never collapse into one series. The {@code dl.*} attributes go under the names
 * {@code nemo.lens.attribute-names} picks ({@link RankAttributeNames}).
 *
 * @param attributes the attributes, in a stable order
 */
public record RankIdentity(Map<String, String> attributes) {

	/** The attributes the Lens SDK's resource carries as integers rather than text, by any name. */
	private static final Set<String> INTEGERS = RankAttributeNames.allResourceNames();

	/**
	 * Creates an identity.
	 * @param attributes the attributes
	 */
	public RankIdentity {
		attributes = Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
	}

	/**
	 * Whether an attribute is an integer on the Lens SDK's resource. A door whose attributes are
	 * typed (an OpenTelemetry resource) sends it as one too, so a query on {@code dl.rank} finds the
	 * data of every door; doors that take text only (Micrometer's) send its decimal text.
	 * @param key the attribute name
	 * @return whether its value is an integer
	 */
	public boolean isInteger(String key) {
		return INTEGERS.contains(key);
	}

	/**
	 * Reads the identity of this rank.
	 * @param handle what the rank decided, with its run id
	 * @param rankInfo who the rank is
	 * @return the identity
	 */
	public static RankIdentity of(TelemetryHandle handle, RankInfo rankInfo) {
		Map<String, String> attributes = new LinkedHashMap<>();
		attributes.put("service.name", handle.config().serviceName());
		attributes.put("service.instance.id", handle.serviceInstanceId());
		RankAttributeNames names = RankAttributeNames.of(handle.config().attributeNames());
		names.put("dl.rank", Integer.toString(handle.rank()), attributes::put);
		names.put("dl.world_size", Integer.toString(handle.worldSize()), attributes::put);
		rankInfo.localRank()
			.ifPresent((localRank) -> names.put("dl.local_rank", Integer.toString(localRank), attributes::put));
		attributes.put("nemo.run.id", handle.runId());
		return new RankIdentity(attributes);
	}

}

package nemo.lens.opamp;

import java.net.InetAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

import io.opentelemetry.opamp.client.OpampClientBuilder;
import nemo.lens.TelemetryHandle;
import nemo.lens.launch.RankInfo;
import nemo.lens.live.RankAgent;
import nemo.lens.sdk.LensVersion;
import nemo.lens.sdk.RankAttributeNames;

/**
 * What a rank tells an OpAMP server it is. Identifying, as the OpAMP specification asks of what
 * tells one agent from another: {@code service.name} and {@code service.instance.id}
 * ({@code <run id>-rank<rank>}, as the rank's telemetry carries it). Non-identifying: the rank
 * attributes its telemetry carries ({@code dl.rank}, {@code dl.world_size}, {@code dl.local_rank}
 * where known, under the names {@code nemo.lens.attribute-names} picks, and {@code nemo.run.id}), the
 * launcher, the node ({@code host.name}) and the Lens version.
 */
final class AgentDescription {

	private final Map<String, String> identifying = new LinkedHashMap<>();

	private final Map<String, Object> nonIdentifying = new LinkedHashMap<>();

	private AgentDescription() {
	}

	static AgentDescription of(RankAgent.Rank rank) {
		TelemetryHandle handle = rank.handle();
		AgentDescription description = new AgentDescription();
		description.identifying.put("service.name", handle.config().serviceName());
		description.identifying.put("service.instance.id", handle.serviceInstanceId());
		RankAttributeNames names = RankAttributeNames.of(handle.config().attributeNames());
		names.put("dl.rank", (long) handle.rank(), description.nonIdentifying::put);
		names.put("dl.world_size", (long) handle.worldSize(), description.nonIdentifying::put);
		RankInfo info = rankInfo(rank);
		if (info != null && info.localRank().isPresent()) {
			names.put("dl.local_rank", (long) info.localRank().getAsInt(), description.nonIdentifying::put);
		}
		description.nonIdentifying.put("nemo.run.id", handle.runId());
		description.nonIdentifying.put("nemo.launcher", (info != null) ? info.launcher() : "call");
		String node = node(rank.environment());
		if (node != null) {
			description.nonIdentifying.put("host.name", node);
		}
		description.nonIdentifying.put("nemo.lens.version", LensVersion.current());
		return description;
	}

	Map<String, String> identifying() {
		return this.identifying;
	}

	Map<String, Object> nonIdentifying() {
		return this.nonIdentifying;
	}

	void applyTo(OpampClientBuilder builder) {
		this.identifying.forEach(builder::putIdentifyingAttribute);
		this.nonIdentifying.forEach((key, value) -> {
			if (value instanceof Long number) {
				builder.putNonIdentifyingAttribute(key, number.longValue());
			}
			else {
				builder.putNonIdentifyingAttribute(key, value.toString());
			}
		});
	}

	/**
	 * The launcher's account of the rank: the one the call was given, else the environment's when
	 * it names the same rank of the same job; {@code null} when the rank came from the call alone.
	 */
	private static RankInfo rankInfo(RankAgent.Rank rank) {
		if (rank.rankInfo() != null) {
			return rank.rankInfo();
		}
		try {
			RankInfo detected = RankInfo.detect(rank.environment());
			return (detected.rank() == rank.handle().rank() && detected.worldSize() == rank.handle().worldSize())
					? detected : null;
		}
		catch (IllegalArgumentException ex) {
			return null;
		}
	}

	/** The node: the scheduler's name for it, else the host's. */
	private static String node(Function<String, String> environment) {
		for (String variable : new String[] { "SLURMD_NODENAME", "HOSTNAME" }) {
			String value = environment.apply(variable);
			if (value != null && !value.isBlank()) {
				return value.trim();
			}
		}
		try {
			return InetAddress.getLocalHost().getHostName();
		}
		catch (Exception ex) {
			return null;
		}
	}

}

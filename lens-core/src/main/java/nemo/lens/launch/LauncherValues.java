package nemo.lens.launch;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The values one launcher gives about a process, with the variables they came from, checked to fit
 * together: what a launcher source reads and {@link RankInfo} is made of. A class below both, so
 * that the sources, which {@code RankInfo.detect} reaches, do not import {@code RankInfo} back.
 */
final class LauncherValues {

	private final String launcher;

	private final Map<String, String> sources = new LinkedHashMap<>();

	private int rank;

	private int worldSize;

	private Integer localRank;

	private Integer localWorldSize;

	private Integer nodeRank;

	LauncherValues(String launcher) {
		this.launcher = launcher;
	}

	LauncherValues rank(int rank, String source) {
		this.rank = rank;
		return source("rank", source);
	}

	LauncherValues worldSize(int worldSize, String source) {
		this.worldSize = worldSize;
		return source("worldSize", source);
	}

	LauncherValues localRank(int localRank, String source) {
		this.localRank = localRank;
		return source("localRank", source);
	}

	LauncherValues localWorldSize(int localWorldSize, String source) {
		this.localWorldSize = localWorldSize;
		return source("localWorldSize", source);
	}

	LauncherValues nodeRank(int nodeRank, String source) {
		this.nodeRank = nodeRank;
		return source("nodeRank", source);
	}

	private LauncherValues source(String value, String source) {
		if (source != null) {
			this.sources.put(value, source);
		}
		return this;
	}

	/**
	 * The values, once they fit together.
	 * @throws IllegalArgumentException when the rank or the local rank is not below its world size
	 */
	LauncherValues checked() {
		if (this.rank >= this.worldSize) {
			throw new IllegalArgumentException(
					"Rank " + this.rank + " from " + this.sources.get("rank") + " is not below the world size "
							+ this.worldSize + " from " + this.sources.get("worldSize") + " (" + this.launcher + ").");
		}
		if (this.localRank != null && this.localWorldSize != null && this.localRank >= this.localWorldSize) {
			throw new IllegalArgumentException("Local rank " + this.localRank + " from "
					+ this.sources.get("localRank") + " is not below the local world size " + this.localWorldSize
					+ " from " + this.sources.get("localWorldSize") + " (" + this.launcher + ").");
		}
		return this;
	}

	String launcher() {
		return this.launcher;
	}

	int rank() {
		return this.rank;
	}

	int worldSize() {
		return this.worldSize;
	}

	Integer localRank() {
		return this.localRank;
	}

	Integer localWorldSize() {
		return this.localWorldSize;
	}

	Integer nodeRank() {
		return this.nodeRank;
	}

	/** Where each value came from, in the order {@link RankInfo#sources()} gives them. */
	Map<String, String> sources() {
		return Collections.unmodifiableMap(this.sources);
	}

}

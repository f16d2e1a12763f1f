package nemo.lens.launch;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A launcher that exports each value under a variable of its own, which is most of them: one row
 * of the launcher table. Rank and world size are required once the launcher is recognised; the
 * local and node values are read where the launcher gives them.
 */
final class VariableSet implements LauncherSource {

	private final String launcher;

	private final Layer layer;

	private final List<String> allOf;

	private final List<String> anyOf;

	private final List<String> noneOf;

	private final String rank;

	private final String worldSize;

	private final String localRank;

	private final String localWorldSize;

	private final String nodeRank;

	private VariableSet(Builder builder) {
		this.launcher = builder.launcher;
		this.layer = Objects.requireNonNull(builder.layer, "layer");
		this.allOf = List.copyOf(builder.allOf);
		this.anyOf = List.copyOf(builder.anyOf);
		this.noneOf = List.copyOf(builder.noneOf);
		this.rank = Objects.requireNonNull(builder.rank, "rank");
		this.worldSize = Objects.requireNonNull(builder.worldSize, "worldSize");
		this.localRank = builder.localRank;
		this.localWorldSize = builder.localWorldSize;
		this.nodeRank = builder.nodeRank;
	}

	static Builder launcher(String launcher) {
		return new Builder(launcher);
	}

	@Override
	public String launcher() {
		return this.launcher;
	}

	@Override
	public Layer layer() {
		return this.layer;
	}

	@Override
	public boolean isPresent(LauncherVariables variables) {
		// Loops rather than streams of method references: every rank runs this for every launcher
		// at start-up, and each reference spins a class at its first use.
		for (String name : this.allOf) {
			if (!variables.isSet(name)) {
				return false;
			}
		}
		for (String name : this.noneOf) {
			if (variables.isSet(name)) {
				return false;
			}
		}
		if (this.anyOf.isEmpty()) {
			return true;
		}
		for (String name : this.anyOf) {
			if (variables.isSet(name)) {
				return true;
			}
		}
		return false;
	}

	@Override
	public LauncherValues read(LauncherVariables variables) {
		return readInto(variables).checked();
	}

	/**
	 * Reads the values, not yet checked, for a launcher with one more value of its own to complete.
	 */
	LauncherValues readInto(LauncherVariables variables) {
		requireRankAndWorldSize(variables);
		LauncherValues info = new LauncherValues(this.launcher).rank(variables.index(this.rank), this.rank)
			.worldSize(variables.count(this.worldSize), this.worldSize);
		if (this.localRank != null && variables.isSet(this.localRank)) {
			info.localRank(variables.index(this.localRank), this.localRank);
		}
		if (this.localWorldSize != null && variables.isSet(this.localWorldSize)) {
			info.localWorldSize(variables.count(this.localWorldSize), this.localWorldSize);
		}
		if (this.nodeRank != null && variables.isSet(this.nodeRank)) {
			info.nodeRank(variables.index(this.nodeRank), this.nodeRank);
		}
		return info;
	}

	private void requireRankAndWorldSize(LauncherVariables variables) {
		if (variables.isSet(this.rank) && variables.isSet(this.worldSize)) {
			return;
		}
		List<String> missing = Stream.of(this.rank, this.worldSize).filter((name) -> !variables.isSet(name)).toList();
		List<String> present = new ArrayList<>(this.allOf);
		Stream.concat(this.anyOf.stream(), Stream.of(this.rank, this.worldSize))
			.filter((name) -> variables.isSet(name) && !present.contains(name))
			.forEach(present::add);
		throw new IllegalArgumentException("Incomplete " + this.launcher + " variables: "
				+ present.stream().map(variables::show).collect(Collectors.joining(", "))
				+ (present.size() == 1 ? " is" : " are") + " set but " + String.join(" and ", missing)
				+ (missing.size() == 1 ? " is" : " are") + " not. Set the missing variables, or set "
				+ LauncherVariables.EXPLICIT_RANK + " and " + LauncherVariables.EXPLICIT_WORLD_SIZE + ".");
	}

	@Override
	public String toString() {
		return this.launcher;
	}

	/**
	 * Describes one launcher table row.
	 */
	static final class Builder {

		private final String launcher;

		private final List<String> allOf = new ArrayList<>();

		private final List<String> anyOf = new ArrayList<>();

		private final List<String> noneOf = new ArrayList<>();

		private Layer layer;

		private String rank;

		private String worldSize;

		private String localRank;

		private String localWorldSize;

		private String nodeRank;

		private Builder(String launcher) {
			this.launcher = launcher;
		}

		/** Recognised only when every one of these is set. */
		Builder whenAllSet(String... names) {
			this.allOf.addAll(List.of(names));
			return this;
		}

		/** Recognised only when at least one of these is set. */
		Builder whenAnySet(String... names) {
			this.anyOf.addAll(List.of(names));
			return this;
		}

		/** Not recognised when any of these is set. */
		Builder unlessSet(String... names) {
			this.noneOf.addAll(List.of(names));
			return this;
		}

		Builder layer(Layer layer) {
			this.layer = layer;
			return this;
		}

		Builder rank(String name) {
			this.rank = name;
			return this;
		}

		Builder worldSize(String name) {
			this.worldSize = name;
			return this;
		}

		Builder localRank(String name) {
			this.localRank = name;
			return this;
		}

		Builder localWorldSize(String name) {
			this.localWorldSize = name;
			return this;
		}

		Builder nodeRank(String name) {
			this.nodeRank = name;
			return this;
		}

		VariableSet build() {
			return new VariableSet(this);
		}

	}

}

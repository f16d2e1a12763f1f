package nemo.lens.launch;

/**
 * Decides who a process is, as the values of one launcher that {@link RankInfo} is made of:
 * explicit settings first, then the first launcher of {@link LauncherSources#IN_ORDER} that is
 * present, checked against its peers; rank 0 of 1 when there is none.
 * <p>
 * Explicit settings are all or nothing: {@value RankInfo#RANK_VARIABLE} needs
 * {@value RankInfo#WORLD_SIZE_VARIABLE}, and {@value RankInfo#LOCAL_RANK_VARIABLE} is read only
 * with them. {@value RankInfo#WORLD_SIZE_VARIABLE} alone completes a scheduler that gives a rank
 * but no world size; next to a launcher that gives its own world size it must agree with it, and
 * with no launcher at all it is a partial set.
 */
final class RankDetector {

	/** The launcher name of values taken from the explicit settings. */
	static final String PROPERTIES_LAUNCHER = "properties";

	/** The launcher name when no launcher was found: rank 0 of a world of 1. */
	static final String DEFAULT_LAUNCHER = "default";

	private RankDetector() {
	}

	static LauncherValues detect(LauncherVariables variables) {
		if (variables.isSet(LauncherVariables.EXPLICIT_RANK)) {
			return explicit(variables);
		}
		if (variables.isSet(LauncherVariables.EXPLICIT_LOCAL_RANK)) {
			throw new IllegalArgumentException(variables.show(LauncherVariables.EXPLICIT_LOCAL_RANK)
					+ " is set without " + LauncherVariables.EXPLICIT_RANK
					+ ". An explicit local rank is read only together with " + LauncherVariables.EXPLICIT_RANK
					+ " and " + LauncherVariables.EXPLICIT_WORLD_SIZE + ": set them as well.");
		}
		for (LauncherSource source : LauncherSources.IN_ORDER) {
			if (source.isPresent(variables)) {
				LauncherValues info = source.read(variables);
				checkPeersAgree(source, info, variables);
				checkExplicitWorldSizeAgrees(info, variables);
				return info;
			}
		}
		if (variables.isSet(LauncherVariables.EXPLICIT_WORLD_SIZE)) {
			throw new IllegalArgumentException(variables.show(LauncherVariables.EXPLICIT_WORLD_SIZE)
					+ " is set, but neither " + LauncherVariables.EXPLICIT_RANK
					+ " nor any launcher gives a rank. A world size without a rank is not enough: set "
					+ LauncherVariables.EXPLICIT_RANK + " as well.");
		}
		return new LauncherValues(DEFAULT_LAUNCHER).rank(0, null).worldSize(1, null).checked();
	}

	private static LauncherValues explicit(LauncherVariables variables) {
		if (!variables.isSet(LauncherVariables.EXPLICIT_WORLD_SIZE)) {
			throw new IllegalArgumentException(variables.show(LauncherVariables.EXPLICIT_RANK) + " is set without "
					+ LauncherVariables.EXPLICIT_WORLD_SIZE
					+ ". An explicit rank needs an explicit world size: set both.");
		}
		LauncherValues info = new LauncherValues(PROPERTIES_LAUNCHER)
			.rank(variables.index(LauncherVariables.EXPLICIT_RANK), LauncherVariables.EXPLICIT_RANK)
			.worldSize(variables.count(LauncherVariables.EXPLICIT_WORLD_SIZE), LauncherVariables.EXPLICIT_WORLD_SIZE);
		if (variables.isSet(LauncherVariables.EXPLICIT_LOCAL_RANK)) {
			info.localRank(variables.index(LauncherVariables.EXPLICIT_LOCAL_RANK),
					LauncherVariables.EXPLICIT_LOCAL_RANK);
		}
		return info.checked();
	}

	/**
	 * Two launchers of one layer present at once describe the same process and must agree; a
	 * stale or hand-set variable is caught here instead of silently losing to the table order.
	 */
	private static void checkPeersAgree(LauncherSource chosen, LauncherValues info, LauncherVariables variables) {
		if (!chosen.layer().mustAgree()) {
			return;
		}
		for (LauncherSource peer : LauncherSources.IN_ORDER) {
			if (peer != chosen && peer.layer() == chosen.layer() && peer.isPresent(variables)) {
				LauncherValues other = peer.read(variables);
				if (other.rank() != info.rank() || other.worldSize() != info.worldSize()) {
					throw new IllegalArgumentException("Two launchers disagree about this process: "
							+ rankOfWorld(info) + " but " + rankOfWorld(other)
							+ ". Remove the stale variables, or set " + LauncherVariables.EXPLICIT_RANK + " and "
							+ LauncherVariables.EXPLICIT_WORLD_SIZE + ".");
				}
			}
		}
	}

	private static String rankOfWorld(LauncherValues info) {
		return info.launcher() + " gives rank " + info.rank() + " of " + info.worldSize() + " ("
				+ info.sources().get("rank") + ", " + info.sources().get("worldSize") + ")";
	}

	private static void checkExplicitWorldSizeAgrees(LauncherValues info, LauncherVariables variables) {
		if (variables.isSet(LauncherVariables.EXPLICIT_WORLD_SIZE)
				&& variables.count(LauncherVariables.EXPLICIT_WORLD_SIZE) != info.worldSize()) {
			throw new IllegalArgumentException(variables.show(LauncherVariables.EXPLICIT_WORLD_SIZE)
					+ " disagrees with the world size " + info.worldSize() + " from " + info.sources().get("worldSize")
					+ " (" + info.launcher() + "). Unset it, or set " + LauncherVariables.EXPLICIT_RANK
					+ " as well to override the launcher.");
		}
	}

}

package nemo.lens.launch;

/**
 * Decides who a process is: explicit settings first, then the first launcher of
 * {@link LauncherSources#IN_ORDER} that is present, checked against its peers; rank 0 of 1 when
 * there is none.
 * <p>
 * Explicit settings are all or nothing: {@value RankInfo#RANK_VARIABLE} needs
 * {@value RankInfo#WORLD_SIZE_VARIABLE}, and {@value RankInfo#LOCAL_RANK_VARIABLE} is read only
 * with them. {@value RankInfo#WORLD_SIZE_VARIABLE} alone completes a scheduler that gives a rank
 * but no world size; next to a launcher that gives its own world size it must agree with it, and
 * with no launcher at all it is a partial set.
 */
final class RankDetector {

	private RankDetector() {
	}

	static RankInfo detect(LauncherVariables variables) {
		if (variables.isSet(RankInfo.RANK_VARIABLE)) {
			return explicit(variables);
		}
		if (variables.isSet(RankInfo.LOCAL_RANK_VARIABLE)) {
			throw new IllegalArgumentException(variables.show(RankInfo.LOCAL_RANK_VARIABLE) + " is set without "
					+ RankInfo.RANK_VARIABLE + ". An explicit local rank is read only together with "
					+ RankInfo.RANK_VARIABLE + " and " + RankInfo.WORLD_SIZE_VARIABLE + ": set them as well.");
		}
		for (LauncherSource source : LauncherSources.IN_ORDER) {
			if (source.isPresent(variables)) {
				RankInfo info = source.read(variables);
				checkPeersAgree(source, info, variables);
				checkExplicitWorldSizeAgrees(info, variables);
				return info;
			}
		}
		if (variables.isSet(RankInfo.WORLD_SIZE_VARIABLE)) {
			throw new IllegalArgumentException(variables.show(RankInfo.WORLD_SIZE_VARIABLE)
					+ " is set, but neither " + RankInfo.RANK_VARIABLE
					+ " nor any launcher gives a rank. A world size without a rank is not enough: set "
					+ RankInfo.RANK_VARIABLE + " as well.");
		}
		return RankInfo.defaults();
	}

	private static RankInfo explicit(LauncherVariables variables) {
		if (!variables.isSet(RankInfo.WORLD_SIZE_VARIABLE)) {
			throw new IllegalArgumentException(variables.show(RankInfo.RANK_VARIABLE) + " is set without "
					+ RankInfo.WORLD_SIZE_VARIABLE + ". An explicit rank needs an explicit world size: set both.");
		}
		RankInfo.Builder info = new RankInfo.Builder(RankInfo.PROPERTIES_LAUNCHER)
			.rank(variables.index(RankInfo.RANK_VARIABLE), RankInfo.RANK_VARIABLE)
			.worldSize(variables.count(RankInfo.WORLD_SIZE_VARIABLE), RankInfo.WORLD_SIZE_VARIABLE);
		if (variables.isSet(RankInfo.LOCAL_RANK_VARIABLE)) {
			info.localRank(variables.index(RankInfo.LOCAL_RANK_VARIABLE), RankInfo.LOCAL_RANK_VARIABLE);
		}
		return info.build();
	}

	/**
	 * Two launchers of one layer present at once describe the same process and must agree; a
	 * stale or hand-set variable is caught here instead of silently losing to the table order.
	 */
	private static void checkPeersAgree(LauncherSource chosen, RankInfo info, LauncherVariables variables) {
		if (!chosen.layer().mustAgree()) {
			return;
		}
		for (LauncherSource peer : LauncherSources.IN_ORDER) {
			if (peer != chosen && peer.layer() == chosen.layer() && peer.isPresent(variables)) {
				RankInfo other = peer.read(variables);
				if (other.rank() != info.rank() || other.worldSize() != info.worldSize()) {
					throw new IllegalArgumentException("Two launchers disagree about this process: "
							+ rankOfWorld(info) + " but " + rankOfWorld(other)
							+ ". Remove the stale variables, or set " + RankInfo.RANK_VARIABLE + " and "
							+ RankInfo.WORLD_SIZE_VARIABLE + ".");
				}
			}
		}
	}

	private static String rankOfWorld(RankInfo info) {
		return info.launcher() + " gives rank " + info.rank() + " of " + info.worldSize() + " ("
				+ info.sources().get("rank") + ", " + info.sources().get("worldSize") + ")";
	}

	private static void checkExplicitWorldSizeAgrees(RankInfo info, LauncherVariables variables) {
		if (variables.isSet(RankInfo.WORLD_SIZE_VARIABLE)
				&& variables.count(RankInfo.WORLD_SIZE_VARIABLE) != info.worldSize()) {
			throw new IllegalArgumentException(variables.show(RankInfo.WORLD_SIZE_VARIABLE)
					+ " disagrees with the world size " + info.worldSize() + " from " + info.sources().get("worldSize")
					+ " (" + info.launcher() + "). Unset it, or set " + RankInfo.RANK_VARIABLE
					+ " as well to override the launcher.");
		}
	}

}

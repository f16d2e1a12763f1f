package nemo.lens.opamp;

import nemo.lens.live.RankAgent;

/**
 * The OpAMP agent as lens-core finds it ({@code META-INF/services}): one per rank whose
 * {@code nemo.lens.opamp.endpoint} is set. Public only for {@link java.util.ServiceLoader}.
 */
public final class OpampRankAgent implements RankAgent {

	/** For {@link java.util.ServiceLoader}. */
	public OpampRankAgent() {
	}

	@Override
	public AutoCloseable start(Rank rank) {
		return OpampAgent.start(rank);
	}

}

package nemo.lens.sdk;

import java.util.List;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.opentelemetry.sdk.trace.samplers.SamplingResult;

/**
 * Keeps or drops every span of this rank, decided once from the rank and a rate with the same md5
 * rule as the {@code sampled} strategy, regardless of the parent. With the same rate it keeps
 * exactly the ranks that {@code sampled} selects. Installed on exporting ranks when
 * {@code samplerEnabled}; it replaces {@code OTEL_TRACES_SAMPLER}.
 */
public final class RankAwareSampler implements Sampler {

	private final int rank;

	private final double rate;

	private final SamplingResult result;

	/**
	 * Creates a sampler for one rank.
	 * @param rank the global rank
	 * @param rate the rate; 1.0 or more keeps every span, 0.0 or less drops every span
	 */
	public RankAwareSampler(int rank, double rate) {
		this.rank = rank;
		this.rate = rate;
		this.result = keeps(rank, rate) ? SamplingResult.recordAndSample() : SamplingResult.drop();
	}

	private static boolean keeps(int rank, double rate) {
		if (rate >= 1.0) {
			return true;
		}
		if (rate <= 0.0) {
			return false;
		}
		return RankSampling.selects(rank, rate);
	}

	/**
	 * Whether this rank's spans are kept.
	 * @return whether spans are sampled
	 */
	public boolean isSampling() {
		return this.result.getDecision() == SamplingResult.recordAndSample().getDecision();
	}

	@Override
	public SamplingResult shouldSample(Context parentContext, String traceId, String name, SpanKind spanKind,
			Attributes attributes, List<LinkData> parentLinks) {
		return this.result;
	}

	@Override
	public String getDescription() {
		return "RankAwareSampler(rank=" + this.rank + ", rate=" + this.rate + ")";
	}

	@Override
	public String toString() {
		return getDescription();
	}

}

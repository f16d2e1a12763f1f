package nemo.lens.sdk;

import java.util.List;
import java.util.stream.IntStream;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.samplers.SamplingDecision;
import nemo.lens.NemoLensConfig;
import nemo.lens.strategies.ExportStrategies;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RankAwareSamplerTests {

	private static SamplingDecision decide(RankAwareSampler sampler) {
		return sampler.shouldSample(Context.root(), "00000000000000000000000000000001", "step", SpanKind.INTERNAL,
				Attributes.empty(), List.of()).getDecision();
	}

	@Test
	void keepsEverySpanOfASelectedRank() {
		assertThat(decide(new RankAwareSampler(3, 0.1))).isEqualTo(SamplingDecision.RECORD_AND_SAMPLE);
	}

	@Test
	void dropsEverySpanOfAnUnselectedRank() {
		assertThat(decide(new RankAwareSampler(0, 0.1))).isEqualTo(SamplingDecision.DROP);
	}

	@Test
	void rateOneKeepsAndRateZeroDrops() {
		assertThat(decide(new RankAwareSampler(2, 1.0))).isEqualTo(SamplingDecision.RECORD_AND_SAMPLE);
		assertThat(decide(new RankAwareSampler(3, 0.0))).isEqualTo(SamplingDecision.DROP);
	}

	@Test
	void describesItselfAsTheReferenceDoes() {
		assertThat(new RankAwareSampler(0, 0.5).getDescription()).isEqualTo("RankAwareSampler(rank=0, rate=0.5)");
	}

	@Test
	void keepsExactlyTheRanksThatSampledSelects() {
		NemoLensConfig config = NemoLensConfig.builder().exportSampleRate(0.3).build();
		var sampled = ExportStrategies.builtins((name) -> null).get(ExportStrategies.SAMPLED);
		assertThat(IntStream.range(0, 2000))
			.allMatch((rank) -> new RankAwareSampler(rank, 0.3).isSampling() == sampled.shouldExport(config, rank, 2000));
	}

}

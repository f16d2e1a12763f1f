package nemo.lens;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class NemoLensConfigTests {

	@Test
	void defaultsMatchTheReference() {
		NemoLensConfig config = NemoLensConfig.defaults();
		assertThat(config.enabled()).isFalse();
		assertThat(config.serviceName()).isEqualTo("nemo");
		assertThat(config.exportStrategy()).isEqualTo("single_rank");
		assertThat(config.exportRank()).isEqualTo(-1);
		assertThat(config.exportSampleRate()).isEqualTo(1.0);
		assertThat(config.samplerEnabled()).isFalse();
		assertThat(config.tracesEnabled()).isTrue();
		assertThat(config.metricsEnabled()).isTrue();
		assertThat(config.logsEnabled()).isFalse();
		assertThat(config.exporter()).isEqualTo("otlp");
		assertThat(config.runId()).isEmpty();
		assertThat(config.user()).isEmpty();
	}

	@Test
	void builderSetsEveryField() {
		NemoLensConfig config = NemoLensConfig.builder()
			.enabled(true)
			.serviceName("trainer")
			.exportStrategy("sampled")
			.exportRank(3)
			.exportSampleRate(0.25)
			.samplerEnabled(true)
			.tracesEnabled(false)
			.metricsEnabled(false)
			.logsEnabled(true)
			.exporter("console")
			.runId("run-1")
			.user("alice")
			.build();
		assertThat(config.enabled()).isTrue();
		assertThat(config.serviceName()).isEqualTo("trainer");
		assertThat(config.exportStrategy()).isEqualTo("sampled");
		assertThat(config.exportRank()).isEqualTo(3);
		assertThat(config.exportSampleRate()).isEqualTo(0.25);
		assertThat(config.samplerEnabled()).isTrue();
		assertThat(config.tracesEnabled()).isFalse();
		assertThat(config.metricsEnabled()).isFalse();
		assertThat(config.logsEnabled()).isTrue();
		assertThat(config.exporter()).isEqualTo("console");
		assertThat(config.runId()).isEqualTo("run-1");
		assertThat(config.user()).isEqualTo("alice");
	}

	@Test
	void toBuilderDerivesAChangedCopyAndLeavesTheOriginalAlone() {
		NemoLensConfig original = NemoLensConfig.builder().enabled(true).exportRank(2).build();
		NemoLensConfig changed = original.toBuilder().exportRank(5).build();
		assertThat(original.exportRank()).isEqualTo(2);
		assertThat(changed.exportRank()).isEqualTo(5);
		assertThat(changed.enabled()).isTrue();
		assertThat(original.toBuilder().build()).isEqualTo(original).hasSameHashCodeAs(original);
	}

	@Test
	void blankServiceNameMeansNemo() {
		assertThat(NemoLensConfig.builder().serviceName("  ").build().serviceName()).isEqualTo("nemo");
		assertThat(NemoLensConfig.builder().serviceName(null).build().serviceName()).isEqualTo("nemo");
	}

	@Test
	void sampleRateBoundsAreInclusive() {
		assertThat(NemoLensConfig.builder().exportSampleRate(0.0).build().exportSampleRate()).isZero();
		assertThat(NemoLensConfig.builder().exportSampleRate(1.0).build().exportSampleRate()).isEqualTo(1.0);
	}

	@Test
	void sampleRateAboveOneIsRejectedWithTheValue() {
		assertThatIllegalArgumentException().isThrownBy(() -> NemoLensConfig.builder().exportSampleRate(1.5).build())
			.withMessage("exportSampleRate must be within [0.0, 1.0], got 1.5.");
	}

	@Test
	void negativeSampleRateIsRejectedWithTheValue() {
		assertThatIllegalArgumentException().isThrownBy(() -> NemoLensConfig.builder().exportSampleRate(-0.1).build())
			.withMessageContaining("got -0.1");
	}

	@Test
	void nanSampleRateIsRejected() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> NemoLensConfig.builder().exportSampleRate(Double.NaN).build())
			.withMessageContaining("got NaN");
	}

	@Test
	void strategyNameIsNotCheckedAtConstruction() {
		assertThat(NemoLensConfig.builder().exportStrategy("no_such_strategy").build().exportStrategy())
			.isEqualTo("no_such_strategy");
	}

}

package nemo.lens.strategies;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import nemo.lens.ExportStrategy;
import nemo.lens.NemoLensConfig;
import nemo.lens.sdk.RankSampling;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Checks {@code sampled} against buckets computed by Python's hashlib for ranks 0..4999, the
 * arithmetic NeMo Lens 0.1.0 uses, so that Java and Python ranks of one job agree.
 */
class SampledReferenceAgreementTests {

	private static final Map<Integer, Integer> PYTHON_BUCKETS = new LinkedHashMap<>();

	@BeforeAll
	static void readPythonBuckets() throws IOException {
		try (BufferedReader reader = new BufferedReader(new InputStreamReader(
				SampledReferenceAgreementTests.class.getResourceAsStream("/sampled-reference.csv"),
				StandardCharsets.UTF_8))) {
			reader.lines().filter((line) -> !line.startsWith("#")).forEach((line) -> {
				String[] fields = line.split(",");
				PYTHON_BUCKETS.put(Integer.parseInt(fields[0]), Integer.parseInt(fields[1]));
			});
		}
		assertThat(PYTHON_BUCKETS).hasSize(5000);
	}

	@Test
	void fractionEqualsThePythonBucketForEveryRank() {
		PYTHON_BUCKETS.forEach((rank, bucket) -> assertThat(RankSampling.fraction(rank)).as("rank %d", rank)
			.isEqualTo(bucket / 10000.0));
	}

	@ParameterizedTest
	@ValueSource(doubles = { 0.0, 0.001, 0.05, 0.1, 0.25, 0.5, 0.7227, 0.99, 1.0 })
	void selectsTheSameRanksAsPythonAtEveryRate(double rate) {
		NemoLensConfig config = NemoLensConfig.builder().exportSampleRate(rate).build();
		ExportStrategy sampled = ExportStrategies.builtins((name) -> null).get(ExportStrategies.SAMPLED);
		PYTHON_BUCKETS.forEach((rank, bucket) -> assertThat(sampled.shouldExport(config, rank, 5000))
			.as("rank %d at rate %s", rank, rate)
			.isEqualTo(bucket / 10000.0 < rate));
	}

}

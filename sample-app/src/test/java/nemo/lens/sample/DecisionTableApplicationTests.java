package nemo.lens.sample;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import nemo.lens.NemoLensConfig;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DecisionTableApplicationTests {

	@Test
	void tableShowsTheExportingRanksOfEachStrategy() {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		NemoLensConfig config = NemoLensConfig.builder().exportSampleRate(0.1).build();
		DecisionTableApplication.printTable(config, 16, new PrintStream(bytes, true, StandardCharsets.UTF_8));
		String table = bytes.toString(StandardCharsets.UTF_8);
		assertThat(table).containsPattern("single_rank +1 +15\\n")
			.containsPattern("sampled +3 +3,5,6\\n")
			.containsPattern("first_two_ranks +2 +0,1\\n")
			.containsPattern("first_rank_per_node +4 +0,4,8,12\\n")
			.containsPattern("all_ranks +16 +0,1,2");
	}

}

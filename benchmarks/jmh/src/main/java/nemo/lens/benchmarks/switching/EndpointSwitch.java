package nemo.lens.benchmarks.switching;

import java.time.Duration;
import java.util.List;

/**
 * Switches one rank through its {@code lens} actuator endpoint, as an operator does with curl:
 * {@code POST /actuator/lens {"override": "exporting", "duration": "5m"}} on, and
 * {@code {"override": "none"}} off (back to the strategy, which keeps the rank silent). The
 * measured time includes the whole POST: the rank builds its exporting SDK before it answers.
 */
final class EndpointSwitch implements RankSwitch {

	static final String ON = "{\"override\": \"exporting\", \"duration\": \"5m\"}";

	static final String OFF = "{\"override\": \"none\"}";

	private static final String PATH = "/actuator/lens";

	@Override
	public String name() {
		return "endpoint";
	}

	@Override
	public String description() {
		return "(a) POST /actuator/lens " + ON;
	}

	@Override
	public Duration goal() {
		return Duration.ofSeconds(1);
	}

	@Override
	public List<String> rankArguments() {
		return List.of();
	}

	@Override
	public long switchOn(SampleRank rank) throws InterruptedException {
		long start = System.nanoTime();
		rank.post(PATH, ON);
		return start;
	}

	@Override
	public void switchOff(SampleRank rank) throws InterruptedException {
		rank.post(PATH, OFF);
	}

}

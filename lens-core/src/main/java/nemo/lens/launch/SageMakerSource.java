package nemo.lens.launch;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A SageMaker training host: the rank is the position of {@code SM_CURRENT_HOST} in the JSON list
 * {@code SM_HOSTS}, taken in the order given. The list is sorted as text ({@code algo-10} before
 * {@code algo-2}) and every host reads the same list, so positions agree across hosts; sorting it
 * again, or reading the number out of the host name, would not.
 */
final class SageMakerSource implements LauncherSource {

	static final String CURRENT_HOST = "SM_CURRENT_HOST";

	static final String HOSTS = "SM_HOSTS";

	private static final Pattern LIST = Pattern.compile("\\[(.*)]", Pattern.DOTALL);

	private static final Pattern HOST = Pattern.compile("\"([^\"\\\\]+)\"");

	@Override
	public String launcher() {
		return "sagemaker";
	}

	@Override
	public Layer layer() {
		return Layer.OUTER;
	}

	@Override
	public boolean isPresent(LauncherVariables variables) {
		return variables.isSet(CURRENT_HOST) && variables.isSet(HOSTS);
	}

	@Override
	public LauncherValues read(LauncherVariables variables) {
		List<String> hosts = hosts(variables.get(HOSTS));
		int position = hosts.indexOf(variables.get(CURRENT_HOST));
		if (position < 0) {
			throw new IllegalArgumentException(
					variables.show(CURRENT_HOST) + " is not in " + variables.show(HOSTS) + ", so it has no rank.");
		}
		String rankSource = CURRENT_HOST + " in " + HOSTS;
		return new LauncherValues(launcher()).rank(position, rankSource)
			.worldSize(hosts.size(), HOSTS)
			.nodeRank(position, rankSource)
			.checked();
	}

	private static List<String> hosts(String json) {
		Matcher list = LIST.matcher(json);
		List<String> hosts = new ArrayList<>();
		if (list.matches() && !list.group(1).isBlank()) {
			for (String element : list.group(1).split(",", -1)) {
				Matcher host = HOST.matcher(element.trim());
				if (!host.matches()) {
					return invalid(json);
				}
				hosts.add(host.group(1));
			}
		}
		return hosts.isEmpty() ? invalid(json) : hosts;
	}

	private static List<String> invalid(String json) {
		throw new IllegalArgumentException("Invalid value for " + HOSTS + ": '" + json
				+ "'. Expected a JSON list of host names such as [\"algo-1\",\"algo-2\"].");
	}

	@Override
	public String toString() {
		return launcher();
	}

}

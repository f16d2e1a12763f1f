package nemo.lens.launch;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Slurm's compressed list of tasks per node, such as {@code 2(x3),1} for three nodes with two
 * tasks and a fourth with one, as found in {@code SLURM_STEP_TASKS_PER_NODE}.
 */
final class SlurmTasksPerNode {

	private static final Pattern ENTRY = Pattern.compile("(\\d+)(?:\\(x(\\d+)\\))?");

	private SlurmTasksPerNode() {
	}

	/**
	 * Returns the number of tasks on one node.
	 * @param listName the variable holding the list, for error messages
	 * @param list the compressed list
	 * @param nodeName the variable holding the node index, for error messages
	 * @param node the node index
	 * @throws IllegalArgumentException when the list is malformed or has no entry for the node
	 */
	static int onNode(String listName, String list, String nodeName, int node) {
		// The whole list is checked, so that a malformed tail is not missed on the first nodes.
		Integer tasksOnNode = null;
		long nodesListed = 0;
		for (String entry : list.split(",", -1)) {
			Matcher matcher = ENTRY.matcher(entry.trim());
			if (!matcher.matches() || matcher.group(1).length() > 9
					|| (matcher.group(2) != null && matcher.group(2).length() > 9)) {
				throw invalid(listName, list);
			}
			int tasks = Integer.parseInt(matcher.group(1));
			int nodesOfEntry = (matcher.group(2) != null) ? Integer.parseInt(matcher.group(2)) : 1;
			if (tasks < 1 || nodesOfEntry < 1) {
				throw invalid(listName, list);
			}
			if (tasksOnNode == null && node < nodesListed + nodesOfEntry) {
				tasksOnNode = tasks;
			}
			nodesListed += nodesOfEntry;
		}
		if (tasksOnNode == null) {
			throw new IllegalArgumentException(nodeName + "=" + node + " has no entry in " + listName + "='" + list
					+ "', which lists " + nodesListed + " node(s).");
		}
		return tasksOnNode;
	}

	private static IllegalArgumentException invalid(String listName, String list) {
		return new IllegalArgumentException("Invalid value for " + listName + ": '" + list
				+ "'. Expected task counts per node such as 2(x3),1.");
	}

}

package nemo.lens.live;

import java.util.Iterator;
import java.util.ServiceLoader;
import java.util.function.Consumer;
import java.util.function.Function;

import nemo.lens.TelemetryHandle;
import nemo.lens.control.RemoteControl;
import nemo.lens.launch.RankInfo;

/**
 * An agent that makes a rank known to a fleet manager and takes its orders: the one of module
 * {@code nemo.lens:lens-opamp}, found through {@link ServiceLoader} when
 * {@code nemo.lens.opamp.endpoint} is set, so that lens-core depends on no agent and a rank
 * without that setting loads none. Not user API: the hook an optional module plugs into.
 */
public interface RankAgent {

	/**
	 * Starts the agent of a rank. It must not fail for anything the network or a server does (a
	 * server down is told once and polled again); it runs until the handle shuts down, which closes
	 * what this returns.
	 * @param rank what the agent needs of the rank
	 * @return what stops the agent, within a bounded time and without throwing
	 */
	AutoCloseable start(Rank rank);

	/**
	 * The agent on the class path.
	 * @param endpointSource the setting that asked for it, for the error
	 * @return the agent
	 * @throws IllegalArgumentException when none is on the class path, saying which module to add
	 */
	static RankAgent find(String endpointSource) {
		Iterator<RankAgent> agents = ServiceLoader.load(RankAgent.class, RankAgent.class.getClassLoader()).iterator();
		if (!agents.hasNext()) {
			throw new IllegalArgumentException(endpointSource + " is set, but no OpAMP agent is on the class path: "
					+ "add the dependency nemo.lens:lens-opamp beside lens-core or the starter, or unset it.");
		}
		return agents.next();
	}

	/**
	 * What an agent is given of its rank.
	 *
	 * @param handle the rank's telemetry and decision
	 * @param control the remote channel of control, layered over the control file
	 * @param rankInfo who the rank is, as its launcher said; {@code null} when the rank and world
	 * size were given to the call alone
	 * @param environment the environment variables, {@code null} when unset
	 * @param warnings where problems are told, redacted
	 */
	record Rank(TelemetryHandle handle, RemoteControl control, RankInfo rankInfo,
			Function<String, String> environment, Consumer<String> warnings) {

	}

}

package nemo.lens.opamp;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

import io.opentelemetry.opamp.client.OpampClient;
import io.opentelemetry.opamp.client.OpampClientBuilder;
import io.opentelemetry.opamp.client.internal.response.MessageData;
import nemo.lens.NemoLensConfig;
import nemo.lens.config.OpampSettings;
import nemo.lens.config.Setting;
import nemo.lens.control.RemoteControl;
import nemo.lens.env.Redaction;
import nemo.lens.live.RankAgent;
import okio.ByteString;
import opamp.proto.AgentConfigFile;
import opamp.proto.AgentRemoteConfig;
import opamp.proto.RemoteConfigStatus;
import opamp.proto.RemoteConfigStatuses;
import opamp.proto.ServerErrorResponse;

/**
 * One rank's OpAMP agent: the contrib client, told the rank's description, its effective decision
 * and the status of each remote configuration. A remote configuration's {@code lens} entry is
 * offered to the rank's {@link RemoteControl} (the control file's syntax and rules, one
 * transaction) and answered {@code APPLIED}, or {@code FAILED} with the reason, what was in force
 * staying; a configuration without that entry withdraws the server's content, and the control
 * file, if any, decides again. A server that cannot be reached is warned once per outage; the rank
 * keeps what is in force, and the client tries again with back-off from the interval.
 */
final class OpampAgent implements OpampClient.Callbacks, AutoCloseable {

	/** The config-map key of Lens's content in a remote configuration, and of its effective one. */
	static final String CONFIG_KEY = "lens";

	/** The largest content taken, as for the control file: every rank reads it whole. */
	static final int MAX_CONTENT = 64 * 1024;

	private static final Logger logger = Logger.getLogger(OpampAgent.class.getName());

	private final String endpoint;

	private final RemoteControl control;

	private final EffectiveDecision decision;

	private final HttpTransport transport;

	private final Consumer<String> warnings;

	private volatile OpampClient client;

	private volatile boolean closed;

	/** Whether the server could not be reached at the last try: one warning per outage. */
	private volatile boolean unreachable;

	private ByteString lastHash;

	private RemoteConfigStatus lastStatus;

	private OpampAgent(String endpoint, RemoteControl control, EffectiveDecision decision, HttpTransport transport,
			Consumer<String> warnings) {
		this.endpoint = Redaction.redact(endpoint);
		this.control = control;
		this.decision = decision;
		this.transport = transport;
		this.warnings = warnings;
	}

	static OpampAgent start(RankAgent.Rank rank) {
		NemoLensConfig config = rank.handle().config();
		Map<String, String> headers = OpampSettings.headers(Setting.OPAMP_HEADERS.allNames(), config.opampHeaders());
		Duration interval = config.opampInterval();
		HttpTransport transport = new HttpTransport(config.opampEndpoint(), headers, interval);
		EffectiveDecision decision = new EffectiveDecision(rank.handle(), rank.control(), Instant.now());
		decision.refresh();
		OpampAgent agent = new OpampAgent(config.opampEndpoint(), rank.control(), decision, transport,
				rank.warnings());
		try {
			OpampClientBuilder builder = OpampClient.builder()
				.setRequestService(transport.service())
				.enableRemoteConfig()
				.enableEffectiveConfigReporting()
				.setEffectiveConfigState(decision);
			AgentDescription.of(rank).applyTo(builder);
			agent.client = builder.build(agent);
			rank.handle().onSwitch(agent::report);
			long nanos = interval.toNanos();
			transport.executor().scheduleWithFixedDelay(agent::tick, nanos, nanos, TimeUnit.NANOSECONDS);
		}
		catch (RuntimeException ex) {
			agent.close();
			throw ex;
		}
		logger.fine(() -> "NeMo Lens: OpAMP agent of rank " + rank.handle().rank() + " reports to " + agent.endpoint
				+ " every " + interval);
		return agent;
	}

	/** The report now, for tests. */
	String effectiveConfig() {
		return this.decision.text();
	}

	@Override
	public void onConnect(OpampClient client) {
		if (this.unreachable) {
			this.unreachable = false;
			logger.info("NeMo Lens: OpAMP server " + this.endpoint + " reached again");
		}
	}

	@Override
	public void onConnectFailed(OpampClient client, Throwable failure) {
		if (!this.unreachable && !this.closed) {
			this.unreachable = true;
			this.warnings.accept("NeMo Lens: OpAMP server " + this.endpoint + " cannot be reached (" + failure
					+ "); the rank keeps what is in force and tries again, backing off from every "
					+ "nemo.lens.opamp.interval");
		}
	}

	@Override
	public void onErrorResponse(OpampClient client, ServerErrorResponse error) {
		logger.fine(() -> "NeMo Lens: OpAMP server " + this.endpoint + " answered an error: " + error.error_message);
	}

	@Override
	public void onMessage(OpampClient client, MessageData message) {
		AgentRemoteConfig remote = message.getRemoteConfig();
		if (remote == null || this.closed) {
			return;
		}
		synchronized (this) {
			if (remote.config_hash.equals(this.lastHash) && this.lastStatus != null) {
				client.setRemoteConfigStatus(this.lastStatus);
				return;
			}
			String refused;
			try {
				refused = take(remote);
			}
			catch (RuntimeException | Error ex) {
				// Whatever a content raises is its refusal: the rank goes on as it was.
				refused = Redaction.redact(String.valueOf(ex));
			}
			RemoteConfigStatus.Builder status = new RemoteConfigStatus.Builder()
				.last_remote_config_hash(remote.config_hash);
			if (refused == null) {
				this.decision.applied();
				status.status(RemoteConfigStatuses.RemoteConfigStatuses_APPLIED);
			}
			else {
				this.decision.refused(refused);
				status.status(RemoteConfigStatuses.RemoteConfigStatuses_FAILED).error_message(refused);
				this.warnings.accept("NeMo Lens: the OpAMP server's remote configuration (" + CONFIG_KEY
						+ ") is not used: " + refused + "; what was in force stays");
			}
			this.lastHash = remote.config_hash;
			this.lastStatus = status.build();
			client.setRemoteConfigStatus(this.lastStatus);
		}
		report();
	}

	/** Offers the content to the rank: {@code null} when it is in force, else why not. */
	private String take(AgentRemoteConfig remote) {
		AgentConfigFile file = (remote.config != null) ? remote.config.config_map.get(CONFIG_KEY) : null;
		if (file == null) {
			return this.control.withdraw();
		}
		if (file.body.size() > MAX_CONTENT) {
			return "the content is " + file.body.size() + " bytes, more than " + MAX_CONTENT
					+ " (64 KiB), which every rank would read";
		}
		return this.control.offer(new String(file.body.toByteArray(), StandardCharsets.UTF_8));
	}

	/** Tells the server the decision when it changed. */
	void report() {
		if (this.closed) {
			return;
		}
		if (this.decision.refresh()) {
			try {
				this.decision.notifyUpdate();
			}
			catch (IllegalStateException ex) {
				// The client stopped meanwhile (the rank shuts down): nothing to tell.
			}
		}
	}

	/** Each interval: an {@code until} that passed, and the report. Never throws, or it would not run again. */
	private void tick() {
		try {
			this.control.tick();
			report();
		}
		catch (RuntimeException | Error ex) {
			logger.log(Level.FINE, "NeMo Lens: OpAMP agent tick failed", ex);
		}
	}

	@Override
	public void close() {
		this.closed = true;
		OpampClient current = this.client;
		try {
			if (current != null) {
				current.close();
			}
		}
		catch (Exception ex) {
			logger.log(Level.FINE, "NeMo Lens: OpAMP client did not close cleanly", ex);
		}
		finally {
			this.transport.close();
		}
	}

}

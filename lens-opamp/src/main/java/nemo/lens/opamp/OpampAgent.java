package nemo.lens.opamp;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
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
 * file, if any, decides again. The same content under a new hash is the same content: answered as
 * before, nothing switched, nothing logged.
 * <p>
 * Whatever a server answers, the rank polls once an interval ({@link PacedRequestService}); a poll
 * that fails (no answer, an HTTP error, an answer too large or malformed, the server's error) is
 * warned once per outage, shown under the endpoint's {@code control} and in the effective
 * configuration's health, and the recovery is told once; the rank keeps what is in force meanwhile.
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

	/** The interval as a user writes it ({@code 30s}), for the log lines. */
	private final String interval;

	private volatile OpampClient client;

	private volatile boolean closed;

	private ByteString lastHash;

	/** The {@code lens} entry of the last configuration taken, {@code null} when it had none. */
	private ByteString lastContent;

	private RemoteConfigStatus lastStatus;

	/** The last refusal warned: a content refused again for the same reason is not warned again. */
	private String lastRefusal;

	private OpampAgent(String endpoint, RemoteControl control, EffectiveDecision decision, HttpTransport transport,
			Consumer<String> warnings, Duration interval) {
		this.endpoint = Redaction.redact(endpoint);
		this.control = control;
		this.decision = decision;
		this.transport = transport;
		this.warnings = warnings;
		this.interval = (interval.toMillis() % 1000 == 0) ? interval.toSeconds() + "s" : interval.toMillis() + "ms";
	}

	static OpampAgent start(RankAgent.Rank rank) {
		NemoLensConfig config = rank.handle().config();
		Map<String, String> headers = OpampSettings.headers(Setting.OPAMP_HEADERS.allNames(), config.opampHeaders());
		Duration interval = config.opampInterval();
		HttpTransport transport = new HttpTransport(config.opampEndpoint(), headers);
		rank.control().server(Redaction.redact(config.opampEndpoint()));
		EffectiveDecision decision = new EffectiveDecision(rank.handle(), rank.control(), Instant.now());
		decision.refresh();
		OpampAgent agent = new OpampAgent(config.opampEndpoint(), rank.control(), decision, transport,
				rank.warnings(), interval);
		try {
			OpampClientBuilder builder = OpampClient.builder()
				.setRequestService(new PacedRequestService(transport, new Pace(interval)))
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
		if (!this.closed && this.control.serverAnswered()) {
			logger.info("NeMo Lens: OpAMP server " + this.endpoint + " answers again; polling every " + this.interval);
			report();
		}
	}

	@Override
	public void onConnectFailed(OpampClient client, Throwable failure) {
		if (this.closed) {
			return;
		}
		String why = Redaction.redact(String.valueOf((failure != null) ? failure.getMessage() : null));
		if (this.control.serverFailed(why)) {
			this.warnings.accept("NeMo Lens: OpAMP server " + this.endpoint + " failed a poll: " + why
					+ "; the rank keeps what is in force and polls again every " + this.interval
					+ " (nemo.lens.opamp.interval), told again only once it answers");
		}
		report();
	}

	@Override
	public void onErrorResponse(OpampClient client, ServerErrorResponse error) {
		logger.fine(() -> "NeMo Lens: OpAMP server " + this.endpoint + " answered an error: " + error.type);
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
			ByteString content = content(remote);
			if (this.lastStatus != null && Objects.equals(content, this.lastContent)) {
				// A new hash, the same content: the same answer under the new hash, nothing switched.
				this.lastHash = remote.config_hash;
				this.lastStatus = this.lastStatus.newBuilder().last_remote_config_hash(remote.config_hash).build();
				client.setRemoteConfigStatus(this.lastStatus);
				return;
			}
			String refused;
			try {
				refused = take(content);
			}
			catch (RuntimeException | Error ex) {
				// Whatever a content raises is its refusal: the rank goes on as it was.
				refused = Redaction.redact(String.valueOf(ex));
			}
			RemoteConfigStatus.Builder status = new RemoteConfigStatus.Builder()
				.last_remote_config_hash(remote.config_hash);
			if (refused == null) {
				this.decision.applied();
				this.lastRefusal = null;
				status.status(RemoteConfigStatuses.RemoteConfigStatuses_APPLIED);
			}
			else {
				this.decision.refused(refused);
				status.status(RemoteConfigStatuses.RemoteConfigStatuses_FAILED).error_message(refused);
				if (!refused.equals(this.lastRefusal)) {
					this.lastRefusal = refused;
					this.warnings.accept("NeMo Lens: " + RemoteControl.SOURCE + " (" + CONFIG_KEY + ") is not used: "
							+ refused + "; what was in force stays");
				}
			}
			this.lastHash = remote.config_hash;
			this.lastContent = content;
			this.lastStatus = status.build();
			client.setRemoteConfigStatus(this.lastStatus);
		}
		report();
	}

	/** The configuration's {@code lens} entry, or {@code null} when it has none. */
	private static ByteString content(AgentRemoteConfig remote) {
		AgentConfigFile file = (remote.config != null) ? remote.config.config_map.get(CONFIG_KEY) : null;
		return (file != null) ? file.body : null;
	}

	/** Offers the content to the rank: {@code null} when it is in force, else why not. */
	private String take(ByteString content) {
		if (content == null) {
			return this.control.withdraw();
		}
		if (content.size() > MAX_CONTENT) {
			return "the content is " + content.size() + " bytes, more than " + MAX_CONTENT
					+ " (64 KiB), which every rank would read";
		}
		return this.control.offer(new String(content.toByteArray(), StandardCharsets.UTF_8));
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

package nemo.lens.sample.e2e;

import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A silent rank that an operator may switch on (its {@code lens} endpoint takes writes), of an
 * application configured the Spring Boot way only: Boot's OpenTelemetry starter and Micrometer's
 * OTLP registry, their endpoints set by {@code management.*}. Until its first switch-on its heap
 * holds nothing that exports (once the rehearsal of its first switch is over); the switch-on
 * builds the application's own exporters, and spans and Micrometer pushes reach the receiver on
 * 127.0.0.1 through them. Runs on the default Boot line only, and beside the other ITs: it waits
 * out OkHttp's idle minute (JVM-wide threads whose keep-alive OkHttp does not let anyone set), so
 * its methods run one after another on a thread of their own.
 */
@Execution(ExecutionMode.CONCURRENT)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SilentRankBuildsAtFirstSwitchOnIT {

	private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

	private static final Duration ARRIVAL_TIMEOUT = Duration.ofSeconds(45);

	/** The rehearsal, then OkHttp's idle minute; on a loaded machine a little more. */
	private static final Duration REHEARSAL_ENDS = Duration.ofSeconds(180);

	/** {@code 2026-12-05T21:42:08.123Z  WARN 1234 --- [...]}: Boot's console format. */
	private static final Pattern PROBLEM = Pattern.compile("^\\S+\\s+(WARN|ERROR)\\s");

	private OtlpReceiver receiver;

	private SampleAppProcess rank;

	@BeforeAll
	void startTheSilentRank() throws IOException {
		this.receiver = OtlpReceiver.start();
		String base = this.receiver.endpoint() + "/rank-0";
		Map<String, String> env = new LinkedHashMap<>(Launcher.TORCHRUN.variables("first-switch-on", 0, 2, 2));
		env.put("NEMO_LENS_EXPORT_STRATEGY", "single_rank");
		this.rank = SampleAppProcess.start("first-switch-on-rank0", StackApp.BOOT_OTEL.jar(), List.of(), env,
				StackRanks.bootWayArguments(base, "--management.otlp.metrics.export.step=2s",
						"--management.endpoints.web.exposure.include=lens,health,threaddump"));
		this.rank.awaitHealthy(START_TIMEOUT);
	}

	@AfterAll
	void stop() {
		StackRanks.close(null, this.receiver);
		if (this.rank != null) {
			this.rank.close();
		}
	}

	@Test
	@Order(1)
	@Execution(ExecutionMode.SAME_THREAD)
	void beforeItsFirstSwitchOnTheRankHoldsNoExportingObject() {
		awaitWork();
		// The rank rehearses its first switch once it is ready, which may come after it answers
		// health; OkHttp's JVM-wide threads, which hold the rehearsal's client, end by themselves
		// about a minute after it (docs/endpoint.md). So: seen, then gone.
		AtomicBoolean rehearsing = new AtomicBoolean();
		assertThat(this.receiver.awaitUntil(() -> {
			boolean running = StackRanks.threadNames(this.rank).stream().anyMatch((name) -> name.startsWith("OkHttp")
					|| name.startsWith("Okio") || name.equals("nemo-lens-prepare-switch"));
			if (running) {
				rehearsing.set(true);
				return false;
			}
			return rehearsing.get();
		}, REHEARSAL_ENDS, Duration.ofSeconds(2))).as("the rehearsal and OkHttp's threads of it ended").isTrue();

		assertThat(ExportingObjects.on(this.rank)).as("exporting objects on the silent rank's heap").isEmpty();
	}

	@Test
	@Order(2)
	@Execution(ExecutionMode.SAME_THREAD)
	void theFirstSwitchOnSendsSpansAndPushesThroughTheApplicationsExporters() {
		assertThat(this.rank.postJson("/actuator/lens", "{\"override\":\"exporting\"}").statusCode()).isEqualTo(200);

		assertThat(this.receiver.awaitUntil(() -> {
			awaitWork();
			return !this.receiver.spans().isEmpty() && !StackRanks.micrometerMetrics(this.receiver).isEmpty();
		}, ARRIVAL_TIMEOUT)).as("spans and a Micrometer push arrived; paths %s", this.receiver.requestPaths()).isTrue();
		assertThat(this.receiver.requestPaths().keySet()).allMatch((path) -> path.startsWith("/rank-0/"));
	}

	@Test
	@Order(3)
	@Execution(ExecutionMode.SAME_THREAD)
	void afterItsFirstSwitchOnTheRankHoldsTheRegistryItBuilt() {
		assertThat(ExportingObjects.on(this.rank)).containsKey("io.micrometer.registry.otlp.OtlpMeterRegistry");
	}

	@Test
	@Order(4)
	@Execution(ExecutionMode.SAME_THREAD)
	void theRankLoggedNoErrorOrWarning() {
		assertThat(this.rank.logText().lines().filter((line) -> PROBLEM.matcher(line).find()))
			.as("ERROR and WARN lines of the rank; its log is %s", this.rank.log())
			.isEmpty();
	}

	private void awaitWork() {
		assertThat(this.rank.get("/work").statusCode()).isEqualTo(200);
	}

}

package nemo.lens.autoconfigure.binding;

import nemo.lens.autoconfigure.LensTestConfigurations;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import nemo.lens.ExportStrategy;
import nemo.lens.TelemetryHandle;
import nemo.lens.autoconfigure.door.LensDoorsAutoConfiguration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.env.Environment;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.core.io.support.SpringFactoriesLoader.ArgumentResolver;
import org.springframework.core.io.support.SpringFactoriesLoader.FailureHandler;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every wrong input meets a clear start-up error that names the input, shows the value and says
 * what is allowed; where the reference accepts an input, start-up succeeds. README.md publishes
 * this table ("Bad input and what you see").
 */
class BadInputTableTests {

	private static final ExportStrategy THROWING = (config, rank, worldSize) -> {
		throw new IllegalStateException("inventory service unreachable");
	};

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(LensTestConfigurations.core(LensDoorsAutoConfiguration.class))
		.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.exporter=none");

	/**
	 * One row: the inputs (a {@code NEMO_LENS_*}, {@code OTEL_*} or launcher name is set as an
	 * environment variable, anything else as a property; a value in single quotes keeps its
	 * blanks), then the fragments the failure report must contain, or none when start-up must
	 * succeed, and then where the run id must come from, when the row is about that.
	 */
	record Row(String what, Map<String, String> inputs, List<String> reportContains, String runIdSource) {

		static Row fails(String what, String inputs, String... reportContains) {
			return new Row(what, parse(inputs), List.of(reportContains), null);
		}

		static Row starts(String what, String inputs) {
			return new Row(what, parse(inputs), List.of(), null);
		}

		static Row startsWithRunIdFrom(String what, String inputs, String runIdSource) {
			return new Row(what, parse(inputs), List.of(), runIdSource);
		}

		private static Map<String, String> parse(String inputs) {
			Map<String, String> parsed = new LinkedHashMap<>();
			Arrays.stream(inputs.split(";")).map(String::trim).forEach((pair) -> {
				int equals = pair.indexOf('=');
				String value = pair.substring(equals + 1);
				boolean quoted = value.length() >= 2 && value.startsWith("'") && value.endsWith("'");
				parsed.put(pair.substring(0, equals), quoted ? value.substring(1, value.length() - 1) : value);
			});
			return parsed;
		}

		@Override
		public String toString() {
			return this.what;
		}

	}

	static Stream<Row> rows() {
		return Stream.of(
				Row.fails("enabled not a boolean", "nemo.lens.enabled=maybe", "nemo.lens.enabled", "'maybe'",
						"1, true, yes, on, 0, false, no, off"),
				Row.fails("enabled not a boolean (env)", "NEMO_LENS_ENABLED=maybe", "NEMO_LENS_ENABLED", "'maybe'"),
				Row.fails("unknown strategy", "nemo.lens.export-strategy=bogus", "nemo.lens.export-strategy",
						"'bogus'", "[all_ranks, first_rank_per_node, sampled, single_rank]"),
				Row.fails("unknown strategy (env)", "NEMO_LENS_EXPORT_STRATEGY=Single_Rank", "nemo.lens.export-strategy",
						"'Single_Rank' is not a registered strategy; did you mean single_rank?"),
				Row.fails("unknown strategy with hyphens (env)", "NEMO_LENS_EXPORT_STRATEGY=first-rank-per-node",
						"nemo.lens.export-strategy", "did you mean first_rank_per_node?", "NEMO_LENS_EXPORT_STRATEGY"),
				Row.fails("unknown strategy even when disabled", "nemo.lens.enabled=false; nemo.lens.export-strategy=x",
						"nemo.lens.export-strategy", "'x'"),
				Row.fails("export rank not an integer", "nemo.lens.export-rank=last", "nemo.lens.export-rank", "last",
						"to int"),
				Row.fails("export rank past the world size (Python accepts it, and no rank exports)",
						"nemo.lens.export-rank=99; nemo.lens.rank=0; nemo.lens.world-size=4", "nemo.lens.export-rank 99",
						"world size is 4 from NEMO_LENS_WORLD_SIZE (properties)", "NEMO_LENS_EXPORT_RANK"),
				Row.fails("export rank below -1 (env)",
						"NEMO_LENS_EXPORT_RANK=-2; TORCHELASTIC_RUN_ID=j; RANK=1; WORLD_SIZE=4; LOCAL_RANK=1; LOCAL_WORLD_SIZE=2",
						"nemo.lens.export-rank -2", "world size is 4 from WORLD_SIZE (torchrun)", "NEMO_LENS_EXPORT_RANK"),
				Row.starts("export rank -1 is the last rank",
						"nemo.lens.export-rank=-1; nemo.lens.rank=3; nemo.lens.world-size=4"),
				Row.fails("sample rate above 1", "nemo.lens.export-sample-rate=1.5", "nemo.lens.export-sample-rate",
						"1.5", "[0.0, 1.0]"),
				Row.fails("sample rate below 0 (env)", "NEMO_LENS_EXPORT_SAMPLE_RATE=-0.1",
						"nemo.lens.export-sample-rate", "-0.1", "[0.0, 1.0]"),
				Row.fails("sample rate NaN", "nemo.lens.export-sample-rate=NaN", "nemo.lens.export-sample-rate", "NaN",
						"[0.0, 1.0]"),
				Row.fails("sample rate not a number", "nemo.lens.export-sample-rate=half", "nemo.lens.export-sample-rate",
						"half", "to double"),
				Row.fails("sampler switch not a boolean", "nemo.lens.sampler-enabled=perhaps",
						"nemo.lens.sampler-enabled", "perhaps"),
				Row.fails("traces switch not a boolean", "nemo.lens.traces-enabled=2", "nemo.lens.traces-enabled", "2"),
				Row.fails("metrics switch not a boolean (env)", "NEMO_LENS_METRICS_ENABLED=enabled",
						"nemo.lens.metrics-enabled", "enabled"),
				Row.fails("logs switch not a boolean", "nemo.lens.logs-enabled=y es", "nemo.lens.logs-enabled", "y es"),
				Row.fails("unknown exporter", "nemo.lens.exporter=zipkin", "nemo.lens.exporter", "zipkin",
						"otlp, console, none"),
				Row.fails("exporter names are case-sensitive (env)", "NEMO_LENS_EXPORTER=OTLP", "nemo.lens.exporter",
						"OTLP", "otlp, console, none"),
				Row.fails("unknown span group", "nemo.lens.span-groups=per_stpe", "nemo.lens.span-groups", "per_stpe",
						"Valid options: [all, checkpoint, default, evaluate"),
				Row.fails("unknown span group (env)", "NEMO_LENS_SPAN_GROUPS=default,microbatch",
						"nemo.lens.span-groups", "default,microbatch", "Unknown span group or preset: 'microbatch'"),
				Row.starts("span groups are case-insensitive", "nemo.lens.span-groups=Default, STEP"),
				Row.starts("an extra span group is valid in the spec",
						"nemo.lens.extra-span-groups=microbatch; nemo.lens.span-groups=default,microbatch"),
				Row.starts("extra span groups from the environment",
						"NEMO_LENS_EXTRA_SPAN_GROUPS=microbatch,layer; NEMO_LENS_SPAN_GROUPS=layer"),
				Row.fails("extra span group named as a preset", "nemo.lens.extra-span-groups=microbatch,all",
						"nemo.lens.extra-span-groups", "microbatch,all", "other than a preset (default, per_step, all)"),
				Row.fails("job trace with a malformed TRACEPARENT", "nemo.lens.job-trace=true; TRACEPARENT=00-abc-01",
						"Invalid TRACEPARENT: '00-abc-01'", "W3C traceparent"),
				Row.starts("TRACEPARENT is not read while the job trace is off", "TRACEPARENT=00-abc-01"),
				Row.starts("blank service name means the default", "nemo.lens.service-name= "),
				Row.starts("any run id and user are accepted", "nemo.lens.run-id=run 7; NEMO_LENS_USER_ID=alice"),
				Row.fails("explicit rank not an integer", "nemo.lens.rank=first; nemo.lens.world-size=4",
						"nemo.lens.rank", "first", "to java.lang.Integer"),
				Row.fails("explicit rank negative (env)", "NEMO_LENS_RANK=-1; NEMO_LENS_WORLD_SIZE=4", "NEMO_LENS_RANK",
						"'-1'", "0 or more"),
				Row.fails("explicit rank at the world size", "nemo.lens.rank=4; nemo.lens.world-size=4",
						"NEMO_LENS_RANK", "4", "not below the world size 4"),
				Row.fails("explicit world size zero", "nemo.lens.rank=0; nemo.lens.world-size=0", "NEMO_LENS_WORLD_SIZE",
						"'0'", "1 or more"),
				Row.fails("explicit rank without world size", "nemo.lens.rank=2", "NEMO_LENS_RANK", "NEMO_LENS_WORLD_SIZE"),
				Row.fails("explicit local rank alone", "nemo.lens.local-rank=1", "NEMO_LENS_LOCAL_RANK"),
				Row.fails("strategy override switch not a boolean", "nemo.lens.allow-strategy-override=sometimes",
						"nemo.lens.allow-strategy-override", "sometimes"),
				Row.fails("shutdown timeout negative", "nemo.lens.shutdown-timeout=-1s", "nemo.lens.shutdown-timeout",
						"-1s", "must not be negative"),
				Row.fails("shutdown timeout not a duration", "nemo.lens.shutdown-timeout=forever",
						"nemo.lens.shutdown-timeout", "forever", "to java.time.Duration"),
				Row.fails("shutdown timeout not a duration (env)", "NEMO_LENS_SHUTDOWN_TIMEOUT=soon",
						"NEMO_LENS_SHUTDOWN_TIMEOUT", "'soon'", "5s or 5000ms"),
				Row.fails("shutdown timeout in an unknown unit (env)", "NEMO_LENS_SHUTDOWN_TIMEOUT=5 fortnights",
						"NEMO_LENS_SHUTDOWN_TIMEOUT", "'5 fortnights'"),
				Row.fails("shutdown timeout too long to hold (env)", "NEMO_LENS_SHUTDOWN_TIMEOUT=99999999999999999999d",
						"NEMO_LENS_SHUTDOWN_TIMEOUT", "too long"),
				Row.fails("shutdown timeout without a unit (env)", "NEMO_LENS_SHUTDOWN_TIMEOUT=5",
						"NEMO_LENS_SHUTDOWN_TIMEOUT", "'5'", "write 5s or 5ms"),
				Row.fails("shutdown timeout without a unit", "nemo.lens.shutdown-timeout=5", "nemo.lens.shutdown-timeout",
						"'5'", "write 5s or 5ms"),
				Row.starts("enabled in another of the core's spellings (env)", "NEMO_LENS_ENABLED=on"),
				Row.fails("a number form the core does not read", "nemo.lens.export-rank=0x10", "nemo.lens.export-rank",
						"'0x10'", "whole number"),
				Row.fails("unknown property", "nemo.lens.export-strategie=all_ranks",
						"Description: nemo.lens.export-strategie (from \"nemo.lens.export-strategie\" from property source",
						"is no NeMo Lens setting; did you mean nemo.lens.export-strategy?",
						"Action: Rename nemo.lens.export-strategie to nemo.lens.export-strategy, or remove it."),
				Row.fails("annotations switch not a boolean", "nemo.lens.annotations.enabled=sometimes",
						"nemo.lens.annotations.enabled", "'sometimes'"),
				Row.fails("flight recorder keeps no dump", "nemo.lens.flight-recorder.max-dumps=0",
						"nemo.lens.flight-recorder.max-dumps", "must be more than zero, got 0"),
				Row.fails("flight recorder dump interval negative",
						"nemo.lens.flight-recorder.min-dump-interval=-10s", "nemo.lens.flight-recorder.min-dump-interval",
						"must not be negative"),
				Row.starts("flight recorder dump interval zero: no limit",
						"nemo.lens.flight-recorder.min-dump-interval=0s"),
				Row.fails("switch drain timeout negative", "nemo.lens.switch.drain-timeout=-1s",
						"nemo.lens.switch.drain-timeout", "must not be negative"),
				Row.fails("shutdown timeout past its range (env)", "NEMO_LENS_SHUTDOWN_TIMEOUT=9999999d",
						"NEMO_LENS_SHUTDOWN_TIMEOUT must be within 0s and 1h, got '9999999d'"),
				Row.fails("switch drain timeout past its range", "nemo.lens.switch.drain-timeout=9999999d",
						"nemo.lens.switch.drain-timeout must be within 0s and 1h, got '9999999d'"),
				Row.fails("control interval below its floor", "nemo.lens.control.interval=1ns",
						"nemo.lens.control.interval must be within 100ms and 1h, got '1ns'", "statx"),
				Row.fails("override maximum past its range", "nemo.lens.override.max-duration=99999999d",
						"nemo.lens.override.max-duration must be within 1ns and 30d, got '99999999d'"),
				Row.fails("flight recorder ring past its range", "nemo.lens.flight-recorder.spans=2147483647",
						"nemo.lens.flight-recorder.spans must be within 1 and 1,000,000, got '2147483647'"),
				Row.fails("flight recorder keeps too many dumps", "nemo.lens.flight-recorder.max-dumps=100000",
						"nemo.lens.flight-recorder.max-dumps must be within 1 and 10,000, got '100000'"),
				Row.fails("a TLS file that is missing stops a silent rank too",
						"nemo.lens.rank=0; nemo.lens.world-size=2; OTEL_EXPORTER_OTLP_CERTIFICATE=/etc/collector/missing-ca.pem",
						"Invalid OTEL_EXPORTER_OTLP_CERTIFICATE: '/etc/collector/missing-ca.pem' is no file on this rank"),
				Row.fails("an OTLP endpoint that is no URL stops a silent rank too",
						"nemo.lens.rank=0; nemo.lens.world-size=2; OTEL_EXPORTER_OTLP_ENDPOINT=collector:4318",
						"Invalid OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318'", "http or https URL"),
				Row.fails("an OTLP endpoint with credentials and no scheme shows none of them",
						"nemo.lens.rank=0; nemo.lens.world-size=2; OTEL_EXPORTER_OTLP_ENDPOINT=user:pa55@collector:4318",
						"Invalid OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318'", "http or https URL"),
				Row.fails("torchrun rank not an integer",
						"TORCHELASTIC_RUN_ID=j; RANK=five; WORLD_SIZE=8; LOCAL_RANK=0; LOCAL_WORLD_SIZE=4; GROUP_RANK=0",
						"RANK", "'five'", "whole number"),
				Row.fails("torchrun rank at the world size",
						"TORCHELASTIC_RUN_ID=j; RANK=8; WORLD_SIZE=8; LOCAL_RANK=0; LOCAL_WORLD_SIZE=4; GROUP_RANK=2",
						"Rank 8 from RANK", "world size 8 from WORLD_SIZE"),
				Row.fails("torch-style world size without a rank", "WORLD_SIZE=8", "WORLD_SIZE='8'", "RANK"),
				Row.fails("Open MPI negative rank", "OMPI_COMM_WORLD_RANK=-1; OMPI_COMM_WORLD_SIZE=4; "
						+ "OMPI_COMM_WORLD_LOCAL_RANK=0; OMPI_COMM_WORLD_LOCAL_SIZE=4", "OMPI_COMM_WORLD_RANK", "'-1'",
						"0 or more"),
				Row.fails("Open MPI local rank at the local size", "OMPI_COMM_WORLD_RANK=1; OMPI_COMM_WORLD_SIZE=8; "
						+ "OMPI_COMM_WORLD_LOCAL_RANK=4; OMPI_COMM_WORLD_LOCAL_SIZE=4", "OMPI_COMM_WORLD_LOCAL_RANK",
						"4"),
				Row.fails("srun local id not an integer", "SLURM_JOB_ID=1; SLURM_STEP_NUM_TASKS=4; SLURM_PROCID=1; "
						+ "SLURM_LOCALID=1.0; SLURM_NODEID=0; SLURM_STEP_TASKS_PER_NODE=2(x2)", "SLURM_LOCALID", "'1.0'"),
				Row.fails("Indexed Job without a world size", "JOB_COMPLETION_INDEX=3", "JOB_COMPLETION_INDEX",
						"NEMO_LENS_WORLD_SIZE"),
				Row.fails("two per-process launchers disagree",
						"TORCHELASTIC_RUN_ID=j; RANK=5; WORLD_SIZE=8; LOCAL_RANK=1; LOCAL_WORLD_SIZE=4; GROUP_RANK=1; "
								+ "HOROVOD_RANK=2; HOROVOD_SIZE=8; HOROVOD_LOCAL_RANK=2; HOROVOD_LOCAL_SIZE=4",
						"Two launchers disagree", "RANK", "HOROVOD_RANK"),
				Row.starts("torchrun under srun is not a conflict",
						"SLURM_JOB_ID=1; SLURM_STEP_NUM_TASKS=2; SLURM_PROCID=1; SLURM_LOCALID=0; SLURM_NODEID=1; "
								+ "SLURM_STEP_TASKS_PER_NODE=1(x2); TORCHELASTIC_RUN_ID=j; RANK=5; WORLD_SIZE=8; "
								+ "LOCAL_RANK=1; LOCAL_WORLD_SIZE=4; GROUP_RANK=1"),
				Row.startsWithRunIdFrom("torchrun run id is the placeholder none",
						"TORCHELASTIC_RUN_ID=none; RANK=1; WORLD_SIZE=2; LOCAL_RANK=1; LOCAL_WORLD_SIZE=2", "random"),
				Row.startsWithRunIdFrom("torchrun run id empty",
						"TORCHELASTIC_RUN_ID=; RANK=1; WORLD_SIZE=2; LOCAL_RANK=1; LOCAL_WORLD_SIZE=2", "random"),
				Row.startsWithRunIdFrom("torchrun run id blank",
						"TORCHELASTIC_RUN_ID=' \t'; RANK=1; WORLD_SIZE=2; LOCAL_RANK=1; LOCAL_WORLD_SIZE=2", "random"),
				Row.startsWithRunIdFrom("Slurm job id none",
						"SLURM_JOB_ID=none; SLURM_STEP_ID=0; SLURM_STEP_NUM_TASKS=2; SLURM_PROCID=1", "random"),
				Row.startsWithRunIdFrom("Slurm job id blank",
						"SLURM_JOB_ID='  '; SLURM_STEP_ID=0; SLURM_STEP_NUM_TASKS=2; SLURM_PROCID=1", "random"),
				Row.startsWithRunIdFrom("Slurm step id empty",
						"SLURM_JOB_ID=81; SLURM_STEP_ID=; SLURM_STEP_NUM_TASKS=2; SLURM_PROCID=1", "SLURM_JOB_ID"),
				Row.startsWithRunIdFrom("Open MPI namespace blank",
						"OMPI_COMM_WORLD_RANK=1; OMPI_COMM_WORLD_SIZE=2; PMIX_NAMESPACE=' '; "
								+ "OMPI_MCA_ess_base_jobid=898629633",
						"OMPI_MCA_ess_base_jobid"),
				Row.startsWithRunIdFrom("run id blank (env)",
						"NEMO_LENS_RUN_ID=' '; TORCHELASTIC_RUN_ID=j; RANK=1; WORLD_SIZE=2; LOCAL_RANK=1",
						"TORCHELASTIC_RUN_ID"),
				Row.fails("first_rank_per_node with a non-integer LOCAL_RANK",
						"nemo.lens.export-strategy=first_rank_per_node; LOCAL_RANK=zero", "LOCAL_RANK", "'zero'",
						"whole number"),
				Row.fails("strategy bean named like a built-in", "bean.sampled=nobody", "ExportStrategy bean 'sampled'",
						"nemo.lens.allow-strategy-override"),
				Row.fails("strategy bean that throws", "bean.flaky=throwing; nemo.lens.export-strategy=flaky",
						"strategy 'flaky'", "inventory service unreachable"),
				Row.fails("unknown telemetry door", "nemo.lens.gate.micrometer.otpl=false",
						"nemo.lens.gate.micrometer.otpl names no telemetry door", "micrometer.otlp"),
				Row.fails("door gate not a boolean", "nemo.lens.gate.boot.opentelemetry=sometimes",
						"Invalid boolean for nemo.lens.gate.boot.opentelemetry: 'sometimes'", "true", "false"),
				Row.starts("door gate in a Spring boolean form", "nemo.lens.gate.micrometer.otlp=off"));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("rows")
	void startupMeetsBadInputWithAClearError(Row row) {
		ApplicationContextRunner runner = this.runner;
		Map<String, Object> environment = new LinkedHashMap<>();
		for (Map.Entry<String, String> input : row.inputs().entrySet()) {
			String name = input.getKey();
			if (name.startsWith("bean.")) {
				ExportStrategy strategy = input.getValue().equals("throwing") ? THROWING : (c, r, w) -> false;
				runner = runner.withBean(name.substring(5), ExportStrategy.class, () -> strategy);
			}
			else if (Character.isUpperCase(name.charAt(0))) {
				environment.put(name, input.getValue());
			}
			else {
				runner = runner.withPropertyValues(name + "=" + input.getValue());
			}
		}
		runner.withInitializer((context) -> context.getEnvironment()
			.getPropertySources()
			.addFirst(new SystemEnvironmentPropertySource(
					StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME + "-table", environment)))
			.run((context) -> {
				if (row.reportContains().isEmpty()) {
					assertThat(context).hasNotFailed().hasSingleBean(TelemetryHandle.class);
					if (row.runIdSource() != null) {
						assertThat(context.getBean(TelemetryHandle.class).runIdSource()).isEqualTo(row.runIdSource());
					}
				}
				else {
					assertThat(context).hasFailed();
					assertThat(report(context.getStartupFailure())).contains(row.reportContains()).doesNotContain("pa55");
				}
				if (Boolean.getBoolean("badInput.print")) {
					System.out.println("BADINPUT| " + row.what() + " | " + row.inputs() + " | "
							+ (context.getStartupFailure() != null
									? report(context.getStartupFailure()).strip().replace("\n", " ") : "starts")
							+ " |");
				}
			});
	}

	/**
	 * What Spring Boot's failure report shows a user for this failure, made by the failure analyzers
	 * Spring Boot itself would run, in their order (NeMo Lens's among them), on one line.
	 */
	static String report(Throwable failure) {
		List<FailureAnalyzer> analyzers = SpringFactoriesLoader.forDefaultResourceLocation(BadInputTableTests.class.getClassLoader())
			.load(FailureAnalyzer.class,
					ArgumentResolver.of(Environment.class, new StandardEnvironment())
						.and(BeanFactory.class, new DefaultListableBeanFactory()),
					FailureHandler.handleMessage((message, ex) -> {
					}));
		for (FailureAnalyzer analyzer : analyzers) {
			FailureAnalysis analysis = analyzer.analyze(failure);
			if (analysis != null) {
				return ("Description: " + analysis.getDescription() + " Action: " + analysis.getAction())
					.replaceAll("\\s+", " ")
					.strip();
			}
		}
		return "no failure analysis: " + failure;
	}

}

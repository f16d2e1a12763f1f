package nemo.lens.benchmarks.fleet;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import nemo.lens.benchmarks.HarnessJvm;

/**
 * The two kinds of rank the fleet starts, each with Lens and without: a plain Java rank
 * ({@code fleet-rank}: Lens, or the same loop on the no-op API) and a Spring Boot rank
 * ({@code fleet-spring-rank-lens}: Boot's OpenTelemetry starter and Lens; {@code fleet-spring-rank}:
 * the same application without any telemetry starter). Each kind knows its class path, main
 * class, JVM sizing and arguments.
 */
public enum RankKind {

	/** A plain Java program on lens-core. */
	PLAIN("fleet_", "nemo.lens.benchmarks.fleet.rank.FleetRank", "48m", "64m"),

	/** A Spring Boot application with Boot's OpenTelemetry starter. */
	SPRING("fleet_spring_", "nemo.lens.benchmarks.fleet.spring.FleetSpringRank", "64m", "128m");

	private final String prefix;

	private final String mainClass;

	private final String heap;

	private final String metaspace;

	RankKind(String prefix, String mainClass, String heap, String metaspace) {
		this.prefix = prefix;
		this.mainClass = mainClass;
		this.heap = heap;
		this.metaspace = metaspace;
	}

	/**
	 * The prefix of this kind's headline figures under a launcher: {@code fleet_},
	 * {@code fleet_spring_}, {@code fleet_srun_}.
	 */
	public String prefix(FleetLauncher launcher) {
		return this.prefix + launcher.infix();
	}

	/**
	 * The prefix of this kind's figures at one N under a launcher: {@code fleet_n64_},
	 * {@code fleet_spring_n16_}, {@code fleet_srun_n8_}.
	 */
	public String prefix(FleetLauncher launcher, int n) {
		return prefix(launcher) + "n" + n + "_";
	}

	/**
	 * The rank JVM as a user packing dozens of ranks onto a node sizes it: a small heap with the
	 * serial collector (no GC threads per core), C1 only with one compiler thread (a rank's hot
	 * loop is tiny; C2's threads and code cache would be paid N times), small thread stacks, a
	 * bounded metaspace and no perf-data file per process. Spring ranks get more heap and
	 * metaspace for the application context.
	 */
	public List<String> jvmOptions() {
		return List.of("-Xms16m", "-Xmx" + this.heap, "-Xss256k", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
				"-XX:CICompilerCount=1", "-XX:ReservedCodeCacheSize=16m", "-XX:MaxMetaspaceSize=" + this.metaspace,
				"-XX:-UsePerfData");
	}

	/**
	 * The command of one rank.
	 * @param benchmarks the {@code benchmarks} folder, its fleet modules compiled
	 * @param lens with Lens, or the same program without (no-op API; no telemetry starter)
	 * @param endpoint the receiver's base URL, for Boot's own OTLP settings
	 */
	public List<String> command(Path benchmarks, boolean lens, String endpoint) {
		List<String> command = new ArrayList<>();
		command.add(HarnessJvm.java());
		command.addAll(jvmOptions());
		command.addAll(List.of("-cp", classpath(benchmarks, lens), this.mainClass));
		if (this == PLAIN) {
			command.add(lens ? "lens" : "noop");
		}
		else {
			command.addAll(List.of("--spring.main.banner-mode=off",
					"--management.opentelemetry.tracing.export.otlp.endpoint=" + endpoint + "/v1/traces",
					"--management.opentelemetry.logging.export.otlp.endpoint=" + endpoint + "/v1/logs",
					"--management.otlp.metrics.export.url=" + endpoint + "/v1/metrics",
					// As the plain ranks' OTEL_METRIC_EXPORT_INTERVAL: a window of seconds sees metrics.
					"--management.otlp.metrics.export.step=5s",
					// Boot samples 10% by default; the fleet counts every span of an exporting rank.
					"--management.tracing.sampling.probability=1.0"));
		}
		return command;
	}

	/**
	 * The Spring rank's application with Boot's OpenTelemetry starter and without Lens, silenced the
	 * way a user does without Lens: Boot's own export switches off, for traces, logs and the OTLP
	 * meter registry. A silent Lens rank should cost no more.
	 * @param benchmarks the {@code benchmarks} folder, its fleet modules compiled
	 * @param endpoint the receiver's base URL, for Boot's own OTLP settings
	 */
	public List<String> bootSwitchesOffCommand(Path benchmarks, String endpoint) {
		if (this != SPRING) {
			throw new IllegalStateException("Only a Spring rank has Boot's switches");
		}
		List<String> command = command(benchmarks, true, endpoint);
		command.set(command.indexOf(this.mainClass) - 1, classpath(benchmarks.resolve("fleet-spring-rank-boot-otel")));
		command.addAll(List.of("--management.tracing.export.enabled=false",
				"--management.logging.export.otlp.enabled=false", "--management.otlp.metrics.export.enabled=false"));
		return command;
	}

	/**
	 * The plain Lens rank with {@code lens-opamp} on its class path ({@code fleet-rank-opamp}), for
	 * the fleet's OpAMP part: the same program, whose agent starts when
	 * {@code NEMO_LENS_OPAMP_ENDPOINT} is set. The plain rank's own class path stays lens-core only,
	 * so that no other fleet figure moves.
	 * @param benchmarks the {@code benchmarks} folder, its fleet modules compiled
	 * @param endpoint the receiver's base URL
	 */
	public List<String> opampCommand(Path benchmarks, String endpoint) {
		if (this != PLAIN) {
			throw new IllegalStateException("Only the plain rank has an OpAMP variant");
		}
		List<String> command = command(benchmarks, true, endpoint);
		command.set(command.indexOf(this.mainClass) - 1, classpath(benchmarks.resolve("fleet-rank-opamp")));
		return command;
	}

	private String classpath(Path benchmarks, boolean lens) {
		return classpath(benchmarks.resolve(switch (this) {
			case PLAIN -> "fleet-rank";
			case SPRING -> lens ? "fleet-spring-rank-lens" : "fleet-spring-rank";
		}));
	}

	private static String classpath(Path moduleDirectory) {
		Path module = moduleDirectory.resolve("target");
		try {
			String dependencies = Files.readString(module.resolve("classpath.txt")).trim();
			// The Spring rank's variants are poms: their class path holds the application's classes.
			Path classes = module.resolve("classes");
			return Files.isDirectory(classes) ? classes + File.pathSeparator + dependencies : dependencies;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("The fleet rank is not built (" + module + ")", ex);
		}
	}

}

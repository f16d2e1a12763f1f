package nemo.lens.sample;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import nemo.lens.launch.RankInfo;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Kubernetes recipes of {@code examples/kubernetes}, read as Kubernetes would run them: each
 * manifest is parsed, every pod it makes is listed with the environment that pod gets (the
 * container's {@code env}, downward API fields resolved against the labels its controller puts on
 * the pod, and the variables the controller sets), and NeMo Lens decides in each: the rank, world
 * size, local rank (none: one JVM per pod) and run id, shared by the pods of a world and by no
 * other world, and exactly one exporter per world under the recipes' {@code single_rank}.
 */
class KubernetesRecipesTests {

	private static final Path RECIPES = Path.of("..", "examples", "kubernetes");

	private static final Pattern LABEL_FIELD = Pattern.compile("metadata\\.labels\\['([^']+)'\\]");

	@Test
	void indexedJobPodsAreTheRanksOfOneWorldWithTheJobsUid() {
		Map<String, Object> job = manifest("indexed-job.yaml");
		Map<String, Object> spec = map(job, "spec");
		int completions = (Integer) spec.get("completions");
		List<Pod> pods = new ArrayList<>();
		for (int index = 0; index < completions; index++) {
			pods.add(new Pod("lens-train-" + index, Map.of("batch.kubernetes.io/controller-uid", "uid-job-1",
					"batch.kubernetes.io/job-name", "lens-train"), Map.of("JOB_COMPLETION_INDEX", Integer.toString(index)),
					map(spec, "template")));
		}
		assertOneWorld(pods, "indexed-job", "uid-job-1");
	}

	@Test
	void jobSetPodsAreTheRanksOfOneWorldWithTheJobSetsUid() {
		Map<String, Object> jobSet = manifest("jobset.yaml");
		List<Pod> pods = new ArrayList<>();
		for (Object replicated : (List<?>) map(jobSet, "spec").get("replicatedJobs")) {
			Map<String, Object> replicatedJob = cast(replicated);
			for (int jobIndex = 0; jobIndex < (Integer) replicatedJob.get("replicas"); jobIndex++) {
				Map<String, Object> jobSpec = map(map(replicatedJob, "template"), "spec");
				for (int index = 0; index < (Integer) jobSpec.get("completions"); index++) {
					pods.add(new Pod("lens-train-workers-" + jobIndex + "-" + index,
							Map.of("jobset.sigs.k8s.io/jobset-uid", "uid-jobset-1", "jobset.sigs.k8s.io/job-index",
									Integer.toString(jobIndex), "batch.kubernetes.io/controller-uid",
									"uid-child-job-" + jobIndex),
							Map.of("JOB_COMPLETION_INDEX", Integer.toString(index)), map(jobSpec, "template")));
				}
			}
		}
		assertOneWorld(pods, "indexed-job", "uid-jobset-1");
	}

	@Test
	void leaderWorkerSetGroupsAreWorldsOfTheirOwnWithTheirGroupKey() {
		Map<String, Object> lws = manifest("leaderworkerset.yaml");
		Map<String, Object> spec = map(lws, "spec");
		Map<String, Object> template = map(spec, "leaderWorkerTemplate");
		int size = (Integer) template.get("size");
		String name = (String) map(lws, "metadata").get("name");
		List<String> runIds = new ArrayList<>();
		for (int group = 0; group < (Integer) spec.get("replicas"); group++) {
			List<Pod> pods = new ArrayList<>();
			for (int worker = 0; worker < size; worker++) {
				pods.add(new Pod(name + "-" + group + (worker == 0 ? "" : "-" + worker),
						Map.of("leaderworkerset.sigs.k8s.io/group-key", "key-group-" + group,
								"leaderworkerset.sigs.k8s.io/group-index", Integer.toString(group),
								"leaderworkerset.sigs.k8s.io/worker-index", Integer.toString(worker)),
						Map.of("LWS_LEADER_ADDRESS", name + "-" + group + "." + name + ".default", "LWS_GROUP_SIZE",
								Integer.toString(size), "LWS_WORKER_INDEX", Integer.toString(worker)),
						map(template, "workerTemplate")));
			}
			runIds.add(assertOneWorld(pods, "leaderworkerset", "key-group-" + group));
		}
		assertThat(runIds).doesNotHaveDuplicates();
	}

	/**
	 * Decides in every pod and checks that the pods are the ranks 0 to n - 1 of one world of n,
	 * without local ranks, sharing the run id from the downward API; one of them exports.
	 * @return the world's run id
	 */
	private static String assertOneWorld(List<Pod> pods, String launcher, String runId) {
		Set<Integer> ranks = new TreeSet<>();
		Set<Integer> exporting = new TreeSet<>();
		for (Pod pod : pods) {
			Map<String, String> env = pod.environment();
			RankInfo info = RankInfo.detect(env);
			TelemetryHandle handle = decide(env, info);
			assertThat(info.launcher()).as(pod.name()).isEqualTo(launcher);
			assertThat(info.worldSize()).as(pod.name()).isEqualTo(pods.size());
			assertThat(info.localRank()).as("%s: local rank", pod.name()).isEmpty();
			assertThat(handle.runId()).as(pod.name()).isEqualTo(runId);
			assertThat(handle.runIdSource()).as(pod.name()).isEqualTo("NEMO_LENS_RUN_ID");
			assertThat(handle.serviceInstanceId()).isEqualTo(runId + "-rank" + info.rank());
			ranks.add(info.rank());
			if (handle.isExporting()) {
				exporting.add(info.rank());
			}
			handle.shutdown();
		}
		assertThat(ranks).as("ranks of %s", pods.stream().map(Pod::name).toList())
			.containsExactlyElementsOf(IntStream.range(0, pods.size()).boxed().toList());
		assertThat(exporting).as("exporting under single_rank").containsExactly(pods.size() - 1);
		return runId;
	}

	/** Decides as the starter does, with the pod's settings and no exporter behind it. */
	private static TelemetryHandle decide(Map<String, String> env, RankInfo info) {
		NemoLensConfig config = NemoLensConfig.fromEnv(env, NemoLensConfig.DEFAULT_ENV_PREFIX, null).toBuilder().exporter("none").build();
		return new TelemetrySetup(new ExportStrategyRegistry(env::get), env::get).setup(config, info.rank(),
				info.worldSize(), TelemetryOptions.builder().rankInfo(info).build());
	}

	private static Map<String, Object> manifest(String file) {
		try {
			return new Yaml().load(Files.readString(RECIPES.resolve(file)));
		}
		catch (IOException ex) {
			throw new IllegalStateException("Cannot read the recipe " + file, ex);
		}
	}

	private static Map<String, Object> map(Map<String, Object> parent, String key) {
		return cast(parent.get(key));
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> cast(Object value) {
		return (Map<String, Object>) value;
	}

	/**
	 * One pod as its controller makes it.
	 *
	 * @param name the pod's name
	 * @param labels the labels its controller puts on it
	 * @param controllerVariables the variables its controller sets in every container
	 * @param template the pod template of the manifest
	 */
	record Pod(String name, Map<String, String> labels, Map<String, String> controllerVariables,
			Map<String, Object> template) {

		/** The first container's environment, downward API fields resolved against the labels. */
		Map<String, String> environment() {
			Map<String, Object> container = cast(((List<?>) map(this.template, "spec").get("containers")).get(0));
			Map<String, String> env = new LinkedHashMap<>(this.controllerVariables);
			for (Object item : (List<?>) container.get("env")) {
				Map<String, Object> variable = cast(item);
				String name = (String) variable.get("name");
				if (variable.containsKey("value")) {
					env.put(name, String.valueOf(variable.get("value")));
				}
				else {
					String field = (String) map(map(variable, "valueFrom"), "fieldRef").get("fieldPath");
					Matcher label = LABEL_FIELD.matcher(field);
					assertThat(label.matches()).as("%s: a downward API label field: %s", name, field).isTrue();
					// A missing label gives an empty value, as Kubernetes does.
					env.put(name, this.labels.getOrDefault(label.group(1), ""));
				}
			}
			return env;
		}

	}

}

package nemo.lens.sdk;

import java.util.function.Function;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.sdk.resources.Resource;

/**
 * The resource that identifies one rank of one run. Layers, later winning: whatever the SDK
 * detected from {@code OTEL_RESOURCE_ATTRIBUTES}; scheduler facts (Slurm); the rank attributes;
 * the caller's attributes. Scheduler facts sit below ours, unlike the Python library, because a
 * value the caller set on purpose should never be replaced by one that was detected. The rank's
 * {@code dl.*} attributes go under the names {@link RankAttributeNames} picks; the attempt
 * ({@link RunAttempt}) always, and NeMo Lens's job and run ids under its names.
 */
final class LensResource {

	static final String RUN_ID = "nemo.run.id";

	static final String USER_ID = "nemo.user.id";

	private LensResource() {
	}

	/**
	 * The rank's attributes.
	 * @param libraryVersion whether {@code service.version} is Lens's version, as in the Python
	 * library; not beside an application's own stack, whose version is the service's
	 */
	static Resource rankResource(ExportSettings config, int rank, int worldSize, Integer localRank,
			Function<String, String> environment, boolean libraryVersion) {
		AttributesBuilder attributes = Attributes.builder().put("service.name", config.serviceName());
		if (libraryVersion) {
			attributes.put("service.version", LensVersion.current());
		}
		RankAttributeNames names = RankAttributeNames.of(config.attributeNames());
		names.put(RankAttributeNames.RANK, (long) rank, attributes::put);
		names.put(RankAttributeNames.WORLD_SIZE, (long) worldSize, attributes::put);
		attributes.put(RUN_ID, config.runId())
			.put("service.instance.id", ExportingTelemetry.serviceInstanceId(config.runId(), rank));
		if (localRank != null) {
			names.put(RankAttributeNames.LOCAL_RANK, (long) localRank, attributes::put);
		}
		RunAttempt attempt = RunAttempt.of(config.runId(), environment);
		attributes.put(RunAttempt.ATTRIBUTE, (long) attempt.attempt());
		if (names.nv()) {
			attributes.put(RunAttempt.JOB_UUID, attempt.jobUuid()).put(RunAttempt.RUN_UUID, attempt.runUuid());
		}
		if (!config.user().isEmpty()) {
			attributes.put(USER_ID, config.user());
		}
		String deployment = firstNonBlank(environment, "DEPLOYMENT_ENV", "ENVIRONMENT");
		if (deployment != null) {
			attributes.put("deployment.environment", deployment);
		}
		return Resource.create(attributes.build());
	}

	static Resource schedulerResource(Function<String, String> environment) {
		AttributesBuilder attributes = Attributes.builder();
		putIfSet(attributes, "slurm.job.id", environment, "SLURM_JOB_ID");
		putIfSet(attributes, "slurm.nnodes", environment, "SLURM_JOB_NUM_NODES", "SLURM_NNODES");
		putIfSet(attributes, "slurm.step.id", environment, "SLURM_STEP_ID");
		putIfSet(attributes, "k8s.pod.name", environment, "POD_NAME");
		putIfSet(attributes, "k8s.namespace.name", environment, "POD_NAMESPACE");
		return Resource.create(attributes.build());
	}

	private static void putIfSet(AttributesBuilder attributes, String key, Function<String, String> environment,
			String... variables) {
		String value = firstNonBlank(environment, variables);
		if (value != null) {
			attributes.put(key, value);
		}
	}

	private static String firstNonBlank(Function<String, String> environment, String... variables) {
		for (String variable : variables) {
			String value = environment.apply(variable);
			if (value != null && !value.isBlank()) {
				return value.trim();
			}
		}
		return null;
	}

}

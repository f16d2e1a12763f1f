package nemo.lens.benchmarks.fleet.spring;

import java.lang.reflect.Method;

import io.opentelemetry.api.OpenTelemetry;
import nemo.lens.benchmarks.fleet.workload.FleetWorkload;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * One Spring Boot rank of the fleet benchmark: a Boot application with no web server that, once
 * started, runs the fleet's {@link FleetWorkload} on the context's {@code OpenTelemetry} bean: with
 * Boot's OpenTelemetry starter and Lens, the bean Lens hands out (exporting or silent, following
 * live switches); without any telemetry starter, there is none and the loop runs on the no-op API.
 * <p>
 * What Lens decided is read from its handle bean by name and reflection, so that this class links
 * no Lens type and the same class runs on both class paths. The rank number is the launcher's:
 * Open MPI's {@code OMPI_COMM_WORLD_RANK}, or Slurm's {@code SLURM_PROCID} under {@code srun}.
 */
@SpringBootApplication
public class FleetSpringRank {

	private static final String HANDLE_BEAN = "lensTelemetryHandle";

	/**
	 * Starts the application and runs the loop until the process is ended.
	 * @param args Spring Boot arguments
	 * @throws ReflectiveOperationException never in practice: the handle's methods are public
	 */
	public static void main(String[] args) throws ReflectiveOperationException {
		ConfigurableApplicationContext context = SpringApplication.run(FleetSpringRank.class, args);
		int rank = Integer.parseInt(System.getenv()
			.getOrDefault("OMPI_COMM_WORLD_RANK", System.getenv().getOrDefault("SLURM_PROCID", "0")));
		Integer localRank = FleetWorkload.localRankVariable();
		OpenTelemetry telemetry = context.getBeanProvider(OpenTelemetry.class).getIfAvailable(OpenTelemetry::noop);
		boolean exporting = false;
		if (context.containsBean(HANDLE_BEAN)) {
			Object handle = context.getBean(HANDLE_BEAN);
			Method isExporting = handle.getClass().getMethod("isExporting");
			Runnable switched = () -> {
				try {
					FleetWorkload.report(FleetWorkload.SWITCHED, rank, localRank,
							Boolean.TRUE.equals(isExporting.invoke(handle)));
				}
				catch (ReflectiveOperationException ex) {
					throw new IllegalStateException(ex);
				}
			};
			handle.getClass().getMethod("onSwitch", Runnable.class).invoke(handle, switched);
			exporting = Boolean.TRUE.equals(isExporting.invoke(handle));
		}
		FleetWorkload.report(FleetWorkload.READY, rank, localRank, exporting);
		FleetWorkload.run(telemetry);
	}

}

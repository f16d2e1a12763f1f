package nemo.lens.sdk;

/**
 * What an exporting rank's SDK needs from the settings. Declared here so that this package never
 * imports {@code nemo.lens}: {@code NemoLensConfig} implements it.
 */
public interface ExportSettings {

	/**
	 * The {@code service.name} of exported telemetry.
	 * @return the service name
	 */
	String serviceName();

	/**
	 * The exporter name, one of {@link ExporterName}.
	 * @return the exporter name
	 */
	String exporter();

	/**
	 * The run id shared by all ranks of one job, filled in.
	 * @return the run id
	 */
	String runId();

	/**
	 * The user id recorded as {@code nemo.user.id}; empty means none.
	 * @return the user id
	 */
	String user();

	/**
	 * Whether traces are exported.
	 * @return whether traces are enabled
	 */
	boolean tracesEnabled();

	/**
	 * Whether metrics are exported.
	 * @return whether metrics are enabled
	 */
	boolean metricsEnabled();

	/**
	 * Whether logs are exported.
	 * @return whether logs are enabled
	 */
	boolean logsEnabled();

	/**
	 * Whether the rank-aware trace sampler is installed.
	 * @return whether the sampler is enabled
	 */
	boolean samplerEnabled();

	/**
	 * The rate of the rank-aware sampler.
	 * @return the sample rate
	 */
	double exportSampleRate();

	/**
	 * The names the rank's {@code dl.*} attributes are stamped under, a value of
	 * {@link RankAttributeNames}.
	 * @return {@code dl}, {@code nv} or {@code both}
	 */
	default String attributeNames() {
		return RankAttributeNames.DL;
	}

}

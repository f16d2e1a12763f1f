/**
 * The settings: one table, {@link nemo.lens.config.Setting}, with a row per setting (its key,
 * type, default, bounds and rule, the channels that may change it while the job runs, whether it
 * is secret, its description), and what reads every row the same way: the environment
 * ({@link nemo.lens.config.EnvironmentSettings}), the Spring starter's binding and metadata,
 * {@code NemoLensConfig} and its builder.
 * <p>
 * May import {@code nemo.lens.env}, {@code nemo.lens.sdk} and {@code nemo.lens.spans} (the
 * exporter names and span groups a setting may name), never {@code nemo.lens}: the table sits
 * below the config that holds its values.
 */
package nemo.lens.config;

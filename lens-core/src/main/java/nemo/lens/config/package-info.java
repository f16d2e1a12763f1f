/**
 * Reading settings: each setting from the environment variable named after it
 * ({@link nemo.lens.config.EnvironmentSettings}), and the rules of settings beyond their type
 * ({@link nemo.lens.config.SettingChecks}), which the Spring starter's binding applies too.
 * <p>
 * May import {@code nemo.lens.env}, {@code nemo.lens.sdk} and {@code nemo.lens.spans} (the
 * exporter names and span groups a setting may name), never {@code nemo.lens}: the settings'
 * names and types are the root's to give.
 */
package nemo.lens.config;

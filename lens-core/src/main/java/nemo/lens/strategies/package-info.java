/**
 * The public names of the built-in strategies and the process-wide lookup
 * {@link nemo.lens.strategies.ExportStrategies#getExportStrategy(String)}, as in the reference.
 * <p>
 * May import {@code nemo.lens}: the lookup returns its {@code ExportStrategy} from the facade's
 * registry, so this package sits above the root, which never imports it.
 */
package nemo.lens.strategies;

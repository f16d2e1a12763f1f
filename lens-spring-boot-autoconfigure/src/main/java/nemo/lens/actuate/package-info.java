/**
 * The {@code lens} actuator endpoint and {@code info} contribution: what this rank decided and why,
 * as JSON that never carries an exporter setting.
 * <p>
 * May import the core and Spring Boot's actuator, never {@code nemo.lens.autoconfigure}, which
 * wires it.
 */
package nemo.lens.actuate;

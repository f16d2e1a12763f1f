/**
 * Spring Boot auto-configuration of NeMo Lens: properties, the registry, rank and handle beans,
 * start-up failures, and the endpoint's wiring; each telemetry door gets a subpackage
 * ({@code nemo.lens.autoconfigure.<door>}) with its own class conditions.
 * <p>
 * May import the core ({@code nemo.lens} and its subpackages), {@code nemo.lens.actuate} and
 * Spring; door subpackages may import this package, never the reverse except to list them.
 */
package nemo.lens.autoconfigure;

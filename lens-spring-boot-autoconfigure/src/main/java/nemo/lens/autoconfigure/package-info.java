/**
 * Spring Boot auto-configuration of NeMo Lens: the entry configuration and the properties. Every
 * other part lives in a subpackage of its own: {@code binding} (reading the settings),
 * {@code handle} (the decision), {@code boot} and the other doors, {@code endpoint}, {@code aot},
 * {@code failure}.
 * <p>
 * Imports the core and Spring only; every subpackage may import it, and it imports none of them,
 * so the packages form no cycle.
 */
package nemo.lens.autoconfigure;

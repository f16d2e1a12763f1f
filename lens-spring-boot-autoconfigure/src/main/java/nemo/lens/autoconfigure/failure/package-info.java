/**
 * Start-up failures that name the setting, the value and what to do, and their analyzer for
 * Spring Boot's failure report.
 * <p>
 * Imports nothing of NeMo Lens's Spring layer; every other package may import it.
 */
package nemo.lens.autoconfigure.failure;

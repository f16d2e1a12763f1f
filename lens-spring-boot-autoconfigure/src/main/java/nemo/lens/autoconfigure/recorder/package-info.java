/**
 * The flight recorder in a Spring Boot application: the operator's own requests to the actuator
 * stay out of what a rank records.
 */
package nemo.lens.autoconfigure.recorder;

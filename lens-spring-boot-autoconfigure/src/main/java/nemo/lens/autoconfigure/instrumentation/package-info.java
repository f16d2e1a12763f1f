/**
 * The door of the OpenTelemetry instrumentation Spring Boot starter: its SDK follows the rank's
 * decision. May import the door registry and the SDK's autoconfigure SPI; nothing imports it.
 * Within it, {@link nemo.lens.autoconfigure.instrumentation.OpenTelemetryStarterDoor} (the door's
 * name, the class that marks the starter, the bean that marks a silent rank) is at the bottom: the
 * auto-configurations and the gate import it, and it imports none of them.
 */
package nemo.lens.autoconfigure.instrumentation;

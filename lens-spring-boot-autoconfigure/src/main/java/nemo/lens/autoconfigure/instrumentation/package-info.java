/**
 * The door of the OpenTelemetry instrumentation Spring Boot starter: its SDK follows the rank's
 * decision. May import the door registry and the SDK's autoconfigure SPI; nothing imports it.
 */
package nemo.lens.autoconfigure.instrumentation;

/**
 * The door of {@code GlobalOpenTelemetry}: libraries that find their telemetry through it follow
 * the rank's decision. May import the door registry; nothing imports it.
 */
package nemo.lens.autoconfigure.global;

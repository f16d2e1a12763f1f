/**
 * The telemetry doors of an application and the gates that put each behind the rank's decision.
 * May import the core and the auto-configuration root; the door integrations import it.
 */
package nemo.lens.autoconfigure.door;

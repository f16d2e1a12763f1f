/**
 * Auto-configuration of the {@code lens} actuator endpoint and info entry. May import the
 * auto-configuration root and the door registry; nothing imports it.
 */
package nemo.lens.autoconfigure.endpoint;

/**
 * Spring Cloud's refresh of {@code nemo.lens.*} settings ({@code /actuator/refresh}, Bus
 * {@code busrefresh}, a Kubernetes config reload): the rank decides again with the settings that
 * may change while it runs. May import the core, the auto-configuration root and its binding.
 */
package nemo.lens.autoconfigure.refresh;

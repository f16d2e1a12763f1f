/**
 * An OpAMP agent per rank, on the OpenTelemetry Java contrib client over OpAMP's HTTP transport:
 * the rank describes itself (its {@code service.name} and {@code service.instance.id}, its rank
 * attributes, launcher, run id, node and Lens version), reports what it exports as its effective
 * configuration, and takes remote configuration under the config-map key {@code lens} in the
 * control file's syntax, answering {@code APPLIED} or {@code FAILED} with the reason. Started by
 * lens-core through {@link nemo.lens.live.RankAgent} when {@code nemo.lens.opamp.endpoint} is set;
 * nothing here is API.
 */
package nemo.lens.opamp;

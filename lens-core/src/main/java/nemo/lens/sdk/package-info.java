/**
 * The OpenTelemetry SDK of an exporting rank: exporters, batch settings, the rank-aware sampler,
 * the open-span tracker, delivery accounting and the bounded shutdown; and the SDK a silent rank
 * records its spans with when the flight recorder is on. {@link nemo.lens.sdk.ExportingTelemetryFactory}
 * builds each of them, at start-up and at every later switch.
 * <p>
 * May import {@code nemo.lens.env} and the OpenTelemetry SDK, never {@code nemo.lens}: what it
 * needs from the settings and options it declares itself ({@link nemo.lens.sdk.ExportSettings},
 * {@link nemo.lens.sdk.ExportOverrides}), and the root implements them. Within it, the pieces an
 * SDK is built from (the exporters, their console format, the resource and the names of its rank
 * attributes, {@link nemo.lens.sdk.RankAttributeNames}) import nothing of the SDK that builds them.
 */
package nemo.lens.sdk;

/**
 * The decision as it changes while the rank runs, and the pipeline it drives: the per-signal
 * decision ({@link nemo.lens.live.SignalDecisions}), the layers over it (an override, the
 * control file, a refresh: {@link nemo.lens.live.LiveDecision}), one pipeline per signal that a
 * switch changes as one transaction ({@link nemo.lens.live.LivePipeline}), the drain that lets a
 * switched-off pipeline finish before it closes, and the settings a refresh may change. Not API.
 * <p>
 * The root imports it ({@code TelemetrySetup} builds it, {@code TelemetryHandle} drives it), and it
 * imports the root's settings, signals, overrides, strategies and refusal, which are API there: the
 * one loop of packages left in lens-core, pinned by {@code CoreArchitectureTests}. Below the root,
 * it may import {@code nemo.lens.control}, {@code nemo.lens.sdk}, {@code nemo.lens.switching},
 * {@code nemo.lens.recorder}, {@code nemo.lens.spans}, {@code nemo.lens.launch} and
 * {@code nemo.lens.env}, none of which imports it; never the root's setup or handle but for the
 * handle {@link nemo.lens.live.RankAgent} gives an agent. It is a package of its own so that a rank
 * that can never be switched loads none of it beyond the decision: such a rank hands out the no-op
 * API and runs nothing else.
 */
package nemo.lens.live;

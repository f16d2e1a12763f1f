/**
 * The decision as it changes while the rank runs, and the pipeline it drives: the per-signal
 * decision ({@link nemo.lens.live.SignalDecisions}), the layers over it (an override, the
 * control file, a refresh: {@link nemo.lens.live.LiveDecision}), one pipeline per signal that a
 * switch changes as one transaction ({@link nemo.lens.live.LivePipeline}), the drain that lets a
 * switched-off pipeline finish before it closes, and the settings a refresh may change. Not API.
 * <p>
 * Part of the root: it imports the root's types and the root imports it, as one slice. It is a
 * package of its own so that a rank that can never be switched loads none of it beyond the
 * decision: such a rank hands out the no-op API and runs nothing else.
 */
package nemo.lens.live;

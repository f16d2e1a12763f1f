/**
 * The plain Java API of NeMo Lens and the decision: settings ({@link nemo.lens.NemoLensConfig}),
 * the strategy contract and registry with the built-ins, the setup that decides once, its handle,
 * the process-wide facade {@link nemo.lens.NemoLens}. What a user imports, and nothing else: the
 * decision as it changes while the rank runs lives in {@code nemo.lens.live}, a package of its own
 * that loads only on a rank that can be switched.
 * <p>
 * May import {@code nemo.lens.env}, {@code nemo.lens.config}, {@code nemo.lens.launch},
 * {@code nemo.lens.sdk}, {@code nemo.lens.switching}, {@code nemo.lens.spans},
 * {@code nemo.lens.control}, {@code nemo.lens.recorder} and {@code nemo.lens.live}. None of them
 * imports it back, but {@code nemo.lens.live}: what they need from the settings they declare
 * themselves, and the root implements it. The live machinery works on the root's settings,
 * signals and overrides, which are API here, while the root's setup and handle build and drive it;
 * that one loop of packages is known and pinned ({@code CoreArchitectureTests}), and no other may
 * join it. Never {@code nemo.lens.strategies}, which sits above the root: the contract puts both
 * the ground floor (settings, strategy) and the roof (facade) here, and the built-in strategies,
 * which every registry holds, live here.
 */
package nemo.lens;

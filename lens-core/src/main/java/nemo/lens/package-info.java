/**
 * The plain Java API of NeMo Lens: settings ({@link nemo.lens.NemoLensConfig}), the strategy
 * contract and registry with the built-ins, the setup that decides once, its handle, and the
 * process-wide facade {@link nemo.lens.NemoLens}.
 * <p>
 * May import {@code nemo.lens.env}, {@code nemo.lens.launch}, {@code nemo.lens.sdk},
 * {@code nemo.lens.spans} and {@code nemo.lens.recorder}, never
 * {@code nemo.lens.strategies}: the contract puts both the ground floor (settings, strategy) and
 * the roof (facade) here, so the package above it ({@code .strategies}) may look down, and the
 * built-in strategies, which every registry holds, live here.
 */
package nemo.lens;

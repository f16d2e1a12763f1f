package nemo.lens.recorder;

/**
 * One span of a dump as the report keeps it: what the verdict, the stragglers, the page and the
 * trace events need, in a few words of memory (a job of 1,024 ranks with full rings is two million
 * of them), with its ids as numbers.
 *
 * @param name the span's name
 * @param id its span id, as a number
 * @param parent its parent's span id, or {@code 0} for none
 * @param start when it started, in nanoseconds since the epoch
 * @param end when it ended, or for an open span the dump's time, in nanoseconds since the epoch
 * @param step its {@code dl.step} (or {@code nv.dl.step}), or {@link #NO_STEP}
 * @param open whether it was still open at the dump ({@code nemo.span.open})
 */
record DumpSpan(String name, long id, long parent, long start, long end, long step, boolean open) {

	/** The step of a span that carries none. */
	static final long NO_STEP = Long.MIN_VALUE;

	/** How long it lasted, or had been open at the dump, in nanoseconds. */
	long nanos() {
		return Math.max(0, this.end - this.start);
	}

	/** Whether it carries a step. */
	boolean hasStep() {
		return this.step != NO_STEP;
	}

}

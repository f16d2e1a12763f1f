package nemo.lens.spans;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The span groups enabled in this process, read at every instrumentation site and changeable at
 * run time. Names, presets and the spec syntax are those of NeMo Lens 0.1.0's {@code SpanGroup}
 * ({@code nemo/lens/groups.py}): eight base groups, the presets {@code default} (coarse: job,
 * checkpoint, evaluate), {@code per_step} (adds model_init, load_checkpoint, step,
 * forward_backward, optimizer) and {@code all} (every known group), and a comma-separated,
 * case-insensitive spec mixing presets and group names ({@code default,step}). An unknown entry
 * is an error that lists the valid options, as in Python.
 * <p>
 * Libraries that emit their own groups (Python's {@code MegatronSpanGroup} subclass) pass them as
 * extra groups; {@code all} then includes them. A read is one probe of an immutable hash table of
 * the enabled groups behind a volatile field ({@code EnabledGroups}); {@link #set(String)} resolves
 * a new table and swaps it in whole, so a change reaches every thread's next span and no reader sees
 * a half-applied spec.
 */
public final class SpanGroups {

	/** Job-level root spans (in {@code default}). */
	public static final String JOB = "job";

	/** Checkpoint saves (in {@code default}). */
	public static final String CHECKPOINT = "checkpoint";

	/** Evaluation passes (in {@code default}). */
	public static final String EVALUATE = "evaluate";

	/** Model construction (in {@code per_step}). */
	public static final String MODEL_INIT = "model_init";

	/** Checkpoint loads (in {@code per_step}). */
	public static final String LOAD_CHECKPOINT = "load_checkpoint";

	/** Training step boundaries (in {@code per_step}). */
	public static final String STEP = "step";

	/** Forward and backward passes (in {@code per_step}). */
	public static final String FORWARD_BACKWARD = "forward_backward";

	/** Optimizer steps (in {@code per_step}). */
	public static final String OPTIMIZER = "optimizer";

	/** The preset of coarse groups, and the default spec. */
	public static final String DEFAULT = "default";

	/** The preset that adds per-iteration groups. */
	public static final String PER_STEP = "per_step";

	/** The preset of every known group. */
	public static final String ALL = "all";

	/** The base groups, as in the reference. */
	public static final Set<String> BASE_GROUPS = Set.of(JOB, CHECKPOINT, EVALUATE, MODEL_INIT, LOAD_CHECKPOINT, STEP,
			FORWARD_BACKWARD, OPTIMIZER);

	private static final Set<String> DEFAULT_GROUPS = Set.of(JOB, CHECKPOINT, EVALUATE);

	private final Set<String> known;

	private final int tableSize;

	private final Map<String, Set<String>> presets;

	/** Swapped whole, so a reader sees one spec's groups, never a mix. */
	private volatile EnabledGroups state;

	private SpanGroups(Set<String> known, String spec) {
		this.known = known;
		this.tableSize = EnabledGroups.tableSizeFor(known);
		Map<String, Set<String>> presets = new LinkedHashMap<>();
		presets.put(DEFAULT, DEFAULT_GROUPS);
		presets.put(PER_STEP, BASE_GROUPS);
		presets.put(ALL, known);
		this.presets = Collections.unmodifiableMap(presets);
		set(spec);
	}

	/**
	 * Groups over the base groups, enabled by a spec.
	 * @param spec a comma-separated mix of presets and group names; blank enables none
	 * @return the groups
	 * @throws IllegalArgumentException when the spec names an unknown group or preset
	 */
	public static SpanGroups of(String spec) {
		return of(spec, Set.of());
	}

	/**
	 * Groups over the base groups and a library's own, enabled by a spec.
	 * @param spec a comma-separated mix of presets and group names; blank enables none
	 * @param extraGroups the library's groups, lower-case names; part of {@code all}
	 * @return the groups
	 * @throws IllegalArgumentException when the spec names an unknown group or preset, or an extra
	 * group is blank or a preset name
	 */
	public static SpanGroups of(String spec, Collection<String> extraGroups) {
		Set<String> known = new TreeSet<>(BASE_GROUPS);
		for (String group : extraGroups) {
			String name = (group != null) ? group.trim().toLowerCase(Locale.ROOT) : "";
			if (name.isEmpty() || name.equals(DEFAULT) || name.equals(PER_STEP) || name.equals(ALL)) {
				throw new IllegalArgumentException("Span group name must be a non-empty string other than a preset "
						+ "(default, per_step, all), got '" + group + "'.");
			}
			known.add(name);
		}
		return new SpanGroups(Collections.unmodifiableSet(known), spec);
	}

	/**
	 * Groups enabled by the value of the {@code nemo.lens.span-groups} setting: the one check of that
	 * setting, wherever it is read (at start-up, in a refresh, in the control file).
	 * @param spec the setting's value
	 * @param extraGroups the application's groups
	 * @return the groups
	 * @throws IllegalArgumentException naming the setting and the value, with the problem as its
	 * cause, when the spec names an unknown group or preset
	 */
	public static SpanGroups ofSetting(String spec, Collection<String> extraGroups) {
		try {
			return of(spec, extraGroups);
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException(
					"Invalid span groups (nemo.lens.span-groups, NEMO_LENS_SPAN_GROUPS) '" + spec + "': " + ex.getMessage(),
					ex);
		}
	}

	/**
	 * Resolves a spec against the base groups without keeping it: for checking a setting.
	 * @param spec the spec
	 * @return the enabled groups, sorted
	 * @throws IllegalArgumentException when the spec names an unknown group or preset
	 */
	public static Set<String> resolve(String spec) {
		return of(spec).enabled();
	}

	/**
	 * Whether spans of this group are emitted now: a few nanoseconds at most, as a disabled group
	 * must cost what a no-op span costs.
	 * @param group the group name; {@code null} or an unknown name is never enabled
	 * @return whether enabled
	 */
	public boolean isEnabled(String group) {
		return group != null && this.state.contains(group);
	}

	/**
	 * The enabled groups, sorted.
	 * @return the enabled groups
	 */
	public Set<String> enabled() {
		return this.state.sorted();
	}

	/**
	 * The spec the enabled groups were resolved from, as given (trimmed).
	 * @return the spec
	 */
	public String spec() {
		return this.state.spec();
	}

	/**
	 * Every group this process knows, sorted: the base groups and any extra ones.
	 * @return the known groups
	 */
	public Set<String> known() {
		return this.known;
	}

	/**
	 * Every valid spec entry, sorted: the known groups and the presets.
	 * @return the valid options
	 */
	public Set<String> validOptions() {
		Set<String> options = new TreeSet<>(this.known);
		options.addAll(this.presets.keySet());
		return Collections.unmodifiableSet(options);
	}

	/**
	 * Enables the groups a spec names, instead of the current ones; spans already started are not
	 * affected. Nothing changes when the spec is invalid.
	 * @param spec a comma-separated mix of presets and group names; blank enables none
	 * @return the groups now enabled, sorted
	 * @throws IllegalArgumentException when the spec names an unknown group or preset
	 */
	public Set<String> set(String spec) {
		String text = (spec != null) ? spec.trim() : "";
		Set<String> resolved = new TreeSet<>();
		for (String entry : text.split(",")) {
			String name = entry.trim().toLowerCase(Locale.ROOT);
			if (name.isEmpty()) {
				continue;
			}
			Set<String> preset = this.presets.get(name);
			if (preset != null) {
				resolved.addAll(preset);
			}
			else if (this.known.contains(name)) {
				resolved.add(name);
			}
			else {
				throw new IllegalArgumentException("Unknown span group or preset: '" + entry + "'. Valid options: "
						+ validOptions() + ".");
			}
		}
		EnabledGroups state = new EnabledGroups(resolved, this.tableSize, text);
		this.state = state;
		return state.sorted();
	}

	@Override
	public String toString() {
		EnabledGroups state = this.state;
		return "SpanGroups{spec='" + state.spec() + "', enabled=" + state.sorted() + "}";
	}

}

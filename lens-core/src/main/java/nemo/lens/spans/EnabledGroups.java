package nemo.lens.spans;

import java.util.Collection;
import java.util.Collections;
import java.util.Set;
import java.util.TreeSet;

/**
 * The groups one spec enables, immutable: an open-addressing table for the read path and a sorted
 * set for reports. The table's size is a power of two chosen for all the known groups
 * ({@link #tableSizeFor(Collection)}) so that each known group has a first slot of its own: a
 * disabled group then finds an empty slot and an enabled one finds its own name, with the name's
 * cached hash, one mask and, for the string constants call sites pass, one identity comparison.
 * {@code Set.contains} costs an integer division and an {@code equals} call on top, which is most
 * of what a disabled group would otherwise add to a no-op span.
 */
final class EnabledGroups {

	/** Beyond this many slots, collisions are left to probing rather than grown away. */
	private static final int MAX_SLOTS = 1 << 12;

	private final String[] table;

	private final Set<String> sorted;

	private final String spec;

	/**
	 * Lays out the enabled groups.
	 * @param enabled the enabled group names
	 * @param tableSize from {@link #tableSizeFor(Collection)} of the known groups
	 * @param spec the spec they were resolved from
	 */
	EnabledGroups(Collection<String> enabled, int tableSize, String spec) {
		String[] table = new String[tableSize];
		for (String group : enabled) {
			int slot = firstSlot(group, table.length);
			while (table[slot] != null) {
				slot = (slot + 1) & (table.length - 1);
			}
			table[slot] = group;
		}
		this.table = table;
		this.sorted = Collections.unmodifiableSet(new TreeSet<>(enabled));
		this.spec = spec;
	}

	/**
	 * The table size for a set of known groups: a power of two at least four times their number,
	 * doubled until no two of them share a first slot or {@link #MAX_SLOTS} is reached (names with
	 * equal hash codes always share one; probing still finds them).
	 * @param known every group a spec may enable
	 * @return the size
	 */
	static int tableSizeFor(Collection<String> known) {
		int size = Integer.highestOneBit(Math.max(1, known.size()) * 4 - 1) << 1;
		while (size < MAX_SLOTS && !firstSlotsDistinct(known, size)) {
			size <<= 1;
		}
		return size;
	}

	boolean contains(String group) {
		String[] table = this.table;
		int slot = firstSlot(group, table.length);
		String name;
		while ((name = table[slot]) != null) {
			if (name == group || name.equals(group)) {
				return true;
			}
			slot = (slot + 1) & (table.length - 1);
		}
		return false;
	}

	Set<String> sorted() {
		return this.sorted;
	}

	String spec() {
		return this.spec;
	}

	private static boolean firstSlotsDistinct(Collection<String> names, int size) {
		boolean[] taken = new boolean[size];
		for (String name : names) {
			int slot = firstSlot(name, size);
			if (taken[slot]) {
				return false;
			}
			taken[slot] = true;
		}
		return true;
	}

	private static int firstSlot(String group, int size) {
		int hash = group.hashCode();
		return (hash ^ (hash >>> 16)) & (size - 1);
	}

}

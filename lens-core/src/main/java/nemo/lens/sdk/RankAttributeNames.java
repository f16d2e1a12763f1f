package nemo.lens.sdk;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * The names under which the rank's {@code dl.*} attributes are stamped
 * ({@code nemo.lens.attribute-names}): {@code dl} (the default, the names Lens has always used),
 * {@code nv} (the {@code nv.dl.*} names the Python NeMo Lens uses, only) or {@code both}. Every
 * place that stamps a {@code dl.*} attribute (the SDK's resource, the doors, the OpAMP agent
 * description) goes through one of these, so that a mixed Python/JVM job filters on one name.
 * Other names ({@code service.instance.id}, {@code nemo.*}) are never renamed.
 */
public final class RankAttributeNames {

	/** The {@code dl.*} names only: the default. */
	public static final String DL = "dl";

	/** The {@code nv.dl.*} names only. */
	public static final String NV = "nv";

	/** Both names of every attribute. */
	public static final String BOTH = "both";

	/** The values the setting takes. */
	public static final List<String> VALUES = List.of(DL, NV, BOTH);

	/** The prefix that turns a {@code dl.*} name into the Python side's. */
	private static final String NV_PREFIX = "nv.";

	/** The rank's attribute, under its {@code dl.*} name. */
	static final String RANK = "dl.rank";

	/** The world size's attribute, under its {@code dl.*} name. */
	static final String WORLD_SIZE = "dl.world_size";

	/** The local rank's attribute, under its {@code dl.*} name. */
	static final String LOCAL_RANK = "dl.local_rank";

	/** The {@code dl.*} attributes a rank's resource carries. */
	private static final List<String> RESOURCE_NAMES = List.of(RANK, WORLD_SIZE, LOCAL_RANK);

	private final boolean dl;

	private final boolean nv;

	private RankAttributeNames(boolean dl, boolean nv) {
		this.dl = dl;
		this.nv = nv;
	}

	/**
	 * The names a value of the setting asks for.
	 * @param value {@code dl}, {@code nv} or {@code both}; {@code null} or blank means {@code dl}
	 * @return the names
	 * @throws IllegalArgumentException when the value is none of these
	 */
	public static RankAttributeNames of(String value) {
		String name = (value != null) ? value.trim() : "";
		return switch (name) {
			case "", DL -> new RankAttributeNames(true, false);
			case NV -> new RankAttributeNames(false, true);
			case BOTH -> new RankAttributeNames(true, true);
			default -> throw new IllegalArgumentException("must be one of " + String.join(", ", VALUES));
		};
	}

	/**
	 * Puts an attribute under each of its names, the {@code dl.*} one first.
	 * @param <V> the type of the value
	 * @param name the attribute's {@code dl.*} name, such as {@code dl.rank}
	 * @param value the value
	 * @param sink where to put it
	 */
	public <V> void put(String name, V value, BiConsumer<String, V> sink) {
		if (this.dl) {
			sink.accept(name, value);
		}
		if (this.nv) {
			sink.accept(nv(name), value);
		}
	}

	/**
	 * Whether the Python side's names are stamped ({@code nv} or {@code both}): attributes that
	 * only NeMo Lens names ({@code nv.dl.job.uuid}) go under those alone.
	 * @return whether {@code nv.*} names are stamped
	 */
	public boolean nv() {
		return this.nv;
	}

	/**
	 * The name of an attribute on the Python side: {@code nv.dl.rank} for {@code dl.rank}.
	 * @param name a {@code dl.*} name
	 * @return its {@code nv.dl.*} name
	 */
	public static String nv(String name) {
		return NV_PREFIX + name;
	}

	/**
	 * Every name of the resource's {@code dl.*} attributes under any setting: the ones no other
	 * source may set.
	 * @return {@code dl.rank}, {@code nv.dl.rank}, {@code dl.world_size}, ...
	 */
	public static Set<String> allResourceNames() {
		Set<String> names = new LinkedHashSet<>();
		RESOURCE_NAMES.forEach((name) -> {
			names.add(name);
			names.add(nv(name));
		});
		return names;
	}

	/**
	 * Reads one of the resource's {@code dl.*} attributes under whichever name it carries.
	 * @param <V> the type of the value
	 * @param name the attribute's {@code dl.*} name
	 * @param reader reads an attribute by name, {@code null} when absent
	 * @return the value, {@code null} when absent under both names
	 */
	public static <V> V read(String name, Function<String, V> reader) {
		V value = reader.apply(name);
		return (value != null) ? value : reader.apply(nv(name));
	}

}

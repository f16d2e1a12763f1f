package nemo.lens.recorder;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Reads a folder of flight recorder dumps from all ranks of a job and prints, per rank, why it
 * dumped, the spans held, the last span's name and end time, the spans dropped, and the innermost
 * span it was still in and for how long; then the ranks grouped by that span, the odd ones first
 * ("rank 5: allreduce, open 62.0 s" before "7 ranks: barrier"); then the ranks that are missing
 * (the world size comes from the dumps' resource) and those behind the rest (their last span ended
 * well before the others'): the question after a hang, "which rank stopped first, and in what?".
 * Where a rank dumped more than once, its latest dump counts. {@code --json} prints the same as one
 * JSON object, for tools.
 * <pre>
 * java -cp 'lens-core.jar:lib/*' nemo.lens.recorder.DumpReport [--behind 10s] [--json] &lt;directory&gt;
 * </pre>
 * Exits with 0 after a report or {@code --help}, 2 when the arguments or the directory cannot be
 * used.
 */
public final class DumpReport {

	/** How much earlier than the others' a rank's last span may end before it counts as behind. */
	static final Duration DEFAULT_BEHIND = Duration.ofSeconds(10);

	private final List<RankDump> dumps;

	private final List<String> unreadable;

	private final Duration behind;

	private DumpReport(List<RankDump> dumps, List<String> unreadable, Duration behind) {
		this.dumps = dumps;
		this.unreadable = unreadable;
		this.behind = behind;
	}

	/**
	 * Prints the report of a directory of dumps.
	 * @param args {@code [--behind <duration>] <directory>}
	 */
	public static void main(String[] args) {
		int status = run(args, System.out, System.err);
		if (status != 0) {
			System.exit(status);
		}
	}

	static int run(String[] args, PrintStream out, PrintStream err) {
		Duration behind = DEFAULT_BEHIND;
		Path directory = null;
		boolean json = false;
		try {
			for (int i = 0; i < args.length; i++) {
				if (args[i].equals("--help") || args[i].equals("-h")) {
					out.println(USAGE);
					out.println(HELP);
					return 0;
				}
				if (args[i].equals("--behind") && i + 1 < args.length) {
					behind = parseDuration(args[++i]);
				}
				else if (args[i].equals("--json")) {
					json = true;
				}
				else if (directory == null && !args[i].startsWith("--")) {
					directory = Path.of(args[i]);
				}
				else {
					throw new IllegalArgumentException("unknown argument '" + args[i] + "'");
				}
			}
			if (directory == null) {
				throw new IllegalArgumentException("no directory given");
			}
			DumpReport report = read(directory, behind);
			out.print(json ? DumpReportJson.write(report) : report.format());
			return 0;
		}
		catch (IllegalArgumentException | IOException ex) {
			err.println("DumpReport: " + ex.getMessage());
			err.println(USAGE);
			return 2;
		}
	}

	private static final String USAGE = "Usage: java -cp '<class path with lens-core and jackson-core, such as lib/*>' "
			+ "nemo.lens.recorder.DumpReport [--behind 10s] [--json] <directory>";

	private static final String HELP = """
			Reads the flight recorder dumps (*.json) of a job's ranks in <directory>, the latest per rank, and
			prints per rank why it dumped, its last finished span, and the innermost span it was still in and
			for how long; then the ranks grouped by that span, the odd ones first; then the missing ranks and
			the ranks behind the rest.
			  --behind <duration>  a rank whose last span ended this much before the median rank's is behind
			                       (default 10s; 30s, 2m or PT30S)
			  --json               the same report as one JSON object
			  -h, --help           this help""";

	private static Duration parseDuration(String text) {
		try {
			return text.toUpperCase(Locale.ROOT).startsWith("P") ? Duration.parse(text)
					: Duration.parse("PT" + text.toUpperCase(Locale.ROOT));
		}
		catch (RuntimeException ex) {
			throw new IllegalArgumentException("--behind '" + text + "' is no duration such as 10s, 2m or PT30S");
		}
	}

	/**
	 * Reads every dump ({@code *.json}, not the hidden temporary files of dumps being written) of
	 * a directory, the latest per rank.
	 */
	static DumpReport read(Path directory, Duration behind) throws IOException {
		if (!Files.isDirectory(directory)) {
			throw new IOException(directory + " is not a directory");
		}
		List<Path> files;
		try (Stream<Path> listed = Files.list(directory)) {
			files = listed.filter((file) -> file.getFileName().toString().endsWith(".json"))
				.filter((file) -> !file.getFileName().toString().startsWith("."))
				.sorted()
				.toList();
		}
		Map<Integer, RankDump> latest = new TreeMap<>();
		List<String> unreadable = new ArrayList<>();
		for (Path file : files) {
			try {
				RankDump dump = RankDump.read(file);
				// Names end in the UTC time, so the later of two names of one rank is the later dump.
				latest.merge(dump.rank(), dump, (one, other) -> (one.file().getFileName().toString()
					.compareTo(other.file().getFileName().toString()) >= 0) ? one : other);
			}
			catch (IOException | RuntimeException ex) {
				unreadable.add(file.getFileName() + " (" + ex.getMessage() + ")");
			}
		}
		return new DumpReport(List.copyOf(latest.values()), unreadable, behind);
	}

	/** The latest dump of each rank, by rank. */
	List<RankDump> dumps() {
		return this.dumps;
	}

	/** The files that could not be read, each with why. */
	List<String> unreadable() {
		return this.unreadable;
	}

	/** The ranks grouped by their innermost open span, the odd ones first. */
	List<StuckGroups.Group> stuck() {
		return StuckGroups.of(this.dumps);
	}

	/** The world size the dumps name: the largest, so that one odd dump cannot hide ranks. */
	int worldSize() {
		return this.dumps.stream().mapToInt(RankDump::worldSize).max().orElse(-1);
	}

	/** Ranks below the world size that left no dump. */
	List<Integer> missing() {
		TreeSet<Integer> missing = new TreeSet<>();
		for (int rank = 0; rank < worldSize(); rank++) {
			missing.add(rank);
		}
		this.dumps.forEach((dump) -> missing.remove(dump.rank()));
		return List.copyOf(missing);
	}

	/**
	 * Ranks whose last span ended more than the threshold before the median rank's last span: the
	 * median, so that one rank far behind (or ahead) does not move the mark.
	 */
	List<RankDump> behind() {
		List<Instant> ends = this.dumps.stream()
			.map(RankDump::lastSpanEnd)
			.filter((end) -> end != null)
			.sorted()
			.toList();
		if (ends.size() < 2) {
			return List.of();
		}
		Instant median = ends.get(ends.size() / 2);
		return this.dumps.stream()
			.filter((dump) -> dump.lastSpanEnd() != null && dump.lastSpanEnd().plus(this.behind).isBefore(median))
			.sorted(Comparator.comparing(RankDump::lastSpanEnd))
			.toList();
	}

	String format() {
		StringBuilder out = new StringBuilder();
		int worldSize = worldSize();
		out.append("Flight recorder dumps: ").append(this.dumps.size()).append(" rank(s)");
		if (worldSize > 0) {
			out.append(" of ").append(worldSize);
		}
		out.append('\n');
		out.append("| rank | reason | spans | last span | ended (UTC) | dropped | open span | open for | file |\n");
		out.append("|---|---|---|---|---|---|---|---|---|\n");
		Instant latest = latestEnd();
		for (RankDump dump : this.dumps) {
			out.append("| ").append(dump.rank())
				.append(" | ").append((dump.reason() != null) ? dump.reason() : "-")
				.append(" | ").append(dump.spans())
				.append(" | ").append((dump.lastSpanName() != null) ? dump.lastSpanName() : "-")
				.append(" | ").append((dump.lastSpanEnd() != null) ? dump.lastSpanEnd() : "-")
				.append(" | ").append((dump.dropped() >= 0) ? String.valueOf(dump.dropped()) : "?")
				.append(" | ").append((dump.stuckIn() != null) ? dump.stuckIn().name() : "-")
				.append(" | ").append((dump.stuckIn() != null) ? seconds(dump.stuckIn().openFor()) : "-")
				.append(" | ").append(dump.file().getFileName())
				.append(" |\n");
		}
		List<StuckGroups.Group> stuck = stuck();
		if (stuck.isEmpty()) {
			out.append("Stuck in: no dump holds an open span\n");
		}
		else {
			out.append("Stuck in (innermost open span, the odd ranks first):\n");
			stuck.forEach((group) -> out.append("  ").append(describe(group)).append('\n'));
		}
		List<Integer> missing = missing();
		out.append("Missing ranks: ").append(missing.isEmpty() ? "none" : joined(missing)).append('\n');
		List<RankDump> behind = behind();
		if (behind.isEmpty()) {
			out.append("Behind: none (no rank's last span ended more than ").append(seconds(this.behind))
				.append(" before the others')\n");
		}
		else {
			out.append("Behind (first stopped first):\n");
			for (RankDump dump : behind) {
				out.append("  rank ").append(dump.rank()).append(": last span '").append(dump.lastSpanName())
					.append("' ended at ").append(dump.lastSpanEnd()).append(", ")
					.append(seconds(Duration.between(dump.lastSpanEnd(), latest))).append(" before the latest rank's\n");
			}
		}
		for (String file : this.unreadable) {
			out.append("Unreadable: ").append(file).append('\n');
		}
		return out.toString();
	}

	/** The time the latest last span of any rank ended, or {@code null}. */
	Instant latestEnd() {
		return this.dumps.stream()
			.map(RankDump::lastSpanEnd)
			.filter((end) -> end != null)
			.max(Comparator.naturalOrder())
			.orElse(null);
	}

	/** "rank 5: allreduce, open 62.0 s", "ranks 3, 5: allreduce, open up to 62.0 s", "7 ranks: barrier". */
	private static String describe(StuckGroups.Group group) {
		String span = (group.span() != null) ? group.span() : "no open span";
		List<Integer> ranks = group.ranks().stream().map(RankDump::rank).toList();
		if (!group.odd()) {
			return (ranks.size() == 1) ? "rank " + ranks.get(0) + ": " + span : ranks.size() + " ranks: " + span;
		}
		String open = (group.span() != null)
				? ((ranks.size() == 1) ? ", open " : ", open up to ") + seconds(group.longestOpen()) : "";
		return ((ranks.size() == 1) ? "rank " : "ranks ") + joined(ranks) + ": " + span + open;
	}

	private static String joined(List<Integer> ranks) {
		return String.join(", ", ranks.stream().map(String::valueOf).toList());
	}

	static String seconds(Duration duration) {
		return String.format(Locale.ROOT, "%.1f s", duration.toMillis() / 1000.0);
	}

}

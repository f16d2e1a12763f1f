package nemo.lens.recorder;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * Reads a folder of flight recorder dumps from all ranks of a job and says first what is wrong
 * ({@link Verdict}: the ranks stuck in another span than the rest, the slow ranks, ranks at other
 * steps, ranks without a dump), then prints per rank why it dumped, the spans held, the last span's
 * name and end time, the spans dropped, and the innermost span it was still in and for how long;
 * then the ranks grouped by that span, the odd ones first ("rank 5: allreduce, open 62.0 s" before
 * "7 ranks: barrier"); then the ranks that are missing (the world size comes from the dumps'
 * resource) and those behind the rest (their last span ended well before the others'): the
 * question after a hang, "which rank stopped first, and in what?". Where a rank dumped more than
 * once, its latest dump of the latest attempt counts. {@code --json} prints the same as one JSON
 * object, for tools; {@code --html} writes a page to look at ({@link TimelinePage}) and
 * {@code --trace-events} the spans for Perfetto ({@link TraceEvents}).
 * <pre>
 * java -cp 'lens-core.jar:lib/*' nemo.lens.recorder.DumpReport [--behind 10s] [--step-span NAME]
 *     [--slow-below 0.7] [--html FILE] [--trace-events FILE] [--json] &lt;directory&gt;
 * </pre>
 * Exits with 0 after a report or {@code --help}, 2 when the arguments or the directory cannot be
 * used.
 */
public final class DumpReport {

	private DumpReport() {
	}

	/**
	 * Prints the report of a directory of dumps.
	 * @param args {@code [--behind <duration>] [--step-span NAME] [--slow-below 0.7] [--html FILE]
	 * [--trace-events FILE] [--json] <directory>}
	 */
	public static void main(String[] args) {
		int status = run(args, System.out, System.err);
		if (status != 0) {
			System.exit(status);
		}
	}

	static int run(String[] args, PrintStream out, PrintStream err) {
		try {
			DumpReportOptions options = DumpReportOptions.parse(args);
			if (options.help()) {
				out.println(DumpReportOptions.USAGE);
				out.println(DumpReportOptions.HELP);
				return 0;
			}
			DumpSet report = DumpSet.read(options);
			Verdict verdict = Verdict.of(report);
			out.print(options.json() ? DumpReportJson.write(report, verdict) : format(report, verdict));
			if (options.html() != null) {
				TimelinePage.write(report, verdict, options.html());
			}
			if (options.traceEvents() != null) {
				TraceEvents.write(report, options.traceEvents());
			}
			return 0;
		}
		catch (IllegalArgumentException | IOException ex) {
			err.println("DumpReport: " + ex.getMessage());
			err.println(DumpReportOptions.USAGE);
			return 2;
		}
	}

	/**
	 * Reads every dump ({@code *.json}, not the hidden temporary files of dumps being written) of
	 * a directory, the latest per rank, with the default step span and threshold.
	 */
	static DumpSet read(Path directory, Duration behind) throws IOException {
		return DumpSet.read(new DumpReportOptions(directory, behind, false, null, Stragglers.DEFAULT_SLOW_BELOW, null, null,
				false));
	}


	static String format(DumpSet report, Verdict verdict) {
		StringBuilder out = new StringBuilder();
		verdict.lines().forEach((line) -> out.append(line).append('\n'));
		out.append('\n');
		int worldSize = report.worldSize();
		out.append("Flight recorder dumps: ").append(report.dumps().size()).append(" rank(s)");
		if (worldSize > 0) {
			out.append(" of ").append(worldSize);
		}
		out.append('\n');
		out.append("| rank | reason | spans | last span | ended (UTC) | dropped | open span | open for | score | file |\n");
		out.append("|---|---|---|---|---|---|---|---|---|---|\n");
		Instant latest = report.latestEnd();
		for (RankDump dump : report.dumps()) {
			out.append("| ").append(dump.rank())
				.append(" | ").append((dump.reason() != null) ? dump.reason() : "-")
				.append(" | ").append(dump.spans())
				.append(" | ").append((dump.lastSpanName() != null) ? dump.lastSpanName() : "-")
				.append(" | ").append((dump.lastSpanEnd() != null) ? dump.lastSpanEnd() : "-")
				.append(" | ").append((dump.dropped() >= 0) ? String.valueOf(dump.dropped()) : "?")
				.append(" | ").append((dump.stuckIn() != null) ? dump.stuckIn().name() : "-")
				.append(" | ").append((dump.stuckIn() != null) ? seconds(dump.stuckIn().openFor()) : "-")
				.append(" | ").append(score(report, dump.rank()))
				.append(" | ").append(dump.file().getFileName())
				.append(" |\n");
		}
		List<StuckGroups.Group> stuck = report.stuck();
		if (stuck.isEmpty()) {
			out.append("Stuck in: no dump holds an open span\n");
		}
		else {
			out.append("Stuck in (innermost open span, the odd ranks first):\n");
			stuck.forEach((group) -> out.append("  ").append(describe(group)).append('\n'));
		}
		List<Integer> missing = report.missing();
		out.append("Missing ranks: ").append(missing.isEmpty() ? "none" : joined(missing)).append('\n');
		List<RankDump> behind = report.behind();
		if (behind.isEmpty()) {
			out.append("Behind: none (no rank's last span ended more than ").append(seconds(report.behindThreshold()))
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
		for (String file : report.unreadable()) {
			out.append("Unreadable: ").append(file).append('\n');
		}
		return out.toString();
	}

	/** A rank's score, {@code 0.50}, or {@code -} when its dump holds no finished step. */
	private static String score(DumpSet report, int rank) {
		Stragglers.Pace pace = report.stragglers().of(rank);
		return (pace != null) ? String.format(Locale.ROOT, "%.2f", pace.score()) : "-";
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

package nemo.lens.recorder;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

/**
 * The command line of {@link DumpReport}, checked: every refusal names the option, the value and
 * what is allowed.
 *
 * @param directory the folder of dumps
 * @param behind how much earlier than the median rank's a rank's last span may end before it is
 * behind
 * @param json whether the report is printed as JSON
 * @param stepSpan the step span's name, or {@code null} for the most frequent top-level span
 * @param slowBelow the score under which a rank is slow
 * @param html where the page goes, or {@code null}
 * @param traceEvents where the trace events go, or {@code null}
 * @param help whether only the help was asked for
 */
record DumpReportOptions(Path directory, Duration behind, boolean json, String stepSpan, double slowBelow, Path html,
		Path traceEvents, boolean help) {

	/** How much earlier than the others' a rank's last span may end before it counts as behind. */
	static final Duration DEFAULT_BEHIND = Duration.ofSeconds(10);

	static final String USAGE = "Usage: java -cp '<class path with lens-core and jackson-core, such as lib/*>' "
			+ "nemo.lens.recorder.DumpReport [--behind 10s] [--step-span NAME] [--slow-below 0.7] [--html FILE] "
			+ "[--trace-events FILE] [--json] <directory>";

	static final String HELP = """
			Reads the flight recorder dumps (*.json) of a job's ranks in <directory>, the latest per rank of the
			latest attempt, and prints first the verdict (the ranks stuck in another span than the rest, the
			slow ranks, ranks at other steps, ranks without a dump), then per rank why it dumped, its last
			finished span, and the innermost span it was still in and for how long; then the ranks grouped by
			that span, the odd ones first; then the missing ranks and the ranks behind the rest.
			  --behind <duration>    a rank whose last span ended this much before the median rank's is behind
			                         (default 10s; 30s, 2m or PT30S)
			  --step-span <name>     the span whose durations score the ranks' pace (default: the most frequent
			                         top-level span of the dumps)
			  --slow-below <score>   a rank whose score (the fastest rank's median step over its own) is under
			                         this is slow (default 0.7; more than 0, at most 1)
			  --html <file>          also write one self-contained page: the verdict and a timeline, a lane per
			                         rank (lanes folded by group beyond 32 ranks, the odd ranks always shown)
			  --trace-events <file>  also write every span in the Chrome trace-event JSON format (a process per
			                         rank, named rank N), which Perfetto and chrome://tracing open
			  --json                 the report as one JSON object, the verdict as fields
			  -h, --help             this help""";

	/**
	 * Reads the command line.
	 * @param args the arguments
	 * @return the options
	 * @throws IllegalArgumentException naming the option, the value and what is allowed
	 */
	static DumpReportOptions parse(String[] args) {
		Path directory = null;
		Duration behind = DEFAULT_BEHIND;
		boolean json = false;
		String stepSpan = null;
		double slowBelow = Stragglers.DEFAULT_SLOW_BELOW;
		Path html = null;
		Path traceEvents = null;
		for (int i = 0; i < args.length; i++) {
			String arg = args[i];
			switch (arg) {
				case "--help", "-h" -> {
					return new DumpReportOptions(null, behind, false, null, slowBelow, null, null, true);
				}
				case "--json" -> json = true;
				case "--behind" -> behind = duration(value(args, ++i, arg));
				case "--step-span" -> stepSpan = value(args, ++i, arg);
				case "--slow-below" -> slowBelow = score(value(args, ++i, arg));
				case "--html" -> html = Path.of(value(args, ++i, arg));
				case "--trace-events" -> traceEvents = Path.of(value(args, ++i, arg));
				default -> {
					if (directory != null || arg.startsWith("--")) {
						throw new IllegalArgumentException("unknown argument '" + arg + "'");
					}
					directory = Path.of(arg);
				}
			}
		}
		if (directory == null) {
			throw new IllegalArgumentException("no directory given");
		}
		return new DumpReportOptions(directory, behind, json, stepSpan, slowBelow, html, traceEvents, false);
	}

	private static String value(String[] args, int index, String option) {
		if (index >= args.length || args[index].isBlank()) {
			throw new IllegalArgumentException(option + " needs a value");
		}
		return args[index];
	}

	private static Duration duration(String text) {
		try {
			return text.toUpperCase(Locale.ROOT).startsWith("P") ? Duration.parse(text)
					: Duration.parse("PT" + text.toUpperCase(Locale.ROOT));
		}
		catch (RuntimeException ex) {
			throw new IllegalArgumentException("--behind '" + text + "' is no duration such as 10s, 2m or PT30S");
		}
	}

	private static double score(String text) {
		double score;
		try {
			score = Double.parseDouble(text);
		}
		catch (NumberFormatException ex) {
			score = Double.NaN;
		}
		if (!(score > 0 && score <= 1)) {
			throw new IllegalArgumentException("--slow-below '" + text + "' must be a score more than 0 and at most 1, "
					+ "such as 0.7");
		}
		return score;
	}

}

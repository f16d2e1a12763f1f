package nemo.lens.control;

import java.io.IOException;
import java.io.StringReader;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.regex.Pattern;

import nemo.lens.config.Setting;
import nemo.lens.env.EnvironmentValues;
import nemo.lens.env.Suggestion;

/**
 * The content of a job-wide control file, in Java properties syntax, checked whole: a file with
 * any error is refused, so that the last good content stays in force. Keys:
 * {@code export-strategy}, {@code export-rank}, {@code export-sample-rate}, {@code span-groups},
 * {@code ranks} (ranks that export whatever the strategy says: {@code 0,731,1000-1003}, each below
 * the job's world size, held as ranges),
 * {@code until} (an ISO-8601 instant after which the file is ignored) and {@code dump} (a token
 * for the flight recorder). The file is data: nothing in it is run or loaded.
 *
 * @param values the keys given, as written (trimmed), for the endpoint
 * @param exportStrategy the strategy, or {@code null} for the configured one
 * @param exportRank the rank of {@code single_rank}, below the job's world size or {@code -1} for
 * the last rank, or {@code null}
 * @param exportSampleRate the rate of {@code sampled}, or {@code null}
 * @param spanGroups the span-group spec, or {@code null}
 * @param ranks the ranks that export whatever the strategy says; empty for none
 * @param until when the file stops counting, or {@code null} for never
 * @param dump the flight recorder's trigger, or {@code null}
 */
public record ControlFileContent(Map<String, String> values, String exportStrategy, Integer exportRank,
		Double exportSampleRate, String spanGroups, RankRanges ranks, Instant until, String dump) {

	/** A {@code #} after blanks: a comment meant, which Java properties read as part of the value. */
	private static final Pattern INLINE_COMMENT = Pattern.compile("\\s#");

	/** The keys a control file may hold: the settings it may change, then its own. */
	public static final List<String> KEYS = keys();

	/**
	 * Reads a control file's text.
	 * @param text the file's content
	 * @param worldSize the job's world size, which bounds {@code ranks} and {@code export-rank}
	 * @param strategies the registered strategy names
	 * @param spanGroupsCheck refuses a span-group spec this rank does not know
	 * @return the content
	 * @throws IllegalArgumentException naming the key and value of the first error, when any key is
	 * unknown or any value cannot be used
	 */
	public static ControlFileContent parse(String text, int worldSize, Set<String> strategies,
			Consumer<String> spanGroupsCheck) {
		Properties properties = new Properties();
		try {
			properties.load(new StringReader(text));
		}
		catch (IOException | IllegalArgumentException ex) {
			throw new IllegalArgumentException("not Java properties syntax: " + ex.getMessage());
		}
		Map<String, String> values = new LinkedHashMap<>();
		for (String key : new TreeSet<>(properties.stringPropertyNames())) {
			if (!KEYS.contains(key)) {
				throw new IllegalArgumentException("unknown key '" + key + "'" + didYouMean(key, KEYS) + "; the keys are "
						+ KEYS);
			}
			String value = properties.getProperty(key).trim();
			if (INLINE_COMMENT.matcher(value).find()) {
				throw new IllegalArgumentException(key + " '" + value + "': a comment takes a line of its own in a "
						+ "control file (# at the start of the line); after a value, # is part of the value");
			}
			values.put(key, value);
		}
		String strategy = text(values, "export-strategy");
		if (strategy != null && !strategies.contains(strategy)) {
			throw new IllegalArgumentException("export-strategy '" + strategy + "' is not a registered strategy"
					+ didYouMean(strategy, strategies) + "; registered: " + new TreeSet<>(strategies));
		}
		String rank = text(values, "export-rank");
		String rate = text(values, "export-sample-rate");
		Double sampleRate = (rate != null) ? EnvironmentValues.checkFraction("export-sample-rate",
				EnvironmentValues.parseDouble("export-sample-rate", rate)) : null;
		String spanGroups = text(values, "span-groups");
		if (spanGroups != null) {
			try {
				spanGroupsCheck.accept(spanGroups);
			}
			catch (IllegalArgumentException ex) {
				throw new IllegalArgumentException("span-groups '" + spanGroups + "': " + ex.getMessage());
			}
		}
		return new ControlFileContent(Collections.unmodifiableMap(values), strategy,
				(rank != null) ? EnvironmentValues.checkExportRank("export-rank", EnvironmentValues.parseInt("export-rank", rank),
						worldSize, "of this rank") : null,
				sampleRate, spanGroups,
				ranks(text(values, "ranks"), worldSize), until(text(values, "until")), text(values, "dump"));
	}

	/**
	 * Whether the file counts at an instant: before its {@code until}, or without one.
	 * @param now the instant
	 * @return whether the file counts then
	 */
	public boolean isInForce(Instant now) {
		return this.until == null || now.isBefore(this.until);
	}

	/** {@code " (did you mean ranks?)"}, or empty: hyphens and case are forgiven here, never in the match. */
	private static String didYouMean(String name, Collection<String> known) {
		return Suggestion.nearest(name, known).map((nearest) -> " (did you mean " + nearest + "?)").orElse("");
	}

	private static List<String> keys() {
		List<String> keys = new ArrayList<>();
		for (Setting setting : Setting.rows()) {
			if (setting.changesBy(Setting.BY_CONTROL_FILE)) {
				keys.add(setting.key());
			}
		}
		keys.addAll(List.of("ranks", "until", "dump"));
		return List.copyOf(keys);
	}

	private static String text(Map<String, String> values, String key) {
		String value = values.get(key);
		return (value == null || value.isEmpty()) ? null : value;
	}

	private static RankRanges ranks(String spec, int worldSize) {
		return (spec != null) ? RankRanges.parse(spec, worldSize) : RankRanges.NONE;
	}

	private static Instant until(String value) {
		if (value == null) {
			return null;
		}
		try {
			return Instant.parse(value);
		}
		catch (DateTimeParseException ex) {
			throw new IllegalArgumentException(
					"until '" + value + "' is no ISO-8601 instant in UTC, such as 2026-12-24T18:00:00Z");
		}
	}

}

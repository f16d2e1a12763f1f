package nemo.lens.recorder;

import java.io.BufferedWriter;
import java.math.BigDecimal;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The report as one page to look at, self-contained (inline SVG and CSS, no script, nothing from
 * the network, so it opens from a login node's scratch space or a mail): the verdict on top, then
 * one lane per rank with its last spans on one time axis that ends at the latest dump, nested spans
 * one row lower, spans open at the dump drawn to the dump's moment and hatched, the span an odd rank
 * is stuck in and the slow ranks highlighted, each span's name, step and duration on hover (an SVG
 * {@code <title>}). Lanes come in the verdict's groups, the odd ones first; beyond
 * {@value #FOLD_ABOVE} ranks a group's lanes are folded to its first {@value #SHOWN_PER_GROUP}, the
 * odd and the slow ranks always shown, the rest of it named in one line.
 */
final class TimelinePage {

	/** Ranks drawn one lane each, all of them, up to this many. */
	static final int FOLD_ABOVE = 32;

	/** Lanes of a folded group shown. */
	static final int SHOWN_PER_GROUP = 3;

	/** Spans drawn in a lane at most, the latest. */
	private static final int MAX_SPANS_PER_LANE = 400;

	/** Rows of nested spans in a lane; deeper spans share the last. */
	private static final int MAX_DEPTH = 4;

	private static final int ROW_HEIGHT = 12;

	/** The width of the time axis in SVG units; the page scales it to the window. */
	private static final double WIDTH = 1000;

	private static final String STYLE = """
			body{font:14px/1.4 system-ui,sans-serif;margin:16px;color:#222}
			h1{font-size:18px;margin:0 0 4px}
			.verdict p{margin:2px 0;font-size:16px}
			.verdict p:first-child{font-weight:600}
			.meta{color:#666;font-size:12px;margin:8px 0}
			.group{margin-top:10px;font-weight:600}
			.group.odd{color:#b00020}
			.lane{display:flex;align-items:center;border-bottom:1px solid #eee}
			.label{width:110px;flex:none;font:12px monospace;padding-right:6px;text-align:right}
			.lane.slow .label{background:#ffe08a}
			.lane.odd .label{color:#b00020;font-weight:700}
			.lane svg,.axis svg{flex:1;height:auto;display:block}
			.axis{display:flex;font:11px monospace;color:#666}
			.fold{margin-left:116px;color:#555;font-size:12px;font-style:italic;padding:2px 0}
			rect.s{fill:#7aa6da;stroke:#fff;stroke-width:.5}
			rect.d1{fill:#9cc5a1}rect.d2{fill:#e0c27a}rect.d3{fill:#c9a0dc}
			rect.open{fill:url(#hatch);stroke:#333;stroke-width:1;stroke-dasharray:3 2}
			rect.stuck{fill:url(#stuck);stroke:#b00020;stroke-width:2}
			line.dump{stroke:#b00020;stroke-width:1}
			.legend span{display:inline-block;margin-right:14px}
			.key{display:inline-block;width:14px;height:10px;vertical-align:middle;margin-right:4px}""";

	private TimelinePage() {
	}

	/**
	 * Writes the page of a report.
	 * @param report the report
	 * @param verdict its verdict
	 * @param file where to write it
	 * @throws IOException when the file cannot be written
	 */
	static void write(DumpSet report, Verdict verdict, Path file) throws IOException {
		try (Writer out = new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8), 1 << 16)) {
			new Drawing(report, verdict, out).page();
		}
	}

	/** One page being written: the window of time, the ranks to highlight, the output. */
	private static final class Drawing {

		private final DumpSet report;

		private final Verdict verdict;

		private final Writer out;

		private final TimelineWindow window;

		private final long end;

		private final long start;

		private final Set<Integer> slow = new HashSet<>();

		Drawing(DumpSet report, Verdict verdict, Writer out) {
			this.report = report;
			this.verdict = verdict;
			this.out = out;
			verdict.stragglers().slow().forEach((pace) -> this.slow.add(pace.rank()));
			this.window = TimelineWindow.of(report.dumps(), verdict.stragglers().stepSpan());
			this.end = this.window.end();
			this.start = this.window.start();
		}

		void page() throws IOException {
			this.out.write("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
					+ "<title>NeMo Lens: flight recorder report</title><style>" + STYLE + "</style></head><body>\n");
			this.out.write("<svg width=\"0\" height=\"0\" style=\"position:absolute\"><defs>"
					+ "<pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
					+ "patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#dde6f0\"/>"
					+ "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#7aa6da\" stroke-width=\"3\"/></pattern>"
					+ "<pattern id=\"stuck\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
					+ "patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#ffd6dc\"/>"
					+ "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#b00020\" stroke-width=\"3\"/></pattern>"
					+ "</defs></svg>\n");
			this.out.write("<h1>Flight recorder report</h1>\n<section class=\"verdict\" id=\"verdict\">\n");
			for (String line : this.verdict.lines()) {
				this.out.write("<p>" + text(line) + "</p>\n");
			}
			this.out.write("</section>\n");
			int worldSize = this.report.worldSize();
			this.out.write("<div class=\"meta\">" + this.report.dumps().size() + " dump(s)"
					+ ((worldSize > 0) ? " of " + worldSize + " ranks" : "") + ", attempt " + this.report.attempt()
					+ "; the axis ends at the latest dump, " + text(Instant.ofEpochSecond(0, this.end).toString())
					+ "; step span " + text(String.valueOf(this.verdict.stragglers().stepSpan()))
					+ ((this.report.dumps().size() > FOLD_ABOVE) ? "; lanes folded by group (every rank is in the "
							+ "trace events, --trace-events)" : "")
					+ ".</div>\n");
			this.out.write("<div class=\"meta legend\"><span><i class=\"key\" style=\"background:#7aa6da\"></i>span"
					+ "</span><span><i class=\"key\" style=\"background:#dde6f0;outline:1px dashed #333\"></i>"
					+ "open at the dump</span><span><i class=\"key\" style=\"background:#ffd6dc;outline:2px solid "
					+ "#b00020\"></i>stuck (odd rank)</span><span><i class=\"key\" style=\"background:#ffe08a\"></i>"
					+ "slow rank</span><span>hover a span for its name, step and duration</span></div>\n");
			axis();
			for (Section section : sections()) {
				section(section);
			}
			this.out.write("</body></html>\n");
		}

		private void axis() throws IOException {
			long length = Math.max(1, this.end - this.start);
			long tick = this.window.tick();
			StringBuilder svg = new StringBuilder();
			svg.append("<div class=\"axis\"><span class=\"label\">s before dump</span><svg viewBox=\"0 0 ")
				.append((int) WIDTH)
				.append(" 14\" preserveAspectRatio=\"none\">");
			for (long at = 0; at <= length; at += tick) {
				double x = WIDTH - at * WIDTH / length;
				svg.append("<line x1=\"").append(number(x)).append("\" x2=\"").append(number(x))
					.append("\" y1=\"10\" y2=\"14\" stroke=\"#999\"/><text x=\"").append(number(Math.max(0, x - 2)))
					.append("\" y=\"9\" font-size=\"9\" text-anchor=\"").append((at == 0) ? "end" : "middle")
					.append("\">").append(at == 0 ? "0" : "-" + seconds(at)).append("</text>");
			}
			svg.append("</svg></div>\n");
			this.out.write(svg.toString());
		}

		/** The verdict's groups (odd first), or one group of every rank where no rank is stuck. */
		private List<Section> sections() {
			List<Section> sections = new ArrayList<>();
			if (this.verdict.stuck().isEmpty()) {
				sections.add(new Section(this.report.dumps().size() + " ranks, none in an open span",
						this.report.dumps(), false));
				return sections;
			}
			for (StuckGroups.Group group : this.verdict.stuck()) {
				List<Integer> ranks = group.ranks().stream().map(RankDump::rank).toList();
				String title = RankRanges.named(ranks) + ": "
						+ ((group.span() != null) ? group.span() + ", open up to " + Verdict.duration(group.longestOpen())
								: "no open span");
				sections.add(new Section(title, group.ranks(), group.odd()));
			}
			return sections;
		}

		private void section(Section section) throws IOException {
			this.out.write("<div class=\"group" + (section.odd() ? " odd" : "") + "\">" + text(section.title())
					+ "</div>\n");
			boolean fold = this.report.dumps().size() > FOLD_ABOVE && !section.odd();
			List<Integer> folded = new ArrayList<>();
			int shown = 0;
			for (RankDump dump : section.dumps()) {
				if (!fold || shown < SHOWN_PER_GROUP || this.slow.contains(dump.rank())) {
					lane(dump, section.odd());
					shown++;
				}
				else {
					folded.add(dump.rank());
				}
			}
			if (!folded.isEmpty()) {
				this.out.write("<div class=\"fold\" data-folded=\"" + folded.size() + "\">" + folded.size()
						+ " more ranks of this group folded: " + text(RankRanges.listed(folded)) + "</div>\n");
			}
		}

		private void lane(RankDump dump, boolean odd) throws IOException {
			Map<Long, Integer> depths = depths(dump);
			List<DumpSpan> drawn = new ArrayList<>();
			for (DumpSpan span : dump.finished()) {
				if (span.end() >= this.start && span.start() >= 0) {
					drawn.add(span);
				}
			}
			drawn.sort(Comparator.comparingLong(DumpSpan::end));
			if (drawn.size() > MAX_SPANS_PER_LANE) {
				drawn = drawn.subList(drawn.size() - MAX_SPANS_PER_LANE, drawn.size());
			}
			List<DumpSpan> all = new ArrayList<>(drawn);
			dump.open().stream().filter((span) -> span.start() >= 0).forEach(all::add);
			int rows = 1;
			for (DumpSpan span : all) {
				rows = Math.max(rows, Math.min(MAX_DEPTH, depths.getOrDefault(span.id(), 0)) + 1);
			}
			int height = rows * ROW_HEIGHT;
			Stragglers.Pace pace = this.verdict.stragglers().of(dump.rank());
			boolean slowRank = this.slow.contains(dump.rank());
			StringBuilder lane = new StringBuilder();
			lane.append("<div class=\"lane").append(odd ? " odd" : "").append(slowRank ? " slow" : "")
				.append("\" data-rank=\"").append(dump.rank()).append("\"><span class=\"label\" title=\"")
				.append(text(dump.file().getFileName().toString())).append("\">rank ").append(dump.rank());
			if (pace != null && slowRank) {
				lane.append(" ").append(String.format(Locale.ROOT, "%.2f", pace.score()));
			}
			lane.append("</span><svg viewBox=\"0 0 ").append((int) WIDTH).append(' ').append(height)
				.append("\" preserveAspectRatio=\"none\" style=\"height:").append(height).append("px\">");
			String stuck = (odd && dump.stuckIn() != null) ? dump.stuckIn().name() : null;
			for (DumpSpan span : all) {
				rect(lane, span, Math.min(MAX_DEPTH - 1, depths.getOrDefault(span.id(), 0)),
						span.open() && span.name().equals(stuck) && span.nanos() == dump.stuckIn().openFor().toNanos());
			}
			if (dump.timeNanos() >= this.start) {
				double x = x(dump.timeNanos());
				lane.append("<line class=\"dump\" x1=\"").append(number(x)).append("\" x2=\"").append(number(x))
					.append("\" y1=\"0\" y2=\"").append(height).append("\"><title>dump (")
					.append(text(String.valueOf(dump.reason()))).append(")</title></line>");
			}
			lane.append("</svg></div>\n");
			this.out.write(lane.toString());
		}

		private void rect(StringBuilder lane, DumpSpan span, int depth, boolean stuck) {
			double x = x(Math.max(span.start(), this.start));
			double width = Math.max(0.5, x(span.end()) - x);
			String kind = stuck ? "s stuck" : span.open() ? "s open" : (depth == 0) ? "s" : "s d" + Math.min(depth, 3);
			lane.append("<rect class=\"").append(kind).append("\" x=\"").append(number(x)).append("\" y=\"")
				.append(depth * ROW_HEIGHT + 1).append("\" width=\"").append(number(width)).append("\" height=\"")
				.append(ROW_HEIGHT - 2).append("\"><title>").append(text(span.name()));
			if (span.hasStep()) {
				lane.append(" · step ").append(span.step());
			}
			lane.append(" · ").append(span.open() ? "open " + Verdict.duration(Duration.ofNanos(span.nanos()))
					+ " at the dump" : Verdict.duration(span.nanos()));
			if (stuck) {
				lane.append(" · stuck");
			}
			lane.append("</title></rect>");
		}

		private double x(long nanos) {
			return this.window.x(nanos, WIDTH);
		}

	}

	/**
	 * A group of lanes.
	 *
	 * @param title what its ranks are in
	 * @param dumps its ranks' dumps
	 * @param odd whether it is not the most common group
	 */
	private record Section(String title, List<RankDump> dumps, boolean odd) {

	}

	/** Each held span's depth: how many of its ancestors the dump holds. */
	private static Map<Long, Integer> depths(RankDump dump) {
		Map<Long, Long> parents = new HashMap<>();
		dump.finished().forEach((span) -> parents.put(span.id(), span.parent()));
		dump.open().forEach((span) -> parents.put(span.id(), span.parent()));
		Map<Long, Integer> depths = new HashMap<>();
		for (Long id : parents.keySet()) {
			int depth = 0;
			Long parent = parents.get(id);
			while (parent != null && parent != 0 && parents.containsKey(parent) && depth < MAX_DEPTH) {
				depth++;
				parent = parents.get(parent);
			}
			depths.put(id, depth);
		}
		return depths;
	}

	private static String seconds(long nanos) {
		return BigDecimal.valueOf(nanos, 9).stripTrailingZeros().toPlainString();
	}

	private static String number(double value) {
		return String.format(Locale.ROOT, "%.2f", value);
	}

	/** Text for HTML: a span's name is the application's. */
	private static String text(String value) {
		StringBuilder escaped = new StringBuilder(value.length());
		for (char c : value.toCharArray()) {
			switch (c) {
				case '<' -> escaped.append("&lt;");
				case '>' -> escaped.append("&gt;");
				case '&' -> escaped.append("&amp;");
				case '"' -> escaped.append("&quot;");
				case '\'' -> escaped.append("&#39;");
				default -> escaped.append(c);
			}
		}
		return escaped.toString();
	}

}

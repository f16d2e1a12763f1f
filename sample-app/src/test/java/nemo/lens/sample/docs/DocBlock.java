package nemo.lens.sample.docs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One fenced code block of a Markdown page: its language, the {@code <!-- doc-check: ... -->}
 * marker on the line before its fence (or none), and its text.
 *
 * @param page the page, relative to the repository
 * @param line the line of the opening fence, from 1
 * @param language the fence's language, empty when none
 * @param marker the marker's kind and reason, such as {@code not-run: needs a cluster}; empty when none
 * @param text the lines between the fences
 */
record DocBlock(String page, int line, String language, String marker, String text) {

	private static final Pattern MARKER = Pattern.compile("^<!-- doc-check: (.+?) -->$");

	static List<DocBlock> read(Path root, String page) throws IOException {
		List<String> lines = Files.readAllLines(root.resolve(page), StandardCharsets.UTF_8);
		List<DocBlock> blocks = new ArrayList<>();
		for (int i = 0; i < lines.size(); i++) {
			if (!lines.get(i).startsWith("```")) {
				continue;
			}
			int end = i + 1;
			while (!lines.get(end).startsWith("```")) {
				end++;
			}
			Matcher marker = (i > 0) ? MARKER.matcher(lines.get(i - 1)) : MARKER.matcher("");
			blocks.add(new DocBlock(page, i + 1, lines.get(i).substring(3).trim(), marker.matches() ? marker.group(1) : "",
					String.join("\n", lines.subList(i + 1, end)) + "\n"));
			i = end;
		}
		return blocks;
	}

	/** The marker's kind: {@code run}, {@code output}, {@code not-run}, ...; empty when unmarked. */
	String kind() {
		int colon = this.marker.indexOf(':');
		return (colon < 0) ? this.marker : this.marker.substring(0, colon);
	}

	/**
	 * What follows the marker's kind: a {@code not-run} block's reason, the path a {@code file}
	 * block names; empty when nothing does.
	 */
	String argument() {
		int colon = this.marker.indexOf(':');
		return (colon < 0) ? "" : this.marker.substring(colon + 1).strip();
	}

	@Override
	public String toString() {
		return this.page + ":" + this.line + " " + (this.language.isEmpty() ? "(text)" : this.language)
				+ (this.marker.isEmpty() ? "" : " [" + kind() + "]");
	}

}

package nemo.lens.recorder;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Headless Chromium (the distribution's package, {@code apt-get install -y chromium}, which
 * {@code .ci/run} installs) run on a page from a file, as the tests of the report's page and the
 * end-to-end tests use it: the DOM it built ({@code --dump-dom}) or a screenshot. Each run has a
 * profile of its own, removed after.
 */
public final class HeadlessChromium {

	/** Chromium's first start on a busy 2-core machine. */
	private static final Duration TIMEOUT = Duration.ofMinutes(3);

	private static final Pattern LANE = Pattern.compile("class=\"lane[^\"]*\" data-rank=\"(\\d+)\"");

	private final Path executable;

	private HeadlessChromium(Path executable) {
		this.executable = executable;
	}

	/**
	 * Chromium on the {@code PATH}.
	 * @return it, or empty where none is installed
	 */
	public static Optional<HeadlessChromium> find() {
		for (String directory : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
			for (String name : List.of("chromium", "chromium-browser")) {
				Path candidate = Path.of(directory, name);
				if (Files.isExecutable(candidate)) {
					return Optional.of(new HeadlessChromium(candidate));
				}
			}
		}
		return Optional.empty();
	}

	/** Why a test that needs Chromium skips where there is none. */
	public static final String MISSING = "Skipped: no chromium on the PATH (apt-get install -y chromium; .ci/run does)";

	/**
	 * The DOM Chromium built from a page.
	 * @param page the page
	 * @return the serialized DOM
	 */
	public String dom(Path page) throws IOException, InterruptedException {
		return run(page, "--dump-dom");
	}

	/**
	 * A screenshot of a page.
	 * @param page the page
	 * @param png where the screenshot goes
	 * @param width the window's width
	 * @param height the window's height
	 */
	public void screenshot(Path page, Path png, int width, int height) throws IOException, InterruptedException {
		Files.deleteIfExists(png);
		run(page, "--screenshot=" + png.toAbsolutePath(), "--window-size=" + width + "," + height);
		if (!Files.isRegularFile(png) || Files.size(png) == 0) {
			throw new IOException("chromium wrote no screenshot to " + png);
		}
	}

	/**
	 * The ranks of the report page's lanes in a DOM, in their order.
	 * @param dom what {@link #dom} gave
	 * @return the ranks
	 */
	public static List<Integer> lanes(String dom) {
		List<Integer> ranks = new ArrayList<>();
		Matcher lane = LANE.matcher(dom);
		while (lane.find()) {
			ranks.add(Integer.parseInt(lane.group(1)));
		}
		return ranks;
	}

	private String run(Path page, String... options) throws IOException, InterruptedException {
		Path profile = Files.createTempDirectory("chromium-profile");
		Path output = Files.createTempFile("chromium", ".out");
		List<String> command = new ArrayList<>(List.of(this.executable.toString(), "--headless", "--no-sandbox",
				"--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--hide-scrollbars",
				"--user-data-dir=" + profile));
		command.addAll(List.of(options));
		command.add(page.toAbsolutePath().toUri().toString());
		Process browser = new ProcessBuilder(command).redirectOutput(output.toFile())
			.redirectError(ProcessBuilder.Redirect.DISCARD)
			.start();
		try {
			if (!browser.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
				throw new IOException("chromium did not end within " + TIMEOUT.toSeconds() + " s");
			}
			if (browser.exitValue() != 0) {
				throw new IOException("chromium ended with " + browser.exitValue());
			}
			return Files.readString(output, StandardCharsets.UTF_8);
		}
		finally {
			browser.destroyForcibly();
			Files.deleteIfExists(output);
			try (Stream<Path> files = Files.walk(profile)) {
				files.sorted((one, other) -> other.compareTo(one)).forEach((file) -> file.toFile().delete());
			}
		}
	}

}

package nemo.lens.recorder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The dumps of a job read from one directory: the latest dump of each rank of the latest attempt,
 * the files that could not be read, and what follows from them alone (the world size, the ranks
 * missing, the groups by open span, the ranks behind, the ranks' pace). What the report prints,
 * the verdict, the page and the trace events are made of it.
 */
final class DumpSet {

	private final List<RankDump> dumps;

	private final List<String> unreadable;

	private final Duration behind;

	private final int attempt;

	private final int setAside;

	private final Stragglers stragglers;

	private DumpSet(List<RankDump> dumps, List<String> unreadable, Duration behind, int attempt, int setAside,
			String stepSpan, double slowBelow) {
		this.dumps = dumps;
		this.unreadable = unreadable;
		this.behind = behind;
		this.attempt = attempt;
		this.setAside = setAside;
		this.stragglers = Stragglers.of(dumps, stepSpan, slowBelow);
	}

	/**
	 * Reads the dumps of the latest attempt ({@code *.json}, not the hidden temporary files of dumps
	 * being written), the latest per rank: first who wrote each file (its resource alone), then the
	 * chosen ones whole, in parallel.
	 */
	static DumpSet read(DumpReportOptions options) throws IOException {
		Path directory = options.directory();
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
		List<String> unreadable = new ArrayList<>();
		List<DumpReading.Header> headers = new ArrayList<>();
		for (Read<DumpReading.Header> read : files.parallelStream().map((file) -> Read.of(file, DumpReading::header)).toList()) {
			if (read.value() != null) {
				headers.add(read.value());
			}
			else {
				unreadable.add(read.error());
			}
		}
		int attempt = headers.stream().mapToInt(DumpReading.Header::attempt).max().orElse(0);
		Map<Integer, DumpReading.Header> latest = new TreeMap<>();
		for (DumpReading.Header header : headers) {
			if (header.attempt() == attempt) {
				latest.merge(header.rank(), header, DumpSet::later);
			}
		}
		int setAside = (int) headers.stream().filter((header) -> header.attempt() != attempt).count();
		List<RankDump> dumps = new ArrayList<>();
		for (Read<RankDump> read : latest.values()
			.parallelStream()
			.map((header) -> Read.of(header.file(), DumpReading::read))
			.toList()) {
			if (read.value() != null) {
				dumps.add(read.value());
			}
			else {
				unreadable.add(read.error());
			}
		}
		return new DumpSet(List.copyOf(dumps), List.copyOf(unreadable), options.behind(), attempt, setAside,
				options.stepSpan(), options.slowBelow());
	}

	/** The later of two dumps of a rank: by the time in their names, else by their names. */
	private static DumpReading.Header later(DumpReading.Header one, DumpReading.Header other) {
		Comparator<DumpReading.Header> order = Comparator.comparing(DumpReading.Header::time,
				Comparator.nullsFirst(Comparator.naturalOrder()))
			.thenComparing((header) -> header.file().getFileName().toString());
		return (order.compare(one, other) >= 0) ? one : other;
	}

	/** A file read, or why it could not be. */
	private record Read<T>(T value, String error) {

		static <T> Read<T> of(Path file, Reader<T> reader) {
			try {
				return new Read<>(reader.read(file), null);
			}
			catch (IOException | RuntimeException ex) {
				return new Read<>(null, file.getFileName() + " (" + ex.getMessage() + ")");
			}
		}

	}

	@FunctionalInterface
	private interface Reader<T> {

		T read(Path file) throws IOException;

	}

	/** The attempt read: the latest one in the directory, 0 where the dumps do not say. */
	int attempt() {
		return this.attempt;
	}

	/** How many dumps of earlier attempts were left out. */
	int setAside() {
		return this.setAside;
	}

	/** How much earlier than the median rank's a rank's last span may end before it is behind. */
	Duration behindThreshold() {
		return this.behind;
	}

	/** The ranks' paces. */
	Stragglers stragglers() {
		return this.stragglers;
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

	/** The time the latest last span of any rank ended, or {@code null}. */
	Instant latestEnd() {
		return this.dumps.stream()
			.map(RankDump::lastSpanEnd)
			.filter((end) -> end != null)
			.max(Comparator.naturalOrder())
			.orElse(null);
	}

}

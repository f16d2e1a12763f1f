package nemo.lens.recorder;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.resources.ResourceBuilder;
import io.opentelemetry.sdk.logs.data.LogRecordData;
import io.opentelemetry.sdk.trace.data.SpanData;

/**
 * Writes what a span ring holds to {@code <directory>/<run id>-rank-<rank>-<UTC time>.json}
 * ({@code <run id>-attempt-<n>-rank-...} from a job's first restart on, {@link DumpNames}), one
 * line of OTLP JSON (an {@code ExportTraceServiceRequest}, as the Collector's {@code otlpjsonfile}
 * receiver reads it, with the job's attempt beside {@code resourceSpans} as {@code "attempt": n},
 * a field OTLP readers skip), and what a log ring holds as a second line when it holds any. The file is
 * written under a hidden temporary name of its own in the same directory and renamed into place,
 * so a reader never sees half a file and two dumps never share a temporary file.
 * <p>
 * Dumps land on shared scratch space: a file is readable by its owner only ({@code 0600}), or by
 * the directory's group too ({@code 0640}) in a directory that carries the setgid bit, which is
 * how a team shares a directory; a directory Lens creates is its owner's only ({@code 0700}), and
 * an existing one is used as it is. What a dump holds is redacted as Lens's messages are
 * ({@link DumpRedaction}). A rank keeps at most {@code maxDumps} files of its own there, its
 * oldest removed first ({@link DumpRetention}).
 * <p>
 * A dump describes itself: every span carries the rank's resource (rank, world size, run id,
 * service), with the host and the process id where the resource has none, and the attributes
 * {@value #FORMAT_VERSION}, {@value #CAPACITY}, {@value #SPANS}, {@value #OPEN_SPANS},
 * {@value #DROPPED}, {@value #TRIGGER} and {@code nemo.dump.reason} ({@link DumpReason}).
 * <p>
 * Beside the finished spans, a dump holds the spans open at its time, after them, each ending at
 * the dump's time and marked {@code nemo.span.open=true}: the step a rank is in when it hangs.
 */
public final class DumpWriter {

	/** Resource attribute: the version of the dump's layout, {@value #CURRENT_FORMAT_VERSION} now. */
	public static final String FORMAT_VERSION = "nemo.lens.flight_recorder.format_version";

	/** Resource attribute: how many spans the ring keeps at most. */
	public static final String CAPACITY = "nemo.lens.flight_recorder.capacity";

	/** Resource attribute: how many finished spans the dump holds. */
	public static final String SPANS = "nemo.lens.flight_recorder.spans";

	/** Resource attribute: how many spans open at the dump's time it holds. */
	public static final String OPEN_SPANS = "nemo.lens.flight_recorder.open_spans";

	/** Resource attribute: how many spans ended before the oldest one held and were dropped. */
	public static final String DROPPED = "nemo.lens.flight_recorder.dropped";

	/**
	 * Resource attribute: where the rank's finished spans went: {@code recorded} (in this dump),
	 * {@code exported} (to the collector, by the rank that exports traces: the dump holds its open
	 * spans only) or {@code none} (an exporting rank with the exporter {@code none}).
	 */
	public static final String FINISHED_SPANS = "nemo.lens.flight_recorder.finished_spans";

	/** Resource attribute: what asked for the dump ({@code request}, {@code control-file}, ...). */
	public static final String TRIGGER = "nemo.lens.flight_recorder.trigger";

	/** The layout written now. */
	public static final long CURRENT_FORMAT_VERSION = 1;

	private static final Set<PosixFilePermission> OWNER_ONLY_DIRECTORY = PosixFilePermissions.fromString("rwx------");

	private static final Set<PosixFilePermission> OWNER_ONLY_FILE = PosixFilePermissions.fromString("rw-------");

	private static final Set<PosixFilePermission> GROUP_SHARED_FILE = PosixFilePermissions.fromString("rw-r-----");

	/** The setgid bit of a {@code unix:mode}. */
	private static final int SETGID = 02000;

	private final Path directory;

	private final DumpNames names;

	private final DumpRetention retention;

	private final int attempt;

	/**
	 * Creates a writer for one rank that keeps 20 dumps.
	 * @param directory where dumps go; created when missing
	 * @param runId the run id, part of the file name
	 * @param rank the rank, part of the file name
	 */
	public DumpWriter(Path directory, String runId, int rank) {
		this(directory, runId, rank, 20);
	}

	/**
	 * Creates a writer for one rank.
	 * @param directory where dumps go; created when missing
	 * @param runId the run id, part of the file name
	 * @param rank the rank, part of the file name
	 * @param maxDumps how many files of its own the rank keeps; more than zero
	 */
	public DumpWriter(Path directory, String runId, int rank, int maxDumps) {
		this(directory, runId, rank, maxDumps, 0);
	}

	/**
	 * Creates a writer for one rank of one attempt of a job.
	 * @param directory where dumps go; created when missing
	 * @param runId the run id, part of the file name
	 * @param rank the rank, part of the file name
	 * @param maxDumps how many files of its own the rank keeps in this attempt; more than zero
	 * @param attempt the attempt of the job, 0 for the first: part of the file name from 1 on, and
	 * of every dump
	 */
	public DumpWriter(Path directory, String runId, int rank, int maxDumps, int attempt) {
		this.directory = Objects.requireNonNull(directory, "directory must not be null");
		this.names = new DumpNames(Objects.requireNonNull(runId, "runId must not be null"), rank, attempt);
		this.retention = new DumpRetention(this.names, maxDumps);
		this.attempt = attempt;
	}

	/**
	 * Writes one dump.
	 * @param contents what the ring holds
	 * @param capacity the ring's capacity
	 * @param resource the rank's resource
	 * @param trigger what asked for the dump
	 * @param now the dump's time, part of the file name
	 * @return the file written
	 * @throws IOException when the directory cannot be made or written (a full disk, no permission)
	 */
	public Path write(SpanRing.Contents contents, int capacity, Resource resource, String trigger, Instant now)
			throws IOException {
		return write(contents, capacity, LogRing.Contents.EMPTY, resource, trigger, now);
	}

	/**
	 * Writes one dump of spans and log records: the log records, when there are any, as a second
	 * line (an {@code ExportLogsServiceRequest}) under the resource they were emitted with; readers
	 * of the first line, such as {@link DumpReport}, are not affected.
	 * @param contents what the span ring holds
	 * @param capacity the span ring's capacity
	 * @param logs what the log ring holds
	 * @param resource the rank's resource
	 * @param trigger what asked for the dump
	 * @param now the dump's time, part of the file name
	 * @return the file written
	 * @throws IOException when the directory cannot be made or written (a full disk, no permission)
	 */
	public Path write(SpanRing.Contents contents, int capacity, LogRing.Contents logs, Resource resource,
			String trigger, Instant now) throws IOException {
		return write(contents, capacity, List.of(), logs, resource, trigger, now);
	}

	/**
	 * Writes one dump of finished spans, spans still open, and log records, as
	 * {@link #write(SpanRing.Contents, int, LogRing.Contents, Resource, String, Instant)} does; the
	 * open spans follow the finished ones, redacted as they are.
	 * @param contents what the span ring holds
	 * @param capacity the span ring's capacity
	 * @param open the spans open at the dump's time, as {@link OpenSpans} gives them
	 * @param logs what the log ring holds
	 * @param resource the rank's resource
	 * @param trigger what asked for the dump
	 * @param now the dump's time, part of the file name
	 * @return the file written
	 * @throws IOException when the directory cannot be made or written (a full disk, no permission)
	 */
	Path write(SpanRing.Contents contents, int capacity, List<SpanData> open, LogRing.Contents logs,
			Resource resource, String trigger, Instant now) throws IOException {
		Resource described = DumpRedaction.resource(describe(resource, contents, open.size(), capacity, trigger));
		List<SpanData> spans = Stream.concat(contents.spans().stream(), open.stream())
			.map((span) -> DumpRedaction.span(span, described))
			.toList();
		List<LogRecordData> records = DumpRedaction.logRecords(logs.records());
		boolean posix = createDirectory();
		Path target = this.directory.resolve(this.names.name(now));
		Path temporary = posix
				? Files.createTempFile(this.directory, this.names.temporaryPrefix(), ".tmp",
						PosixFilePermissions.asFileAttribute(filePermissions()))
				: Files.createTempFile(this.directory, this.names.temporaryPrefix(), ".tmp");
		try {
			try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(temporary))) {
				OtlpJson.write(spans, described, this.attempt, out);
				if (!records.isEmpty()) {
					OtlpJson.writeLogs(records, out);
				}
			}
			Path written = Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
			this.retention.prune(this.directory);
			return written;
		}
		catch (IOException | RuntimeException ex) {
			Files.deleteIfExists(temporary);
			throw ex;
		}
	}

	/**
	 * The name of a dump: {@code <run id>-rank-<rank>-<UTC time>.json}, the time to the
	 * millisecond ({@code 20261204T101500.123Z}); characters of the run id that do not belong in a
	 * file name become {@code _}, and a run id longer than 80 characters keeps its start and ends in
	 * a hash of the whole id.
	 * @param runId the run id
	 * @param rank the rank
	 * @param time the dump's time
	 * @return the file name
	 */
	public static String fileName(String runId, int rank, Instant time) {
		return new DumpNames(runId, rank).name(time);
	}

	/**
	 * Creates the directory when missing, its owner's only where the file system has POSIX
	 * permissions; an existing directory is used as it is.
	 * @return whether the file system has POSIX permissions
	 */
	private boolean createDirectory() throws IOException {
		boolean posix = this.directory.getFileSystem().supportedFileAttributeViews().contains("posix");
		if (!Files.isDirectory(this.directory)) {
			if (posix) {
				Files.createDirectories(this.directory, PosixFilePermissions.asFileAttribute(OWNER_ONLY_DIRECTORY));
			}
			else {
				Files.createDirectories(this.directory);
			}
		}
		return posix;
	}

	/** The owner's only, unless the directory is a team's: setgid, so its files take its group. */
	private Set<PosixFilePermission> filePermissions() {
		try {
			Object mode = Files.getAttribute(this.directory, "unix:mode");
			if (mode instanceof Integer bits && (bits & SETGID) != 0) {
				return GROUP_SHARED_FILE;
			}
		}
		catch (IOException | RuntimeException ex) {
			// No unix view here: the owner's only.
		}
		return OWNER_ONLY_FILE;
	}

	private static Resource describe(Resource resource, SpanRing.Contents contents, int open, int capacity,
			String trigger) {
		ResourceBuilder described = resource.toBuilder();
		if (resource.getAttribute(AttributeKey.stringKey("host.name")) == null) {
			described.put("host.name", Host.NAME);
		}
		if (resource.getAttribute(AttributeKey.longKey("process.pid")) == null) {
			described.put("process.pid", ProcessHandle.current().pid());
		}
		return described.put(FORMAT_VERSION, CURRENT_FORMAT_VERSION)
			.put(CAPACITY, capacity)
			.put(SPANS, contents.spans().size())
			.put(OPEN_SPANS, open)
			.put(DROPPED, contents.dropped())
			.put(TRIGGER, trigger)
			.put(DumpReason.ATTRIBUTE, DumpReason.ofTrigger(trigger).value())
			.build();
	}

	/** The host name, looked up once, at the first dump: a lookup can wait on DNS. */
	private static final class Host {

		static final String NAME = lookUp();

		private static String lookUp() {
			String variable = System.getenv("HOSTNAME");
			if (variable != null && !variable.isBlank()) {
				return variable.trim();
			}
			try {
				return InetAddress.getLocalHost().getHostName();
			}
			catch (IOException ex) {
				return "unknown";
			}
		}

	}

}

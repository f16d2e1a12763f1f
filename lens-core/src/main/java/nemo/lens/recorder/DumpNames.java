package nemo.lens.recorder;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * The names of one rank's dumps: {@code <run id>-rank-<rank>-<UTC time>.json}, of bounded length;
 * a restarted job's ({@link nemo.lens.sdk.RunAttempt}) {@code <run id>-attempt-<n>-rank-<rank>-<UTC time>.json},
 * so that the dumps of two attempts of one job never share a name, nor count against each other's
 * {@code max-dumps}. The first attempt's names stay as they always were.
 * A run id longer than {@value #MAX_RUN_ID_LENGTH} characters (after the characters that do not
 * belong in a file name became {@code _}) keeps its start and ends in a hash of the whole id, so
 * that a name stays far below the 255 bytes a file system allows and stays unique per run.
 */
final class DumpNames {

	/** The longest run id part of a name: room for the rest and a temporary file's additions. */
	static final int MAX_RUN_ID_LENGTH = 80;

	/** Hex digits of the run id's hash in a shortened name: 48 bits, no clash between runs. */
	private static final int HASH_DIGITS = 12;

	private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss.SSS'Z'")
		.withZone(ZoneOffset.UTC);

	private static final Pattern TIME_AND_SUFFIX = Pattern.compile("\\d{8}T\\d{6}\\.\\d{3}Z\\.json");

	private final String prefix;

	/**
	 * The names of one rank's dumps in the first attempt of its job.
	 * @param runId the run id
	 * @param rank the rank
	 */
	DumpNames(String runId, int rank) {
		this(runId, rank, 0);
	}

	/**
	 * The names of one rank's dumps.
	 * @param runId the run id
	 * @param rank the rank
	 * @param attempt the attempt of the job, 0 for the first
	 */
	DumpNames(String runId, int rank, int attempt) {
		this.prefix = runIdPart(runId) + ((attempt > 0) ? "-attempt-" + attempt : "") + "-rank-" + rank + "-";
	}

	/** The name of the dump written at a time. */
	String name(Instant time) {
		return this.prefix + TIME.format(time) + ".json";
	}

	/** Whether a file name is one of this rank's dumps (not a temporary file, not another rank's). */
	boolean isOwn(String fileName) {
		return fileName.startsWith(this.prefix)
				&& TIME_AND_SUFFIX.matcher(fileName.substring(this.prefix.length())).matches();
	}

	/** The prefix of this rank's temporary files: hidden, so readers of {@code *.json} skip them. */
	String temporaryPrefix() {
		return "." + this.prefix;
	}

	static String runIdPart(String runId) {
		String safe = runId.replaceAll("[^A-Za-z0-9._-]", "_");
		if (safe.length() <= MAX_RUN_ID_LENGTH) {
			return safe;
		}
		return safe.substring(0, MAX_RUN_ID_LENGTH - HASH_DIGITS - 1) + "-" + hash(runId);
	}

	private static String hash(String runId) {
		try {
			byte[] digest = MessageDigest.getInstance("SHA-256").digest(runId.getBytes(StandardCharsets.UTF_8));
			return HexFormat.of().formatHex(digest).substring(0, HASH_DIGITS);
		}
		catch (NoSuchAlgorithmException ex) {
			// Every Java platform has SHA-256.
			throw new IllegalStateException(ex);
		}
	}

}

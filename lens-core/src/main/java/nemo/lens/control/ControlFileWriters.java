package nemo.lens.control;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Who may write the control file that every rank of a job obeys: its owner only, and that owner
 * the rank's own user or root. A file that group or others may write (mode {@code 0666}, or
 * {@code 0664} under a umask of {@code 0002}), or that another user owns, lets anyone with that
 * access switch every rank on, or make every rank dump, and so is refused unless the team says it
 * means it ({@code nemo.lens.control.allow-shared-writes}). Where the file system has no Unix
 * modes, nothing is checked.
 */
final class ControlFileWriters {

	private static final int GROUP_WRITE = 0020;

	private static final int OTHERS_WRITE = 0002;

	/** The uid this process runs as, read once: the owner of {@code /proc/self}; -1 where unknown. */
	private static final int PROCESS_UID = processUid();

	private ControlFileWriters() {
	}

	/**
	 * Why a file of this mode and owner is refused.
	 * @param mode the file's Unix mode
	 * @param uid the file's owner
	 * @param allowShared whether shared writes are allowed
	 * @return the reason, or {@code null} when the file may be read
	 */
	static String problem(int mode, int uid, boolean allowShared) {
		return problem(mode, uid, PROCESS_UID, allowShared);
	}

	static String problem(int mode, int uid, int processUid, boolean allowShared) {
		if (allowShared) {
			return null;
		}
		if ((mode & (GROUP_WRITE | OTHERS_WRITE)) != 0) {
			return "writable by " + (((mode & OTHERS_WRITE) != 0) ? "others" : "its group") + " ("
					+ modeAndOwner(mode, uid)
					+ "), so anyone with that access could switch every rank: make it writable by its owner only "
					+ "(chmod go-w), or set nemo.lens.control.allow-shared-writes=true "
					+ "(NEMO_LENS_CONTROL_ALLOW_SHARED_WRITES) where a team shares it on purpose";
		}
		if (processUid >= 0 && uid != processUid && uid != 0) {
			return "owned by another user (" + modeAndOwner(mode, uid) + "; this rank runs as uid " + processUid
					+ " and takes a file of its own user or root), so that user could switch every rank: have "
					+ "the rank's user write it, or set nemo.lens.control.allow-shared-writes=true "
					+ "(NEMO_LENS_CONTROL_ALLOW_SHARED_WRITES) where a team shares it on purpose";
		}
		return null;
	}

	// Built only for a refused file: every changed control file is checked, and a Formatter would be
	// the first of the process, allocated in the middle of a switch.
	private static String modeAndOwner(int mode, int uid) {
		String octal = Integer.toOctalString(mode & 07777);
		return "mode " + "0000".substring(octal.length()) + octal + ", owner uid " + uid;
	}

	private static int processUid() {
		try {
			return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
		}
		catch (IOException | RuntimeException ex) {
			// No /proc, or no unix view: the mode is checked, the owner is not.
			return -1;
		}
	}

}

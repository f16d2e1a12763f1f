package nemo.lens.control;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import nemo.lens.Await;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A control file anyone on the node may write cannot switch the job: a file writable by group or
 * others, or owned by another user than the rank's or root, is an error under {@code control},
 * warned once naming its mode and owner, and changes nothing; unless the team says it means it
 * ({@code nemo.lens.control.allow-shared-writes}).
 */
class ControlFileOwnerAndModeTests {

	@TempDir
	Path directory;

	private Path file;

	private final List<String> warnings = new CopyOnWriteArrayList<>();

	private final List<TelemetryHandle> handles = new ArrayList<>();

	@BeforeEach
	void posixOnly() {
		assumeTrue(this.directory.getFileSystem().supportedFileAttributeViews().contains("unix"));
		this.file = this.directory.resolve("lens.properties");
	}

	@AfterEach
	void shutdown() {
		this.handles.forEach(TelemetryHandle::shutdown);
	}

	private TelemetryHandle silentRank(boolean allowSharedWrites) {
		NemoLensConfig config = NemoLensConfig.builder()
			.enabled(true)
			.exporter("none")
			.controlFile(this.file.toString())
			.controlInterval(Duration.ofMillis(20))
			.controlAllowSharedWrites(allowSharedWrites)
			.build();
		TelemetryHandle handle = new TelemetrySetup(new ExportStrategyRegistry((name) -> null), (name) -> null)
			.setup(config, 0, 4, TelemetryOptions.builder().warnings(this.warnings::add).shutdownHook(false).build());
		this.handles.add(handle);
		return handle;
	}

	private void write(String content, String mode) throws IOException {
		Path next = Files.createTempFile(this.directory, "control", ".tmp");
		Files.writeString(next, content);
		Files.setPosixFilePermissions(next, PosixFilePermissions.fromString(mode));
		Files.move(next, this.file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
	}

	private static boolean inError(TelemetryHandle rank) {
		return Await.until(() -> rank.controlStatus().orElseThrow().state().equals("error"));
	}

	@Test
	void aFileAnyoneMayWriteIsAnErrorWarnedOnceNamingItsModeAndOwnerAndSwitchesNothing() throws IOException {
		TelemetryHandle rank = silentRank(false);
		write("export-strategy=all_ranks\n", "rw-rw-rw-");
		assertThat(inError(rank)).isTrue();
		assertThat(rank.isExporting()).isFalse();
		assertThat(rank.controlStatus().orElseThrow().error()).startsWith("writable by others (mode 0666, owner uid ");
		assertThat(this.warnings).singleElement()
			.asString()
			.contains("control file " + this.file)
			.contains("mode 0666")
			.contains("owner uid")
			.contains("nemo.lens.control.allow-shared-writes");
	}

	@Test
	void aFileItsGroupMayWriteIsAnErrorToo() throws IOException {
		TelemetryHandle rank = silentRank(false);
		write("export-strategy=all_ranks\n", "rw-rw-r--");
		assertThat(inError(rank)).isTrue();
		assertThat(rank.controlStatus().orElseThrow().error()).startsWith("writable by its group (mode 0664");
		assertThat(rank.isExporting()).isFalse();
	}

	@Test
	void withSharedWritesAllowedAFileAnyoneMayWriteIsApplied() throws IOException {
		TelemetryHandle rank = silentRank(true);
		write("export-strategy=all_ranks\n", "rw-rw-rw-");
		assertThat(Await.until(() -> rank.controlStatus().orElseThrow().state().equals("applied"))).isTrue();
		assertThat(rank.isExporting()).isTrue();
	}

	@Test
	void makingTheFileItsOwnersAloneIsNoticedWithoutAChangeOfContent() throws IOException {
		TelemetryHandle rank = silentRank(false);
		write("export-strategy=all_ranks\n", "rw-rw-rw-");
		assertThat(inError(rank)).isTrue();
		Files.setPosixFilePermissions(this.file, PosixFilePermissions.fromString("rw-r--r--"));
		assertThat(Await.until(() -> rank.controlStatus().orElseThrow().state().equals("applied"))).isTrue();
		assertThat(rank.isExporting()).isTrue();
	}

	@Test
	void aFileOfAnotherUserIsAnErrorNamingItsOwner() throws Exception {
		TelemetryHandle rank = silentRank(false);
		write("export-strategy=all_ranks\n", "rw-r--r--");
		assertThat(Await.until(rank::isExporting)).isTrue();
		Path next = Files.createTempFile(this.directory, "control", ".tmp");
		Files.writeString(next, "export-strategy=all_ranks\nexport-rank=3\n");
		// Only root may give a file away; elsewhere this case is left to ControlFileWritersTests.
		assumeTrue(new ProcessBuilder("chown", "54321", next.toString()).start().waitFor() == 0);
		Files.move(next, this.file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
		assertThat(inError(rank)).isTrue();
		assertThat(rank.controlStatus().orElseThrow().error()).startsWith("owned by another user (mode 0600, owner uid 54321");
		assertThat(rank.controlStatus().orElseThrow().applied()).doesNotContainKey("export-rank");
	}

}

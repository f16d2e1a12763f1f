package nemo.lens.control;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import nemo.lens.Await;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A control file that cannot be used is warned about and shown under {@code control} with what it
 * holds quoted: redacted, since an operator may paste a credential into it by mistake.
 */
class ControlFileRedactionTests {

	@TempDir
	Path directory;

	private final List<String> warnings = new CopyOnWriteArrayList<>();

	private TelemetryHandle rank;

	@AfterEach
	void shutdown() {
		this.rank.shutdown();
	}

	@Test
	void aRefusedValueThatHoldsACredentialIsRedactedInTheWarningAndTheStatus() throws IOException {
		Path file = this.directory.resolve("lens.properties");
		NemoLensConfig config = NemoLensConfig.builder()
			.enabled(true)
			.exporter("none")
			.controlFile(file.toString())
			.controlInterval(Duration.ofMillis(20))
			.build();
		this.rank = new TelemetrySetup(new ExportStrategyRegistry((name) -> null), (name) -> null).setup(config, 0, 4,
				TelemetryOptions.builder().warnings(this.warnings::add).shutdownHook(false).build());
		Path next = Files.createTempFile(this.directory, "control", ".tmp");
		Files.writeString(next, "export-strategy=HF_TOKEN=hf_AbCdEfGhIjKlMnOpQrStUvWxYz012345\n");
		Files.move(next, file, StandardCopyOption.ATOMIC_MOVE);
		assertThat(Await.until(() -> !this.warnings.isEmpty())).isTrue();
		assertThat(this.warnings).singleElement().asString().contains("HF_TOKEN=<redacted>").doesNotContain("hf_AbCd");
		assertThat(this.rank.controlStatus().orElseThrow().error()).contains("HF_TOKEN=<redacted>")
			.doesNotContain("hf_AbCd");
	}

}

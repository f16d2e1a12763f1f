package nemo.lens.live;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import nemo.lens.Await;
import nemo.lens.ExportOverride;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.Signal;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import nemo.lens.spans.SpanGroups;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Settings changed while a rank runs (Spring Cloud's refresh, through
 * {@link TelemetryHandle#reconfigure}): the strategies, their inputs and the span groups decide
 * again, below an override and the control file; a bad value changes nothing; the rest waits for a
 * restart.
 */
class LiveSettingsTests {

	@TempDir
	Path directory;

	private final List<String> notices = new CopyOnWriteArrayList<>();

	private final List<TelemetryHandle> handles = new ArrayList<>();

	private final ExportStrategyRegistry registry = new ExportStrategyRegistry((name) -> null);

	@AfterEach
	void shutdown() {
		this.handles.forEach(TelemetryHandle::shutdown);
	}

	private static NemoLensConfig.Builder settings() {
		return NemoLensConfig.builder().enabled(true).exporter("none");
	}

	private TelemetryHandle rank(int rank, NemoLensConfig config) {
		TelemetryHandle handle = new TelemetrySetup(this.registry, (name) -> null).setup(config, rank, 4,
				TelemetryOptions.builder().switchable(true).notices(this.notices::add).shutdownHook(false).build());
		this.handles.add(handle);
		return handle;
	}

	@Test
	void aNewStrategySwitchesASilentRankOnAndIsReportedAsTheStrategysDecision() {
		TelemetryHandle silent = rank(0, settings().build());
		List<String> changed = silent.reconfigure(settings().exportStrategy("all_ranks").build(), "test");
		assertThat(changed).containsExactly("nemo.lens.export-strategy");
		assertThat(silent.isExporting()).isTrue();
		assertThat(silent.isSelectedByStrategy(Signal.TRACES)).isTrue();
		assertThat(silent.exportStrategy()).isEqualTo("all_ranks");
		assertThat(this.notices).anySatisfy((notice) -> assertThat(notice)
			.contains("settings changed by test (nemo.lens.export-strategy)")
			.contains("exporting nothing -> [traces, metrics]"));
	}

	@Test
	void aSignalsOwnStrategyChangesThatSignalOnly() {
		TelemetryHandle silent = rank(0, settings().build());
		silent.reconfigure(settings().exportStrategy(Signal.METRICS, "all_ranks").build(), "test");
		assertThat(silent.isExporting(Signal.METRICS)).isTrue();
		assertThat(silent.isExporting(Signal.TRACES)).isFalse();
		assertThat(silent.exportStrategy(Signal.METRICS)).isEqualTo("all_ranks");
	}

	@Test
	void aStrategysInputChangesItsDecision() {
		TelemetryHandle silent = rank(1, settings().build());
		silent.reconfigure(settings().exportRank(1).build(), "test");
		assertThat(silent.isExporting()).isTrue();
	}

	@Test
	void anUnknownStrategyChangesNothingAndSaysWhichSettingIsWrong() {
		TelemetryHandle exporting = rank(3, settings().build());
		assertThatIllegalArgumentException()
			.isThrownBy(() -> exporting.reconfigure(settings().exportStrategy("al_ranks").build(), "test"))
			.withMessageContaining("al_ranks");
		assertThat(exporting.isExporting()).isTrue();
		assertThat(exporting.exportStrategy()).isEqualTo("single_rank");
	}

	@Test
	void unknownSpanGroupsChangeNothingEvenWithAGoodStrategy() {
		TelemetryHandle silent = rank(0, settings().build());
		assertThatIllegalArgumentException()
			.isThrownBy(() -> silent.reconfigure(settings().exportStrategy("all_ranks").spanGroups("per_stpe").build(),
					"test"))
			.withMessageContaining("nemo.lens.span-groups")
			.withMessageContaining("per_stpe");
		assertThat(silent.isExporting()).isFalse();
	}

	@Test
	void newSpanGroupsTakeEffect() {
		TelemetryHandle rank = rank(3, settings().build());
		assertThat(rank.spanGroups().isEnabled(SpanGroups.STEP)).isFalse();
		rank.reconfigure(settings().spanGroups("per_step").build(), "test");
		assertThat(rank.spanGroups().isEnabled(SpanGroups.STEP)).isTrue();
	}

	@Test
	void settingsBuiltIntoTheRankAtStartUpAreNotTaken() {
		TelemetryHandle rank = rank(3, settings().build());
		List<String> changed = rank.reconfigure(settings().serviceName("renamed").exporter("console").build(), "test");
		assertThat(changed).isEmpty();
		assertThat(rank.config().serviceName()).isNotEqualTo("renamed");
		assertThat(this.notices).noneMatch((notice) -> notice.contains("settings changed"));
	}

	@Test
	void anOverrideInForceStaysAheadOfNewSettings() {
		TelemetryHandle silent = rank(0, settings().build());
		silent.override(ExportOverride.State.SILENT, Duration.ofMinutes(15), "test");
		silent.reconfigure(settings().exportStrategy("all_ranks").build(), "test");
		assertThat(silent.isExporting()).isFalse();
		silent.removeOverride("test");
		assertThat(silent.isExporting()).isTrue();
	}

	@Test
	void theControlFileInForceStaysAheadAndIsDecidedOverTheNewSettings() throws IOException {
		this.registry.register("never", (config, rank, worldSize) -> false);
		Path file = this.directory.resolve("lens.properties");
		Path next = Files.writeString(this.directory.resolve("next"), "export-rank=1\n");
		Files.move(next, file, StandardCopyOption.ATOMIC_MOVE);
		TelemetryHandle rank = rank(1,
				settings().controlFile(file.toString()).controlInterval(Duration.ofMillis(20)).build());
		assertThat(Await.until(() -> rank.controlStatus().orElseThrow().state().equals("applied"))).isTrue();
		assertThat(rank.isExporting()).as("single_rank with the file's export-rank").isTrue();
		rank.reconfigure(settings().exportStrategy("never").build(), "test");
		assertThat(rank.isExporting()).as("the file's export-rank over the new strategy").isFalse();
		assertThat(rank.controlStatus()).hasValueSatisfying((status) -> assertThat(status.state()).isEqualTo("applied"));
	}

}

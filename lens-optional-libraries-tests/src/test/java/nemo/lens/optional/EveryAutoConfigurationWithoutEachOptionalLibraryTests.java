package nemo.lens.optional;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Every auto-configuration of the imports file, registered by class in an
 * {@code ApplicationContextRunner} as a user's test registers them, starts with its
 * {@code TelemetryHandle} on a class path that truly lacks each optional library in turn, and
 * then lacks only the beans that need that library. Each class path is a JVM of its own: this
 * test's class path, which holds every library, minus that library's jars. A new auto-configuration
 * is covered as soon as the imports file lists it; a new optional dependency of the
 * auto-configuration fails {@link #everyOptionalDependencyOfTheAutoConfigurationIsTakenAwayHere()}
 * until a library here takes it away.
 */
class EveryAutoConfigurationWithoutEachOptionalLibraryTests {

	@Test
	void everyOptionalDependencyOfTheAutoConfigurationIsTakenAwayHere() throws Exception {
		List<String> kept = OptionalLibrary.KEPT.stream().map(OptionalLibrary.Kept::coordinates).toList();
		assertThat(AutoConfigurationPom.optionalDependencies()).isNotEmpty()
			.allSatisfy((coordinates) -> assertThat(kept.contains(coordinates) || covered(coordinates))
				.as("%s, an optional dependency of lens-spring-boot-autoconfigure, is taken away by no "
						+ "OptionalLibrary: add it to one (and its jars to this module's dependencies) or to "
						+ "OptionalLibrary.KEPT with the reason", coordinates)
				.isTrue());
	}

	@ParameterizedTest
	@EnumSource(OptionalLibrary.class)
	void eachLibraryIsOnTheTestClassPathSoThatTakingItAwayMeansSomething(OptionalLibrary library) {
		assumeTrue(library.absentFromThisLine() == null, () -> String.valueOf(library.absentFromThisLine()));
		assertThat(ForkedJvm.jarsOf(library.artifacts())).as("jars of %s", library.artifacts()).isNotEmpty();
		assertThat(library.missingClasses())
			.allMatch((name) -> ClassUtils.isPresent(name, getClass().getClassLoader()));
	}

	@Test
	void withEveryLibraryEveryAutoConfigurationStartsAndDefinesEveryIntegration() {
		assertThat(AutoConfigurationsByClass.names()).hasSizeGreaterThanOrEqualTo(12);
		assertThat(AutoConfigurationsByClass.beans()).contains("lensTelemetryHandle")
			.containsAll(Arrays.stream(OptionalLibrary.values()).flatMap((library) -> library.backedOffBeans().stream()).toList());
	}

	@ParameterizedTest
	@EnumSource(OptionalLibrary.class)
	void withoutTheLibraryEveryAutoConfigurationStartsWithTheHandleAndWhatNeedsItBacksOff(OptionalLibrary library)
			throws Exception {
		assumeTrue(library.absentFromThisLine() == null, () -> String.valueOf(library.absentFromThisLine()));
		ForkedJvm.Result result = ForkedJvm.run(library.artifacts(), library.missingClasses());
		assertThat(result.exitCode()).as(result.output()).isZero();
		assertThat(result.beans()).contains("lensTelemetryHandle").noneMatch(library.backedOffBeans()::contains);
	}

	@Test
	void withoutAnyOptionalLibraryEveryAutoConfigurationStartsWithTheHandle() throws Exception {
		Set<OptionalLibrary> present = EnumSet.allOf(OptionalLibrary.class);
		present.removeIf((library) -> library.absentFromThisLine() != null);
		ForkedJvm.Result result = ForkedJvm.run(present.stream().flatMap((library) -> library.artifacts().stream()).toList(),
				present.stream().flatMap((library) -> library.missingClasses().stream()).toList());
		assertThat(result.exitCode()).as(result.output()).isZero();
		assertThat(result.beans()).contains("lensTelemetryHandle")
			.noneMatch((bean) -> present.stream().anyMatch((library) -> library.backedOffBeans().contains(bean)));
	}

	private static boolean covered(String coordinates) {
		String[] parts = coordinates.split(":");
		return Arrays.stream(OptionalLibrary.values()).anyMatch((library) -> library.covers(parts[0], parts[1]));
	}

}

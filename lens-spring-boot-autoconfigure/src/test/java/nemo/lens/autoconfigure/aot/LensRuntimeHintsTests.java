package nemo.lens.autoconfigure.aot;

import nemo.lens.autoconfigure.aot.LensAotAutoConfiguration;
import java.lang.reflect.RecordComponent;

import nemo.lens.NemoLensConfig;
import org.junit.jupiter.api.Test;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.beans.BeanUtils;
import org.springframework.context.annotation.ImportRuntimeHints;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The hints a native image needs for the reflection on {@link NemoLensConfig}: the record's
 * accessors and canonical constructor, and the builder's field of each component.
 */
// The predicates Spring Framework 6.2 and 7 both have (7 deprecates them), as the same test runs on
// Boot 3.5.
@SuppressWarnings("deprecation")
class LensRuntimeHintsTests {

	private final RuntimeHints hints = registered();

	@Test
	void everyRecordAccessorMayBeInvoked() {
		for (RecordComponent component : NemoLensConfig.class.getRecordComponents()) {
			assertThat(RuntimeHintsPredicates.reflection().onMethod(component.getAccessor()).invoke())
				.as(component.getName())
				.accepts(this.hints);
		}
	}

	@Test
	void theCanonicalConstructorMayBeInvoked() {
		assertThat(RuntimeHintsPredicates.reflection()
			.onConstructor(BeanUtils.getResolvableConstructor(NemoLensConfig.class)).invoke()).accepts(this.hints);
	}

	@Test
	void theBuilderFieldOfEveryComponentMayBeAccessed() {
		for (RecordComponent component : NemoLensConfig.class.getRecordComponents()) {
			assertThat(RuntimeHintsPredicates.reflection().onField(NemoLensConfig.Builder.class, component.getName()))
				.as(component.getName())
				.accepts(this.hints);
		}
	}

	@Test
	void theAutoConfigurationImportsTheHints() {
		assertThat(LensAotAutoConfiguration.class.getAnnotation(ImportRuntimeHints.class).value())
			.contains(LensRuntimeHints.class);
	}

	private static RuntimeHints registered() {
		RuntimeHints hints = new RuntimeHints();
		new LensRuntimeHints().registerHints(hints, LensRuntimeHintsTests.class.getClassLoader());
		return hints;
	}

}

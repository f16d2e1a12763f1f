package nemo.lens.sample.docs;

import java.io.IOException;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Spring settings the docs show (every unmarked properties or YAML block, and the settings of
 * an {@code exports-logs} block), bound through the Boot line's binder and every NeMo Lens
 * auto-configuration. A unit test, apart from {@link DocsIT}, so that it runs on every Boot line:
 * what a property binds to is the line's binder's doing, while the rest of DocsIT (commands, ranks,
 * files of this build) runs on the default line only.
 */
class DocSpringSettingsTests {

	@TestFactory
	Stream<DynamicTest> eachBlockOfSpringSettingsBindsAsWritten() throws IOException {
		return springSettings().stream()
			.map((block) -> DynamicTest.dynamicTest(block.toString(), () -> SpringSettings.check(block)));
	}

	@Test
	void theDocsShowSpringSettingsOnSeveralPages() throws IOException {
		assertThat(springSettings().stream().map(DocBlock::page).distinct()).hasSizeGreaterThan(3);
	}

	private static List<DocBlock> springSettings() throws IOException {
		return DocsIT.blocks()
			.stream()
			.filter((block) -> block.kind().equals("exports-logs") || (block.kind().isEmpty()
					&& (block.language().equals("yaml") || block.language().equals("properties"))))
			.toList();
	}

}

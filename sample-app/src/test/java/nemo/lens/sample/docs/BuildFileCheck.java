package nemo.lens.sample.docs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * A block that shows part of a file of this build, such as a dependency of an application a test
 * starts or its {@code logback-spring.xml}: the file holds the block's lines one after the other,
 * each compared without the spaces around it, as a page shows a snippet at its own indentation. So
 * what the page tells a user to add is what the test ran.
 */
final class BuildFileCheck {

	private BuildFileCheck() {
	}

	/**
	 * Checks the block against the file its marker names.
	 * @param block the block, marked {@code file: PATH}
	 * @param root the repository
	 */
	static void check(DocBlock block, Path root) throws Exception {
		Path file = root.resolve(block.argument()).normalize();
		assertThat(file).as("%s names a file of this build", block).startsWith(root).isRegularFile();
		List<String> wanted = stripped(block.text().strip().lines().toList());
		List<String> lines = stripped(Files.readAllLines(file));
		if (Collections.indexOfSubList(lines, wanted) < 0) {
			fail("%s is not in %s, line for line (indentation aside); the block:%n%s", block, block.argument(),
					block.text());
		}
	}

	private static List<String> stripped(List<String> lines) {
		return lines.stream().map(String::strip).toList();
	}

}

package nemo.lens.launch;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class SlurmTasksPerNodeTests {

	@ParameterizedTest(name = "{0} on node {1} -> {2}")
	@CsvSource(delimiter = ';', textBlock = """
			4;          0; 4
			2(x3),1;    0; 2
			2(x3),1;    2; 2
			2(x3),1;    3; 1
			1,3(x2),2;  2; 3
			1,3(x2),2;  3; 2
			8(x1000);   999; 8
			""")
	void readsTheEntryOfTheNodeFromTheCompressedForm(String list, int node, int expected) {
		assertThat(SlurmTasksPerNode.onNode("LIST", list, "NODE", node)).isEqualTo(expected);
	}

	@ParameterizedTest
	@ValueSource(strings = { "", "2,", "x3", "2(3)", "2(x)", "0", "2(x0)", "-1", "9999999999" })
	void rejectsWhatIsNotACompressedTaskList(String list) {
		assertThatIllegalArgumentException().isThrownBy(() -> SlurmTasksPerNode.onNode("LIST", list, "NODE", 0))
			.withMessage("Invalid value for LIST: '" + list + "'. Expected task counts per node such as 2(x3),1.");
	}

}

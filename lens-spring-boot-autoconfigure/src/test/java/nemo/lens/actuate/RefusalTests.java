package nemo.lens.actuate;

import nemo.lens.actuate.LensEndpointWebExtension.Refusal;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A refusal of the {@code lens} endpoint shows at most 200 characters of any value the caller
 * sent, and no credential.
 */
class RefusalTests {

	@Test
	void aLongValueIsCutToTwoHundredCharactersAndItsLengthSaid() {
		String value = "y".repeat(10_000);
		assertThat(new Refusal("signals '" + value + "': '" + value + "' is not one of 'traces'").error())
			.isEqualTo("signals '" + "y".repeat(200) + "...' (10000 characters): '" + "y".repeat(200)
					+ "...' (10000 characters) is not one of 'traces'");
	}

	@Test
	void aShortValueIsShownWhole() {
		assertThat(new Refusal("override 'exportin' is not one of 'exporting', 'silent', 'none'").error())
			.isEqualTo("override 'exportin' is not one of 'exporting', 'silent', 'none'");
	}

	@Test
	void aCredentialPastedIntoAFieldIsNotSentBack() {
		assertThat(new Refusal("override 'password=hunter2' is not one of 'exporting', 'silent', 'none'").error())
			.isEqualTo("override 'password=<redacted>' is not one of 'exporting', 'silent', 'none'");
	}

}

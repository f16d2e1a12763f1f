package nemo.lens.env;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RedactionTests {

	@Test
	void userInfoIsRemovedFromAUrlInAConnectFailure() {
		assertThat(Redaction.redact(
				"java.net.ConnectException: Failed to connect to https://lens:s3cr3t@collector.example:4318/v1/traces"))
			.isEqualTo("java.net.ConnectException: Failed to connect to https://collector.example:4318/v1/traces")
			.doesNotContain("s3cr3t");
	}

	@Test
	void aQueryStringIsReplaced() {
		assertThat(Redaction.redact("POST http://127.0.0.1:4318/v1/metrics?api_key=abc123&team=x failed: 503"))
			.isEqualTo("POST http://127.0.0.1:4318/v1/metrics?<redacted> failed: 503");
	}

	@Test
	void credentialValuesAreReplaced() {
		assertThat(Redaction.redact("headers: Authorization: Bearer eyJhbGciOi.payload, x-api-key=k-123; token=t0k"))
			.isEqualTo("headers: Authorization: <redacted>, x-api-key=<redacted>; token=<redacted>");
	}

	@Test
	void textWithoutSecretsIsUnchanged() {
		String text = "java.io.IOException: timeout after 10000 ms exporting 512 spans to http://127.0.0.1:4318/v1/traces";
		assertThat(Redaction.redact(text)).isEqualTo(text);
		assertThat(Redaction.redact(null)).isNull();
	}

	@Test
	void keysThatNameACredentialAreToldFromKeysThatMerelyMentionOne() {
		assertThat(List.of("db.password", "http.request.header.authorization", "http.request.header.x-api-key",
				"aws.secret_access_key", "oauth.access_token", "client_secret", "Cookie", "api_key", "token"))
			.allMatch(Redaction::isCredentialKey);
		assertThat(List.of("gen_ai.usage.input_tokens", "db.system", "url.full", "passwordless.enabled.count",
				"http.route", "keyboard"))
			.noneMatch(Redaction::isCredentialKey);
	}

	@Test
	void keysAreToldInAnyCasingJoinedOrNotAndShortWordsOnlyWhereAWordStarts() {
		assertThat(List.of("PGPASSWORD", "ACCESSTOKEN", "Db.Pass", "X-Auth", "x-honeycomb-team", "JSESSIONID",
				"csrftoken", "keyStorePassword", "MYSQL_PWD", "Set-Cookie", "sid"))
			.allMatch(Redaction::isCredentialKey);
		assertThat(List.of("bypass", "compass", "oauth.provider", "author", "max_tokens", "tokenizer", "session",
				"passage", "consider"))
			.noneMatch(Redaction::isCredentialKey);
	}

	@Test
	void aListIsJudgedAsAWholeSoTheValueAfterACredentialFlagGoes() {
		assertThat(Redaction.redactValues(List.of("train.py", "--password", "s3cret", "--epochs", "3", "token:",
				"t0k", "PGPASSWORD", "pg", "--token=x")))
			.containsExactly("train.py", "--password", "<redacted>", "--epochs", "3", "token:", "<redacted>",
					"PGPASSWORD", "<redacted>", "--token=<redacted>");
	}

	@Test
	void aFlagWithoutItsValueHidesNoOtherFlag() {
		assertThat(Redaction.redactValues(List.of("--password", "--verbose", "step-7")))
			.containsExactly("--password", "--verbose", "step-7");
	}

	@Test
	void aLoggableThrowableKeepsTheFramesAndLosesTheSecretsOfItsMessageAndCauses() {
		IllegalStateException failure = new IllegalStateException("door failed: password=hunter2",
				new IOException("connect to https://bob:b0bpw@collector:4318/"));
		Throwable loggable = Redaction.loggable(failure);
		StringWriter trace = new StringWriter();
		loggable.printStackTrace(new PrintWriter(trace));
		assertThat(trace.toString()).doesNotContain("hunter2", "b0bpw")
			.startsWith("java.lang.IllegalStateException: door failed: password=<redacted>; caused by java.io.IOException")
			.contains("aLoggableThrowableKeepsTheFramesAndLosesTheSecretsOfItsMessageAndCauses");
		assertThat(loggable.getStackTrace()).isEqualTo(failure.getStackTrace());
	}

}

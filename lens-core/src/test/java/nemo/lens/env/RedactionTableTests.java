package nemo.lens.env;

import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * Every form of secret that has reached a dump, a log line or an error: each row is a text, the
 * secret in it, and the text as Lens writes it, so that the secret is gone and the rest is kept.
 */
class RedactionTableTests {

	static Stream<Arguments> forms() {
		return Stream.of(
				// keys joined by _, - or ., as environments and configurations name them
				row("HF_TOKEN=hf_abcdefghijklmnopqrstuvwxyz0123 python train.py", "hf_abcdefghijklmnopqrstuvwxyz0123",
						"HF_TOKEN=<redacted> python train.py"),
				row("WANDB_API_KEY=0123456789abcdef0123 set", "0123456789abcdef0123", "WANDB_API_KEY=<redacted> set"),
				row("GITHUB_TOKEN=gh0123secret", "gh0123secret", "GITHUB_TOKEN=<redacted>"),
				row("AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG", "wJalrXUtnFEMI/K7MDENG",
						"AWS_SECRET_ACCESS_KEY=<redacted>"),
				row("aws_secret_access_key = wJalrXUt", "wJalrXUt", "aws_secret_access_key = <redacted>"),
				row("client_secret=cs-42&grant_type=client_credentials", "cs-42",
						"client_secret=<redacted>&grant_type=client_credentials"),
				row("db_password=hunter2, db_user=app", "hunter2", "db_password=<redacted>, db_user=app"),
				row("api-key: k-123 accepted", "k-123", "api-key: <redacted> accepted"),
				row("private_key=MIIEvQIBADAN", "MIIEvQIBADAN", "private_key=<redacted>"),
				row("deployment.db.password=pa55,service.version=7", "pa55",
						"deployment.db.password=<redacted>,service.version=7"),
				row("OTEL_SERVICE_NAME=svc-token=t0k3n", "t0k3n", "OTEL_SERVICE_NAME=svc-token=<redacted>"),
				row("x-api-key=abc; team=ml", "abc", "x-api-key=<redacted>; team=ml"),
				row("access_token: ya29.a0Af", "ya29.a0Af", "access_token: <redacted>"),
				row("refresh-token=rt-9 expired", "rt-9", "refresh-token=<redacted> expired"),
				row("passwd=letmein", "letmein", "passwd=<redacted>"),
				row("PGPASSWORD is unset; DB_PWD=pw0rd", "pw0rd", "PGPASSWORD is unset; DB_PWD=<redacted>"),
				row("credentials=user1:pw1", "pw1", "credentials=<redacted>"),
				row("Cookie: session=s3ss10n", "s3ss10n", "Cookie: <redacted>"),
				// camel case
				row("clientSecret=cs9 for app", "cs9", "clientSecret=<redacted> for app"),
				row("dbPassword: pw9", "pw9", "dbPassword: <redacted>"),
				row("accessToken=at-77", "at-77", "accessToken=<redacted>"),
				// JSON and quoted values, spaces and all
				row("{\"password\":\"s3cr et\",\"user\":\"bob\"}", "s3cr et",
						"{\"password\":\"<redacted>\",\"user\":\"bob\"}"),
				row("{\"api_key\": \"k y\"}", "k y", "{\"api_key\": \"<redacted>\"}"),
				row("{\"token\":\"a\\\"b\"} rest", "a\\\"b", "{\"token\":\"<redacted>\"} rest"),
				row("body {\\\"password\\\":\\\"pw in json\\\"} sent", "pw in json",
						"body {\\\"password\\\":\\\"<redacted>\\\"} sent"),
				row("password=\"two words\" given", "two words", "password=\"<redacted>\" given"),
				row("secret='single quoted' given", "single quoted", "secret='<redacted>' given"),
				row("'api-key': 'ak 1'", "ak 1", "'api-key': '<redacted>'"),
				row("{'private_key': 'pk1'}", "pk1", "{'private_key': '<redacted>'}"),
				// header forms
				row("Authorization: Bearer eyJhbGciOi.payload.sig", "eyJhbGciOi", "Authorization: <redacted>"),
				row("Proxy-Authorization: Basic dXNlcjpwYXNz", "dXNlcjpwYXNz", "Proxy-Authorization: <redacted>"),
				row("{Authorization=Bearer abc.def.ghi}", "abc.def.ghi", "{Authorization=<redacted>}"),
				row("sent with bearer eyJhbGciOiJIUzI1NiJ9 to the collector", "eyJhbGciOiJIUzI1NiJ9",
						"sent with bearer <redacted> to the collector"),
				// URL user info, to the last @ before the host, with or without a scheme
				row("connect to https://bob:s3cr3t@git.example/r", "s3cr3t", "connect to https://git.example/r"),
				row("http://user:p@ss@host/v1/traces failed", "p@ss", "http://host/v1/traces failed"),
				row("http://user:p@ss@w0rd@host:4318/", "w0rd", "http://host:4318/"),
				row("addEvent(connect to http://eve:pw@host/)", "eve:pw", "addEvent(connect to http://host/)"),
				row("'http//user:pw@collector:4318'", "user:pw", "'http//collector:4318'"),
				row("Invalid OTEL_EXPORTER_OTLP_ENDPOINT: 'user:pw@collector:4318'.", "user:pw",
						"Invalid OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318'."),
				row("endpoint user:p@ss@collector:4318 refused", "p@ss", "endpoint collector:4318 refused"),
				row("jdbc:postgresql://app:dbpw@db:5432/app", "dbpw", "jdbc:postgresql://db:5432/app"),
				row("repo.url=https://bob:ghtoken1@git/r,team=ml", "ghtoken1", "repo.url=https://git/r,team=ml"),
				// query strings
				row("GET https://s3.example/b/k?X-Amz-Signature=abc123&X-Amz-Credential=AK failed",
						"abc123", "GET https://s3.example/b/k?<redacted> failed"),
				// tokens that tell themselves
				row("login with hf_AbCdEfGhIjKlMnOpQrStUvWxYz012345 failed", "hf_AbCdEfGhIjKlMnOpQrStUvWxYz012345",
						"login with <redacted> failed"),
				row("push refused for ghp_0123456789abcdefghij0123456789abcdef",
						"ghp_0123456789abcdefghij0123456789abcdef", "push refused for <redacted>"),
				row("key id AKIAIOSFODNN7EXAMPLE denied", "AKIAIOSFODNN7EXAMPLE", "key id <redacted> denied"),
				// exception messages and stack traces keep their shape
				row("java.lang.IllegalStateException: login failed (password=pw1)\n\tat app.Db.open(Db.java:42)\n"
						+ "Caused by: java.net.ConnectException: http://u:pw2@db:5432/",
						"pw",
						"java.lang.IllegalStateException: login failed (password=<redacted>)\n\tat app.Db.open(Db.java:42)\n"
								+ "Caused by: java.net.ConnectException: http://db:5432/"),
				row("token=t1 and later secret: s2", "t1", "token=<redacted> and later secret: <redacted>"));
	}

	private static Arguments row(String text, String secret, String written) {
		return arguments(text, secret, written);
	}

	@ParameterizedTest(name = "[{index}] {0}")
	@MethodSource("forms")
	void theSecretIsGoneAndTheRestOfTheTextKept(String text, String secret, String written) {
		assertThat(text).contains(secret);
		assertThat(Redaction.redact(text)).isEqualTo(written).doesNotContain(secret);
	}

	static Stream<String> textsWithoutSecrets() {
		return Stream.of("gen_ai.usage.input_tokens=512 max_tokens=1024",
				"token_count=5, tokens: 12, tokenizer=bpe", "mail bob@example.org about step 7",
				"java.lang.Object@1b6d3586 at nemo.lens.Step.run(Step.java:12)",
				"exporting 512 spans to http://127.0.0.1:4318/v1/traces took 12 ms",
				"password_policy=strict", "keyboard=us", "hf_hub_enable_hf_transfer=1",
				"secret manager unreachable after 3 tries", "span step-42 ended", "");
	}

	@ParameterizedTest(name = "[{index}] {0}")
	@MethodSource("textsWithoutSecrets")
	void textWithoutSecretsIsKeptWhole(String text) {
		assertThat(Redaction.redact(text)).isEqualTo(text);
	}

	@ParameterizedTest(name = "[{index}] {0}")
	@MethodSource("forms")
	void redactingTwiceChangesNothingMore(String text, String secret, String written) {
		assertThat(Redaction.redact(Redaction.redact(text))).isEqualTo(written);
	}

}

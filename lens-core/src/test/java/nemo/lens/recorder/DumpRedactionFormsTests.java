package nemo.lens.recorder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.KeyValue;
import io.opentelemetry.api.common.Value;
import io.opentelemetry.api.logs.Logger;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import nemo.lens.NemoLensConfig;
import nemo.lens.RecordingSpanExporter;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.env.RedactionForms;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every text of {@code redaction-forms.tsv}, put in every place a dump takes text from (the
 * resource, span names, attributes, string arrays, events, exceptions, status messages, spans
 * still open, log bodies plain and structured), leaves none of its secrets in the dump file, and
 * what a reader needs stays: the span names, and the texts that hold no secret, whole.
 */
class DumpRedactionFormsTests {

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final List<RedactionForms> FORMS = RedactionForms.all();

	@TempDir
	Path directory;

	private RecordingRanks ranks;

	private String file;

	private List<String> texts;

	@BeforeEach
	void dumpEveryFormEverywhere() throws IOException {
		Map<String, String> resource = new HashMap<>();
		for (int i = 0; i < FORMS.size(); i++) {
			resource.put("form." + i, FORMS.get(i).text());
		}
		this.ranks = new RecordingRanks(this.directory);
		TelemetryHandle silent = this.ranks.rank(1,
				NemoLensConfig.builder().logsEnabled(true).flightRecorderSpans(4096).flightRecorderLogs(4096),
				TelemetryOptions.builder().spanExporter(new RecordingSpanExporter()).resourceAttributes(resource));
		Tracer tracer = silent.tracer();
		Logger logger = silent.openTelemetry().getLogsBridge().get("app");
		Span stillOpen = this.ranks.keptOpen(tracer.spanBuilder("still-open").startSpan());
		for (int i = 0; i < FORMS.size(); i++) {
			String text = FORMS.get(i).text();
			String secret = FORMS.get(i).gone().isEmpty() ? "none" : FORMS.get(i).gone().get(0);
			stillOpen.setAttribute("form." + i, text);
			Span span = tracer.spanBuilder("step-" + i)
				.setAttribute("detail", text)
				.setAttribute(AttributeKey.stringArrayKey("process.command_args"), List.of("train", "--password", secret))
				.setAttribute(AttributeKey.stringArrayKey("lines"), List.of(text))
				.startSpan();
			span.addEvent("retry", Attributes.of(AttributeKey.stringKey("detail"), text));
			span.addEvent(text);
			span.recordException(new IllegalStateException(text));
			span.setStatus(StatusCode.ERROR, text);
			span.end();
			tracer.spanBuilder(text).startSpan().end();
			logger.logRecordBuilder().setBody(text).emit();
			logger.logRecordBuilder()
				.setBody(Value.of(KeyValue.of("password", Value.of(secret)), KeyValue.of("detail", Value.of(text)),
						KeyValue.of("nested", Value.of(KeyValue.of("Token", Value.of(secret))))))
				.emit();
			logger.logRecordBuilder().setBody(Value.of(Value.of("token=" + secret), Value.of(text))).emit();
		}
		Path dump = silent.dumpFlightRecorder().orElseThrow();
		this.file = Files.readString(dump);
		this.texts = new ArrayList<>();
		for (String line : Files.readAllLines(dump)) {
			collectTexts(JSON.readTree(line), this.texts);
		}
	}

	@AfterEach
	void shutdown() {
		this.ranks.close();
	}

	private static void collectTexts(JsonNode node, List<String> texts) {
		if (node.isTextual()) {
			texts.add(node.asText());
		}
		node.forEach((child) -> collectTexts(child, texts));
	}

	@Test
	void noSecretSurvivesVerbatimAnywhereInTheDump() {
		for (RedactionForms form : FORMS) {
			for (String secret : form.gone()) {
				assertThat(this.file).as("the file, for %s", form).doesNotContain(secret);
				assertThat(this.texts).as("the texts of the dump, for %s", form)
					.noneMatch((text) -> text.contains(secret));
			}
		}
	}

	@Test
	void theDumpHoldsEveryPlaceTheFormsWerePut() {
		assertThat(this.file).contains("\"still-open\"", "\"process.command_args\"", "\"exception.stacktrace\"",
				"\"form.0\"", "\"retry\"", "\"resourceLogs\"");
		for (int i = 0; i < FORMS.size(); i++) {
			assertThat(this.texts).as("span names stay readable").contains("step-" + i);
		}
	}

	@Test
	void textsWithoutASecretStayWhole() {
		FORMS.stream()
			.filter((form) -> !form.holdsSecret())
			.forEach((form) -> assertThat(this.texts).as("%s", form).contains(form.text()));
	}

}

package nemo.lens.sample.e2e;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

import com.google.protobuf.ByteString;
import io.opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest;
import io.opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.logs.v1.LogRecord;
import io.opentelemetry.proto.logs.v1.ResourceLogs;
import io.opentelemetry.proto.logs.v1.ScopeLogs;
import io.opentelemetry.proto.metrics.v1.Metric;
import io.opentelemetry.proto.metrics.v1.ResourceMetrics;
import io.opentelemetry.proto.metrics.v1.ScopeMetrics;
import io.opentelemetry.proto.resource.v1.Resource;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;

/**
 * Turns decoded OTLP export requests into the receiver's plain values, so that tests assert on Java
 * types and never on generated protobuf classes.
 */
final class OtlpDecoder {

	private static final HexFormat HEX = HexFormat.of();

	private OtlpDecoder() {
	}

	static List<ReceivedSpan> spans(ExportTraceServiceRequest request) {
		List<ReceivedSpan> spans = new ArrayList<>();
		for (ResourceSpans resourceSpans : request.getResourceSpansList()) {
			ReceivedResource resource = resource(resourceSpans.getResource());
			for (ScopeSpans scopeSpans : resourceSpans.getScopeSpansList()) {
				String scope = scopeSpans.getScope().getName();
				for (Span span : scopeSpans.getSpansList()) {
					spans.add(new ReceivedSpan(resource, scope, span.getName(), hex(span.getTraceId()),
							hex(span.getSpanId()), hex(span.getParentSpanId()), span.getStartTimeUnixNano(),
							span.getEndTimeUnixNano(), attributes(span.getAttributesList())));
				}
			}
		}
		return spans;
	}

	static List<ReceivedMetric> metrics(ExportMetricsServiceRequest request) {
		List<ReceivedMetric> metrics = new ArrayList<>();
		for (ResourceMetrics resourceMetrics : request.getResourceMetricsList()) {
			ReceivedResource resource = resource(resourceMetrics.getResource());
			for (ScopeMetrics scopeMetrics : resourceMetrics.getScopeMetricsList()) {
				String scope = scopeMetrics.getScope().getName();
				for (Metric metric : scopeMetrics.getMetricsList()) {
					metrics.add(new ReceivedMetric(resource, scope, metric.getName(), metric.getDataCase().name(),
							total(metric)));
				}
			}
		}
		return metrics;
	}

	/** A sum's points added up, each an integer or a double. */
	private static OptionalDouble total(Metric metric) {
		if (!metric.hasSum()) {
			return OptionalDouble.empty();
		}
		return OptionalDouble.of(metric.getSum()
			.getDataPointsList()
			.stream()
			.mapToDouble((point) -> point.hasAsInt() ? point.getAsInt() : point.getAsDouble())
			.sum());
	}

	static List<ReceivedLogRecord> logRecords(ExportLogsServiceRequest request) {
		List<ReceivedLogRecord> records = new ArrayList<>();
		for (ResourceLogs resourceLogs : request.getResourceLogsList()) {
			ReceivedResource resource = resource(resourceLogs.getResource());
			for (ScopeLogs scopeLogs : resourceLogs.getScopeLogsList()) {
				String scope = scopeLogs.getScope().getName();
				for (LogRecord record : scopeLogs.getLogRecordsList()) {
					Object body = value(record.getBody());
					records.add(new ReceivedLogRecord(resource, scope, record.getSeverityText(),
							(body instanceof String text) ? text : String.valueOf(body), hex(record.getTraceId()),
							hex(record.getSpanId()), attributes(record.getAttributesList())));
				}
			}
		}
		return records;
	}

	/** An unmodifiable copy that keeps the arrival order, which {@code Map.copyOf} would not. */
	static Map<String, Object> unmodifiable(Map<String, Object> map) {
		return Collections.unmodifiableMap(new LinkedHashMap<>(map));
	}

	private static ReceivedResource resource(Resource resource) {
		return new ReceivedResource(attributes(resource.getAttributesList()));
	}

	private static Map<String, Object> attributes(List<KeyValue> keyValues) {
		Map<String, Object> attributes = new LinkedHashMap<>();
		for (KeyValue keyValue : keyValues) {
			Object value = value(keyValue.getValue());
			// An unset value carries nothing to assert on; leaving it out keeps the maps free of nulls.
			if (value != null) {
				attributes.put(keyValue.getKey(), value);
			}
		}
		return attributes;
	}

	private static Object value(AnyValue value) {
		return switch (value.getValueCase()) {
			case STRING_VALUE -> value.getStringValue();
			case BOOL_VALUE -> value.getBoolValue();
			case INT_VALUE -> value.getIntValue();
			case DOUBLE_VALUE -> value.getDoubleValue();
			case BYTES_VALUE -> value.getBytesValue().toByteArray();
			case ARRAY_VALUE -> value.getArrayValue().getValuesList().stream().map(OtlpDecoder::value).toList();
			case KVLIST_VALUE -> Collections.unmodifiableMap(attributes(value.getKvlistValue().getValuesList()));
			default -> null;
		};
	}

	private static String hex(ByteString id) {
		return HEX.formatHex(id.toByteArray());
	}

}

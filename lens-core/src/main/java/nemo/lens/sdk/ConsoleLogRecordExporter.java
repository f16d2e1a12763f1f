package nemo.lens.sdk;

import java.io.PrintStream;
import java.util.Collection;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.logs.data.LogRecordData;
import io.opentelemetry.sdk.logs.export.LogRecordExporter;

/**
 * Writes one compact line per log record, so that a developer sees what an exporting rank would
 * send without running a collector.
 */
final class ConsoleLogRecordExporter extends AbstractConsoleExporter implements LogRecordExporter {

	ConsoleLogRecordExporter(PrintStream out) {
		super(out);
	}

	@Override
	public CompletableResultCode export(Collection<LogRecordData> logs) {
		for (LogRecordData log : logs) {
			println("[nemo.lens] log " + log.getSeverity() + " rank=" + ConsoleFormat.rank(log.getResource())
					+ " " + log.getBodyValue() + ConsoleFormat.attributes(log.getAttributes()));
		}
		return CompletableResultCode.ofSuccess();
	}

}

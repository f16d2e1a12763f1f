package nemo.lens.sdk;

import java.io.PrintStream;

import io.opentelemetry.sdk.common.CompletableResultCode;

/**
 * The stream handling shared by the console exporters: each writes one line per item to a
 * stream it does not own, so flushing and shutting down only flush it.
 */
abstract class AbstractConsoleExporter {

	private final PrintStream out;

	AbstractConsoleExporter(PrintStream out) {
		this.out = out;
	}

	final void println(String line) {
		this.out.println(line);
	}

	public final CompletableResultCode flush() {
		this.out.flush();
		return CompletableResultCode.ofSuccess();
	}

	public final CompletableResultCode shutdown() {
		return flush();
	}

}

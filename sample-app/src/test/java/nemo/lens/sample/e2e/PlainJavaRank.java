package nemo.lens.sample.e2e;

import java.util.concurrent.CountDownLatch;

import io.opentelemetry.api.trace.Tracer;
import nemo.lens.NemoLens;
import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;

/**
 * A plain Java rank on lens-core alone, as a training script's JVM would be: it reads its settings
 * from {@code NEMO_LENS_*}, sets telemetry up, ends the number of spans given as the first
 * argument, prints {@code READY} and waits to be ended. With {@code no-hook} as the second
 * argument it turns the handle's shutdown hook off.
 */
public final class PlainJavaRank {

	private PlainJavaRank() {
	}

	public static void main(String[] args) throws InterruptedException {
		int spans = Integer.parseInt(args[0]);
		boolean hook = !(args.length > 1 && args[1].equals("no-hook"));
		TelemetryHandle handle = NemoLens.setupTelemetry(NemoLensConfig.fromEnv(), 0, 1,
				TelemetryOptions.builder().shutdownHook(hook).build());
		Tracer tracer = handle.tracer();
		for (int i = 0; i < spans; i++) {
			tracer.spanBuilder("step").setAttribute("step", i).startSpan().end();
		}
		System.out.println("READY exporting=" + handle.isExporting());
		System.out.flush();
		new CountDownLatch(1).await();
	}

}

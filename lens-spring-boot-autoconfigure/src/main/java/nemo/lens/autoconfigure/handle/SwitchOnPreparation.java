package nemo.lens.autoconfigure.handle;

import java.util.concurrent.ThreadFactory;

import nemo.lens.TelemetryHandle;
import nemo.lens.autoconfigure.silent.SwitchChannels;

import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.env.Environment;

/**
 * Once the application is ready, prepares a silent rank that an operator can switch on while it
 * runs (the {@code lens} endpoint's write allowed, or Spring Cloud's refresh present) to export its
 * first span quickly: {@link TelemetryHandle#prepareToSwitchOn()} on a short-lived daemon thread,
 * so neither start-up nor the application waits for it. A rank with a control file is prepared by
 * its poller; a rank that cannot be switched pays nothing.
 */
final class SwitchOnPreparation implements ApplicationListener<ApplicationReadyEvent> {

	private final TelemetryHandle handle;

	private final Environment environment;

	private final ThreadFactory threads;

	SwitchOnPreparation(TelemetryHandle handle, Environment environment) {
		this(handle, environment, SwitchOnPreparation::preparingThread);
	}

	SwitchOnPreparation(TelemetryHandle handle, Environment environment, ThreadFactory threads) {
		this.handle = handle;
		this.environment = environment;
		this.threads = threads;
	}

	private static Thread preparingThread(Runnable task) {
		Thread thread = new Thread(task, "nemo-lens-prepare-switch");
		thread.setDaemon(true);
		thread.setPriority(Thread.MIN_PRIORITY);
		return thread;
	}

	@Override
	public void onApplicationEvent(ApplicationReadyEvent event) {
		if (!this.handle.isExporting()
				&& SwitchChannels.springChannel(this.environment, event.getApplicationContext().getClassLoader())) {
			this.threads.newThread(this.handle::prepareToSwitchOn).start();
		}
	}

}

package nemo.lens.opamp;

import java.lang.reflect.Constructor;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.opentelemetry.opamp.client.internal.connectivity.http.HttpSender;
import io.opentelemetry.opamp.client.internal.connectivity.http.OkHttpSender;
import io.opentelemetry.opamp.client.internal.connectivity.http.RetryAfterParser;
import io.opentelemetry.opamp.client.internal.request.delay.PeriodicDelay;
import io.opentelemetry.opamp.client.internal.request.delay.RetryPeriodicDelay;
import io.opentelemetry.opamp.client.internal.request.service.HttpRequestService;
import okhttp3.Dispatcher;
import okhttp3.OkHttpClient;
import okhttp3.Request;

/**
 * OpAMP's HTTP transport for one rank, with threads the rank owns: the contrib client's
 * {@link HttpRequestService} polls every interval (and retries with exponential back-off from it,
 * honouring a server's {@code Retry-After}) on one daemon thread, {@code nemo-lens-opamp}, and OkHttp
 * sends on daemon threads of its own; {@link #close()} stops both, so that a rank leaves no thread
 * behind and never waits for them at exit. Each request carries the configured headers.
 */
final class HttpTransport implements AutoCloseable {

	/** How long one request may take, connection included: far below the client's own 30 s wait. */
	private static final Duration CALL_TIMEOUT = Duration.ofSeconds(10);

	private final ScheduledThreadPoolExecutor executor;

	private final ExecutorService http;

	private final OkHttpClient client;

	private final HttpRequestService service;

	HttpTransport(String endpoint, Map<String, String> headers, Duration interval) {
		this.executor = new ScheduledThreadPoolExecutor(1, daemon("nemo-lens-opamp"));
		// Stopped means stopped: no poll scheduled before the shutdown runs after it.
		this.executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
		this.executor.setContinueExistingPeriodicTasksAfterShutdownPolicy(false);
		this.executor.setRemoveOnCancelPolicy(true);
		this.http = Executors.newCachedThreadPool(daemon("nemo-lens-opamp-http"));
		// No redirect is followed: the headers hold credentials, and OkHttp would send all but
		// Authorization to whatever origin an answer names; a redirect counts as a failed poll.
		OkHttpClient.Builder builder = new OkHttpClient.Builder().dispatcher(new Dispatcher(this.http))
			.callTimeout(CALL_TIMEOUT)
			.connectTimeout(CALL_TIMEOUT)
			.followRedirects(false)
			.followSslRedirects(false);
		if (!headers.isEmpty()) {
			builder.addInterceptor((chain) -> {
				Request.Builder request = chain.request().newBuilder();
				headers.forEach(request::header);
				return chain.proceed(request.build());
			});
		}
		this.client = builder.build();
		this.service = requestService(OkHttpSender.create(endpoint, this.client), this.executor,
				PeriodicDelay.ofFixedDuration(interval), RetryPeriodicDelay.create(interval));
	}

	/** The client's request service, polling on this transport's thread. */
	HttpRequestService service() {
		return this.service;
	}

	/** The thread the client polls on, for the agent's own periodic work. */
	ScheduledExecutorService executor() {
		return this.executor;
	}

	@Override
	public void close() {
		this.executor.shutdownNow();
		this.http.shutdownNow();
		this.client.connectionPool().evictAll();
		try {
			this.executor.awaitTermination(1, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * The client's service on an executor of ours. Its public factory makes an executor of its own,
	 * which runs its next poll after a shutdown and cannot be stopped; the constructor that takes
	 * one is package-private in this alpha release, so it is called reflectively, and where a later
	 * release changed it, the factory is used instead (its thread is a daemon, ending by itself).
	 */
	private static HttpRequestService requestService(HttpSender sender, ScheduledExecutorService executor,
			PeriodicDelay requests, PeriodicDelay retries) {
		try {
			Constructor<HttpRequestService> constructor = HttpRequestService.class.getDeclaredConstructor(
					HttpSender.class, ScheduledExecutorService.class, PeriodicDelay.class, PeriodicDelay.class,
					RetryAfterParser.class);
			constructor.setAccessible(true);
			return constructor.newInstance(sender, executor, requests, retries, RetryAfterParser.getInstance());
		}
		catch (ReflectiveOperationException | RuntimeException ex) {
			return HttpRequestService.create(sender, requests, retries);
		}
	}

	private static ThreadFactory daemon(String name) {
		AtomicInteger count = new AtomicInteger();
		return (runnable) -> {
			int n = count.getAndIncrement();
			Thread thread = new Thread(runnable, (n == 0) ? name : name + "-" + n);
			thread.setDaemon(true);
			return thread;
		};
	}

}

package nemo.lens.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;

/**
 * An HTTP server of the JDK on {@code 127.0.0.1}, on a port the kernel picks, with two daemon
 * handler threads: what the benchmarks' OTLP receivers run on, so that nothing they measure leaves
 * the machine and nothing keeps the harness alive.
 *
 * @param server the running server
 * @param executor its handler threads, to shut down with it
 */
public record LoopbackServer(HttpServer server, ExecutorService executor) {

	/**
	 * Starts a server whose one context, {@code /}, is the handler.
	 * @param handler handles every request
	 * @param threadName the handler threads' name
	 * @param backlog connections the kernel queues before the server accepts them ({@code 0}: its default)
	 * @return the running server
	 */
	public static LoopbackServer start(HttpHandler handler, String threadName, int backlog) {
		try {
			HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), backlog);
			ExecutorService executor = Executors.newFixedThreadPool(2, (task) -> {
				Thread thread = new Thread(task, threadName);
				thread.setDaemon(true);
				return thread;
			});
			server.createContext("/", handler);
			server.setExecutor(executor);
			server.start();
			return new LoopbackServer(server, executor);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The base URL, as {@code OTEL_EXPORTER_OTLP_ENDPOINT} takes it. */
	public String endpoint() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort();
	}

	/** Stops the server at once and its threads. */
	public void stop() {
		this.server.stop(0);
		this.executor.shutdownNow();
	}

}

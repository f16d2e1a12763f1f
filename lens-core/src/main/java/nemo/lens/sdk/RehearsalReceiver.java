package nemo.lens.sdk;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An OTLP/HTTP endpoint on 127.0.0.1, inside the rank, that answers every request with an empty
 * success and keeps nothing: what a rank's rehearsal of its first switch exports to, so that the
 * export path (the OTLP encoding, the HTTP client's first connection) is loaded before an operator
 * waits on it, without one request reaching the collector. One daemon thread, one connection at a
 * time: each answer closes its connection, so that no exporter holds one open while another waits.
 */
final class RehearsalReceiver implements AutoCloseable {

	private static final int READ_TIMEOUT_MILLIS = 2_000;

	private static final int MAX_HEADER_BYTES = 16 * 1024;

	private static final byte[] ANSWER = ("HTTP/1.1 200 OK\r\nContent-Type: application/x-protobuf\r\n"
			+ "Content-Length: 0\r\nConnection: close\r\n\r\n")
		.getBytes(StandardCharsets.US_ASCII);

	private final ServerSocket server;

	private final Thread thread;

	private final AtomicInteger requests = new AtomicInteger();

	private RehearsalReceiver(ServerSocket server) {
		this.server = server;
		this.thread = new Thread(this::serve, "nemo-lens-rehearsal");
		this.thread.setDaemon(true);
	}

	/**
	 * Opens the endpoint on an ephemeral port of 127.0.0.1 and starts answering.
	 * @return the running receiver
	 * @throws IOException when no port can be opened
	 */
	static RehearsalReceiver start() throws IOException {
		ServerSocket server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
		RehearsalReceiver receiver = new RehearsalReceiver(server);
		receiver.thread.start();
		return receiver;
	}

	/** The base URL, as {@code otel.exporter.otlp.endpoint} takes it. */
	String endpoint() {
		return "http://" + this.server.getInetAddress().getHostAddress() + ":" + this.server.getLocalPort();
	}

	/** How many whole requests were received, each counted before it is answered. */
	int requests() {
		return this.requests.get();
	}

	/** Stops answering and ends the thread. */
	@Override
	public void close() {
		try {
			this.server.close();
		}
		catch (IOException ex) {
			// Closing a listening socket fails only when it is closed already.
		}
		try {
			this.thread.join(READ_TIMEOUT_MILLIS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private void serve() {
		while (!this.server.isClosed()) {
			try (Socket connection = this.server.accept()) {
				connection.setSoTimeout(READ_TIMEOUT_MILLIS);
				InputStream in = new BufferedInputStream(connection.getInputStream());
				if (readRequest(in)) {
					// Counted before the answer: a client that has its answer finds its request counted.
					this.requests.incrementAndGet();
					OutputStream out = connection.getOutputStream();
					out.write(ANSWER);
					out.flush();
				}
			}
			catch (SocketTimeoutException ex) {
				// A client that stopped sending: drop it, serve the next.
			}
			catch (IOException ex) {
				// The server socket was closed, or a client went away: the loop's condition decides.
			}
		}
	}

	/** Reads one request to its end; {@code false} when the client closed before a whole one. */
	private static boolean readRequest(InputStream in) throws IOException {
		long contentLength = 0;
		boolean chunked = false;
		String line = readLine(in);
		if (line == null || line.isEmpty()) {
			return false;
		}
		while ((line = readLine(in)) != null && !line.isEmpty()) {
			int colon = line.indexOf(':');
			if (colon < 0) {
				continue;
			}
			String name = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
			String value = line.substring(colon + 1).trim();
			if (name.equals("content-length")) {
				contentLength = Long.parseLong(value);
			}
			else if (name.equals("transfer-encoding")) {
				chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
			}
		}
		if (line == null) {
			return false;
		}
		if (chunked) {
			return skipChunks(in);
		}
		in.skipNBytes(contentLength);
		return true;
	}

	private static boolean skipChunks(InputStream in) throws IOException {
		while (true) {
			String size = readLine(in);
			if (size == null) {
				return false;
			}
			int extension = size.indexOf(';');
			long length = Long.parseLong((extension < 0) ? size.trim() : size.substring(0, extension).trim(), 16);
			if (length == 0) {
				// Trailers, if any, end with an empty line.
				String trailer;
				while ((trailer = readLine(in)) != null && !trailer.isEmpty()) {
					// skipped
				}
				return trailer != null;
			}
			in.skipNBytes(length);
			readLine(in);
		}
	}

	/** One CRLF-ended line of ASCII, without its end; {@code null} at the end of the stream. */
	private static String readLine(InputStream in) throws IOException {
		StringBuilder line = new StringBuilder();
		int b;
		while ((b = in.read()) != -1) {
			if (b == '\n') {
				int end = line.length();
				return (end > 0 && line.charAt(end - 1) == '\r') ? line.substring(0, end - 1) : line.toString();
			}
			if (line.length() >= MAX_HEADER_BYTES) {
				throw new IOException("header line too long");
			}
			line.append((char) b);
		}
		return null;
	}

}

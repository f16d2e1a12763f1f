package nemo.lens.recorder;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import io.opentelemetry.sdk.logs.SdkLoggerProvider;
import io.opentelemetry.sdk.logs.data.LogRecordData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The log ring keeps the last log records of a silent rank: bounded, oldest first, the oldest
 * dropped and counted.
 */
class LogRingTests {

	private final LogRing ring = new LogRing(3);

	private final SdkLoggerProvider logs = SdkLoggerProvider.builder().addLogRecordProcessor(this.ring).build();

	@AfterEach
	void close() {
		this.logs.close();
	}

	private void emit(String... bodies) {
		for (String body : bodies) {
			this.logs.get("app").logRecordBuilder().setBody(body).emit();
		}
	}

	private static List<String> bodies(LogRing.Contents contents) {
		return contents.records().stream().map((record) -> record.getBodyValue().asString()).toList();
	}

	@Test
	void keepsTheRecordsOldestFirst() {
		emit("one", "two");
		assertThat(bodies(this.ring.snapshot())).containsExactly("one", "two");
		assertThat(this.ring.snapshot().dropped()).isZero();
	}

	@Test
	void dropsTheOldestWhenFullAndCountsThem() {
		emit("one", "two", "three", "four", "five");
		LogRing.Contents contents = this.ring.snapshot();
		assertThat(bodies(contents)).containsExactly("three", "four", "five");
		assertThat(contents.dropped()).isEqualTo(2);
	}

	@Test
	void aSnapshotLeavesTheRecordsWhereADrainEmptiesTheRingAndItsDropCount() {
		emit("one", "two", "three", "four");
		assertThat(bodies(this.ring.snapshot())).hasSize(3);
		LogRing.Contents drained = this.ring.drain();
		assertThat(bodies(drained)).containsExactly("two", "three", "four");
		assertThat(drained.dropped()).isEqualTo(1);
		assertThat(this.ring.snapshot()).isEqualTo(new LogRing.Contents(List.of(), 0));
	}

	@Test
	void concurrentWritersLoseNoCount() throws InterruptedException {
		LogRing large = new LogRing(100);
		SdkLoggerProvider provider = SdkLoggerProvider.builder().addLogRecordProcessor(large).build();
		CountDownLatch start = new CountDownLatch(1);
		List<Thread> writers = new ArrayList<>();
		for (int w = 0; w < 4; w++) {
			Thread writer = new Thread(() -> {
				try {
					start.await();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
				for (int i = 0; i < 1000; i++) {
					provider.get("app").logRecordBuilder().setBody("x").emit();
				}
			});
			writer.start();
			writers.add(writer);
		}
		start.countDown();
		for (Thread writer : writers) {
			writer.join();
		}
		LogRing.Contents contents = large.snapshot();
		assertThat(contents.records()).hasSize(100).allSatisfy((LogRecordData record) -> assertThat(record).isNotNull());
		assertThat(contents.records().size() + contents.dropped()).isEqualTo(4000);
		provider.close();
	}

	@Test
	void keepsAtLeastOneRecord() {
		assertThatIllegalArgumentException().isThrownBy(() -> new LogRing(0)).withMessageContaining("0");
	}

}

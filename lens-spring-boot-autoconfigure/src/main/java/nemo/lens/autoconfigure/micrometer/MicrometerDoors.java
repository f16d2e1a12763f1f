package nemo.lens.autoconfigure.micrometer;

import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import nemo.lens.Signal;
import nemo.lens.autoconfigure.door.DoorDeclaration;
import nemo.lens.autoconfigure.door.DoorDeclarations;
import nemo.lens.autoconfigure.door.DoorsAtStart;
import nemo.lens.autoconfigure.door.TelemetryDoors;
import nemo.lens.autoconfigure.silent.PushRegistries;
import nemo.lens.autoconfigure.silent.SilentRankPropertySource;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.core.env.Environment;

/**
 * Micrometer's registries as doors, one per monitoring system that Spring Boot configures, each
 * named {@code micrometer.<system>} and carrying metrics: the push registries follow the decision
 * unless opted out; the Prometheus registry, which a collector scrapes, is left alone unless opted
 * in. A new kind of push registry is one more entry in {@link PushRegistries}.
 * <p>
 * A push registry that a rank which never exports metrics turned off before it was built
 * ({@link SilentRankPropertySource}) is recorded when the doors are made, as no registry bean will
 * ever report it.
 */
final class MicrometerDoors implements DoorDeclarations, DoorsAtStart {

	/** The start of every registry door's name. */
	static final String PREFIX = "micrometer.";

	/** The Prometheus scrape endpoint's registry: a pull door, ungated by default. */
	static final String PROMETHEUS = PREFIX + "prometheus";

	private static final Set<Signal> METRICS = Set.of(Signal.METRICS);

	@Override
	public List<DoorDeclaration> doors() {
		return Stream
			.concat(PushRegistries.names().stream().map((registry) -> DoorDeclaration.push(PREFIX + registry, METRICS)),
					Stream.of(DoorDeclaration.pull(PROMETHEUS, METRICS)))
			.toList();
	}

	@Override
	public void recordAtStart(TelemetryDoors doors, ListableBeanFactory beanFactory, ClassLoader classLoader) {
		SilentRankPropertySource silent = SilentRankPropertySource.in(beanFactory.getBean(Environment.class));
		if (silent != null) {
			silent.registries().forEach((registry) -> doors.open(PREFIX + registry, false));
		}
	}

}

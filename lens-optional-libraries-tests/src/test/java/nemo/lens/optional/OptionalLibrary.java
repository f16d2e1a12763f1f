package nemo.lens.optional;

import java.util.List;
import java.util.Set;

import org.springframework.boot.SpringBootVersion;

/**
 * A library the auto-configuration integrates with but does not require, as the test takes it
 * away: the jars that make it up, classes that must then be missing, and the Lens beans that need
 * it and so back off without it. Every optional dependency of {@code lens-spring-boot-autoconfigure}
 * must belong to one of these (or be {@link #KEPT} with the reason).
 */
enum OptionalLibrary {

	/** Spring Boot's actuator: the {@code lens} endpoint and the {@code info} entry. */
	ACTUATOR(List.of("org.springframework.boot:spring-boot-actuator", "org.springframework.boot:spring-boot-actuator-autoconfigure",
			"org.springframework.boot:spring-boot-starter-actuator"),
			List.of("org.springframework.boot.actuate.endpoint.annotation.Endpoint"),
			Set.of("lensEndpoint", "lensInfoContributor")),

	/** Micrometer as a whole, with Spring Boot's modules built on it: the registry door. */
	MICROMETER(List.of("io.micrometer:*", "org.springframework.boot:spring-boot-micrometer-*",
			"org.springframework.boot:spring-boot-starter-micrometer-*", "io.prometheus:*"),
			List.of("io.micrometer.core.instrument.MeterRegistry"), Set.of("lensMicrometerDoorGate")),

	/** Micrometer's registries (OTLP, Prometheus), Micrometer itself kept: the door names them by name. */
	MICROMETER_REGISTRIES(List.of("io.micrometer:micrometer-registry-*", "io.prometheus:*"),
			List.of("io.micrometer.registry.otlp.OtlpMeterRegistry", "io.micrometer.prometheusmetrics.PrometheusMeterRegistry"),
			Set.of()),

	/**
	 * Micrometer Tracing, Micrometer itself kept: a rank silent for life hands out its no-op
	 * {@code Tracer} only where it is.
	 */
	MICROMETER_TRACING(List.of("io.micrometer:micrometer-tracing*"), List.of("io.micrometer.tracing.Tracer"),
			Set.of()),

	/** Spring Cloud (context, Bus): the refresh of {@code nemo.lens.*} settings. */
	SPRING_CLOUD(List.of("org.springframework.cloud:*"),
			List.of("org.springframework.cloud.context.environment.EnvironmentChangeEvent"), Set.of("lensSettingsRefresh")),

	/** The OpenTelemetry instrumentation Spring Boot starter: its SDK's gate. */
	OPENTELEMETRY_STARTER(List.of("io.opentelemetry.instrumentation:*"),
			List.of("io.opentelemetry.instrumentation.spring.autoconfigure.OpenTelemetryAutoConfiguration"),
			Set.of("lensOpenTelemetryStarterGate")),

	/**
	 * Spring Boot 4's OpenTelemetry modules; Boot 3.5 has none, its OpenTelemetry
	 * auto-configuration is actuator's and its tracing bridge Micrometer's, both taken away above.
	 */
	BOOT_OPENTELEMETRY(List.of("org.springframework.boot:spring-boot-opentelemetry",
			"org.springframework.boot:spring-boot-starter-opentelemetry",
			"org.springframework.boot:spring-boot-micrometer-tracing-opentelemetry"),
			List.of("org.springframework.boot.opentelemetry.autoconfigure.OpenTelemetrySdkAutoConfiguration"), Set.of()),

	/**
	 * Spring MVC and the servlet API: a read-only {@code lens} endpoint answers a refused write with
	 * what to set, in servlet applications only (no bean here, where the context is not a web one).
	 */
	SPRING_WEBMVC(List.of("org.springframework:spring-webmvc", "jakarta.servlet:jakarta.servlet-api"),
			List.of("org.springframework.web.servlet.HandlerExceptionResolver", "jakarta.servlet.http.HttpServletRequest"),
			Set.of()),

	/** Jackson's annotations, which only mark the endpoint's response. */
	JACKSON_ANNOTATIONS(List.of("com.fasterxml.jackson.core:jackson-annotations"),
			List.of("com.fasterxml.jackson.annotation.JsonInclude"), Set.of());

	/**
	 * Optional dependencies of the auto-configuration that no user's class path lacks where Lens
	 * runs, with the reason.
	 */
	static final List<Kept> KEPT = List.of(
			new Kept("org.springframework.boot:spring-boot-autoconfigure",
					"what every auto-configuration is made of: without it there is nothing to load"),
			new Kept("org.springframework.boot:spring-boot-configuration-processor",
					"an annotation processor, run at compile time only"),
			new Kept("org.springframework.boot:spring-boot-autoconfigure-processor",
					"an annotation processor, run at compile time only"));

	private final List<ArtifactPattern> artifacts;

	private final List<String> missingClasses;

	private final Set<String> backedOffBeans;

	OptionalLibrary(List<String> artifacts, List<String> missingClasses, Set<String> backedOffBeans) {
		this.artifacts = artifacts.stream().map(ArtifactPattern::of).toList();
		this.missingClasses = missingClasses;
		this.backedOffBeans = backedOffBeans;
	}

	List<ArtifactPattern> artifacts() {
		return this.artifacts;
	}

	/** Classes of the library: loadable on the test class path, missing once its jars are taken away. */
	List<String> missingClasses() {
		return this.missingClasses;
	}

	/** The Lens beans defined with the library and not without it. */
	Set<String> backedOffBeans() {
		return this.backedOffBeans;
	}

	/** Why the library does not exist on the Spring Boot line under test, or {@code null} when it does. */
	String absentFromThisLine() {
		if (this == BOOT_OPENTELEMETRY && SpringBootVersion.getVersion().startsWith("3.")) {
			return "Spring Boot 3.5 has no OpenTelemetry module: its OpenTelemetry auto-configuration is actuator's "
					+ "(ACTUATOR) and its tracing bridge Micrometer's (MICROMETER)";
		}
		return null;
	}

	boolean covers(String groupId, String artifactId) {
		return this.artifacts.stream().anyMatch((pattern) -> pattern.matches(groupId, artifactId));
	}

	/**
	 * An optional dependency the test leaves on the class path.
	 *
	 * @param coordinates its {@code groupId:artifactId}
	 * @param reason why no class path where Lens runs lacks it
	 */
	record Kept(String coordinates, String reason) {

	}

}

package nemo.lens.autoconfigure.spans;

import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import nemo.lens.autoconfigure.LensTestConfigurations;
import nemo.lens.RecordingSpanExporter;
import nemo.lens.TelemetryHandle;
import nemo.lens.spans.LensSpan;
import nemo.lens.spans.SpanGroups;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.aop.support.AopUtils;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * {@code @LensSpan} on a Spring bean, in a real context with the real SDK: Python's
 * {@code @trace_fn} semantics (group checked at call time, exception recorded with ERROR).
 */
@ExtendWith(OutputCaptureExtension.class)
class LensSpanAnnotationTests {

	private final RecordingSpanExporter exporter = new RecordingSpanExporter();

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(LensTestConfigurations.core(LensSpanAutoConfiguration.class,
				AopAutoConfiguration.class))
		.withBean(RecordingSpanExporter.class, () -> this.exporter)
		.withBean(Trainer.class)
		.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.exporter=none", "nemo.lens.rank=1",
				"nemo.lens.world-size=2");

	@Test
	void methodInAnEnabledGroupRunsInASpanNamedByTheAnnotation() {
		this.runner.withPropertyValues("nemo.lens.span-groups=per_step")
			.run((context) -> assertThat(context.getBean(Trainer.class).step(3)).isEqualTo(6));
		assertThat(this.exporter.spans()).extracting(SpanData::getName).containsExactly("train.step");
	}

	@Test
	void groupNamesAreCaseInsensitive() {
		this.runner.withPropertyValues("nemo.lens.span-groups=per_step")
			.withBean(ShoutingTrainer.class)
			.run((context) -> context.getBean(ShoutingTrainer.class).step());
		assertThat(this.exporter.spans()).extracting(SpanData::getName).containsExactly("shouted.step");
	}

	@Test
	void aGroupNobodyDeclaredIsNamedOnceAtStartUp(CapturedOutput output) {
		this.runner.run((context) -> assertThat(context).hasNotFailed());
		assertThat(output.getAll().split("@LensSpan names the span group 'microbatch'", -1)).hasSize(2);
		assertThat(output.getAll()).contains("[Trainer.microbatch] never run in a span");
	}

	@Test
	void aDeclaredGroupIsNotWarnedAbout(CapturedOutput output) {
		this.runner.withPropertyValues("nemo.lens.extra-span-groups=microbatch")
			.run((context) -> assertThat(context).hasNotFailed());
		assertThat(output.getAll()).doesNotContain("@LensSpan names the span group");
	}

	@Test
	void methodInADisabledGroupRunsWithoutASpan() {
		this.runner.run((context) -> assertThat(context.getBean(Trainer.class).step(3)).isEqualTo(6));
		assertThat(this.exporter.spans()).isEmpty();
	}

	@Test
	void groupSwitchedAtRunTimeAppliesToTheNextCall() {
		this.runner.run((context) -> {
			Trainer trainer = context.getBean(Trainer.class);
			trainer.step(1);
			context.getBean(TelemetryHandle.class).spanGroups().set("default,step");
			trainer.step(2);
		});
		assertThat(this.exporter.spans()).hasSize(1);
	}

	@Test
	void groupOfTheApplicationsOwnIsEnabledOnceDeclaredAsAnExtraGroup() {
		this.runner.withPropertyValues("nemo.lens.extra-span-groups=microbatch", "nemo.lens.span-groups=microbatch")
			.run((context) -> {
				Trainer trainer = context.getBean(Trainer.class);
				trainer.microbatch();
				trainer.step(1);
				context.getBean(TelemetryHandle.class).spanGroups().set("default");
				trainer.microbatch();
			});
		assertThat(this.exporter.spans()).extracting(SpanData::getName).containsExactly("train.microbatch");
	}

	@Test
	void exceptionIsRecordedWithErrorStatusAndRethrown() {
		this.runner.run((context) -> assertThatIllegalStateException()
			.isThrownBy(() -> context.getBean(Trainer.class).saveCheckpoint())
			.withMessage("disk full"));
		assertThat(this.exporter.spans()).singleElement().satisfies((span) -> {
			assertThat(span.getName()).isEqualTo("checkpoint.save");
			assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
			assertThat(span.getEvents()).extracting((event) -> event.getName()).containsExactly("exception");
		});
	}

	@Test
	void spanWithoutANameIsNamedAfterClassAndMethod() {
		this.runner.run((context) -> context.getBean(Trainer.class).evaluate());
		assertThat(this.exporter.spans()).extracting(SpanData::getName).containsExactly("Trainer.evaluate");
	}

	@Test
	void silentRankCallsTheMethodAndExportsNothing() {
		this.runner.withPropertyValues("nemo.lens.rank=0", "nemo.lens.span-groups=all").run((context) -> {
			assertThat(context.getBean(TelemetryHandle.class).isExporting()).isFalse();
			assertThat(context.getBean(Trainer.class).step(4)).isEqualTo(8);
			context.getBean(Trainer.class).evaluate();
		});
		assertThat(this.exporter.spans()).isEmpty();
	}

	@Test
	void annotationsCanBeSwitchedOff() {
		this.runner.withPropertyValues("nemo.lens.annotations.enabled=false")
			.run((context) -> assertThat(AopUtils.isAopProxy(context.getBean(Trainer.class))).isFalse());
	}

	@Test
	void switchedOffAnnotationsLeaveTheConfigurationForTheAotCheckToSee() {
		// AotSwitchesCheck tells "switched off" from "excluded" by these bean names.
		this.runner.withPropertyValues("nemo.lens.annotations.enabled=false").run((context) -> {
			assertThat(context).hasBean(LensSpanAutoConfiguration.class.getName()).doesNotHaveBean("lensSpanAdvisor");
		});
		this.runner.run((context) -> assertThat(context).hasBean("lensSpanAdvisor"));
	}

	static class ShoutingTrainer {

		@LensSpan(name = "shouted.step", group = "Step")
		void step() {
		}

	}

	static class Trainer {

		@LensSpan(name = "train.step", group = SpanGroups.STEP)
		int step(int i) {
			return i * 2;
		}

		@LensSpan(name = "checkpoint.save", group = SpanGroups.CHECKPOINT)
		void saveCheckpoint() {
			throw new IllegalStateException("disk full");
		}

		@LensSpan
		void evaluate() {
		}

		@LensSpan(name = "train.microbatch", group = "microbatch")
		void microbatch() {
		}

	}

}

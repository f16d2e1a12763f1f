package nemo.lens.autoconfigure.silent;

import java.util.Map;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * The condition of {@link ConditionalOnSkippedAutoConfigurations}: read from the record the rank
 * made while its environment was prepared.
 */
final class OnSkippedAutoConfigurationsCondition extends SpringBootCondition {

	// By name: the annotation names this class, and a reference back would make a loop.
	private static final String ANNOTATION = "nemo.lens.autoconfigure.silent.ConditionalOnSkippedAutoConfigurations";

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		Map<String, Object> attributes = metadata.getAnnotationAttributes(ANNOTATION);
		TelemetryAutoConfigurations group = (TelemetryAutoConfigurations) attributes.get("value");
		SilentRankPropertySource silent = SilentRankPropertySource.in(context.getEnvironment());
		if (silent != null && silent.skips(group)) {
			return ConditionOutcome.match("the rank, silent for life, started without Boot's " + group + " auto-configurations");
		}
		return ConditionOutcome.noMatch("the rank keeps Boot's " + group + " auto-configurations");
	}

}

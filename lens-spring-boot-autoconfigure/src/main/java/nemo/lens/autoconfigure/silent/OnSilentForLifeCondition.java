package nemo.lens.autoconfigure.silent;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * The condition of {@link ConditionalOnSilentForLife}: read from the record the rank made while
 * its environment was prepared.
 */
final class OnSilentForLifeCondition extends SpringBootCondition {

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		SilentRankPropertySource silent = SilentRankPropertySource.in(context.getEnvironment());
		if (silent != null && silent.silentForLife()) {
			return ConditionOutcome.match("the rank will never export any signal");
		}
		return ConditionOutcome.noMatch("the rank may export a signal, or could not tell before its beans");
	}

}

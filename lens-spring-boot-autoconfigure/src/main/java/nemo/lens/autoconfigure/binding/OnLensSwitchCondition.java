package nemo.lens.autoconfigure.binding;

import java.lang.annotation.Annotation;
import java.util.List;

import org.springframework.boot.autoconfigure.condition.ConditionMessage;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.annotation.MergedAnnotation;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * The condition of {@link ConditionalOnLensSwitch}: every switch named on the element, directly or
 * through an annotation such as {@link ConditionalOnLensEnabled}, must be on. The outcome says
 * which switch decided and the value it had, for the condition report.
 */
final class OnLensSwitchCondition extends SpringBootCondition {

	/**
	 * The annotation, by name: it names this condition, and naming it back by class would make the
	 * two classes import each other.
	 */
	private static final String ANNOTATION = "nemo.lens.autoconfigure.binding.ConditionalOnLensSwitch";

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		List<MergedAnnotation<Annotation>> switches = metadata.getAnnotations().stream(ANNOTATION).toList();
		ConditionMessage.Builder message = ConditionMessage.forCondition("@ConditionalOnLensSwitch");
		for (MergedAnnotation<Annotation> lensSwitch : switches) {
			String name = lensSwitch.getString("value");
			boolean ifMissing = lensSwitch.getBoolean("matchIfMissing");
			if (!LensSwitches.isOn(context.getEnvironment(), name, ifMissing)) {
				return ConditionOutcome.noMatch(message.because(name + " is off"
						+ describe(context, name, ifMissing)));
			}
		}
		return ConditionOutcome.match(message.because(
				String.join(", ", switches.stream().map((lensSwitch) -> lensSwitch.getString("value")).toList())
						+ " on"));
	}

	private static String describe(ConditionContext context, String name, boolean ifMissing) {
		String raw = context.getEnvironment().getProperty(name);
		return (raw != null) ? " ('" + raw + "')" : " (unset, " + ifMissing + ")";
	}

}

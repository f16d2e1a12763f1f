package nemo.lens.autoconfigure.endpoint;

import java.util.List;

import nemo.lens.actuate.LensEndpointWebExtension.Refusal;
import nemo.lens.env.UnknownVariables;

import org.springframework.boot.actuate.endpoint.EndpointId;
import org.springframework.boot.actuate.endpoint.OperationType;
import org.springframework.boot.actuate.endpoint.invoke.OperationInvoker;
import org.springframework.boot.actuate.endpoint.invoke.OperationInvokerAdvisor;
import org.springframework.boot.actuate.endpoint.invoke.OperationParameter;
import org.springframework.boot.actuate.endpoint.invoke.OperationParameters;
import org.springframework.boot.actuate.endpoint.invoke.ParameterMappingException;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;

/**
 * Makes a write to the {@code lens} endpoint strict: a field it does not take is refused, naming
 * the field and the nearest one it takes ({@code signal}: did you mean {@code signals}?), before
 * anything changes, since a misspelt field used to be dropped and the write to go ahead without it
 * ({@code "signal": "traces"} switched all three signals on for 15 minutes). A value of the wrong
 * type ({@code "dump": "maybe"}) is refused naming the field and the type, in the same body as
 * every other refusal. Spring Boot hands a web operation every field of the request's body and
 * query; a JMX operation gets its parameters only, so this never refuses one.
 */
final class LensWriteFields implements OperationInvokerAdvisor {

	private static final EndpointId LENS = EndpointId.of("lens");

	@Override
	public OperationInvoker apply(EndpointId endpointId, OperationType operationType, OperationParameters parameters,
			OperationInvoker invoker) {
		if (!LENS.equals(endpointId) || operationType != OperationType.WRITE) {
			return invoker;
		}
		List<String> fields = parameters.stream().map(OperationParameter::getName).toList();
		return (context) -> {
			for (String field : context.getArguments().keySet()) {
				if (!fields.contains(field)) {
					return refusal("'" + field + "' is no field of a write to the lens endpoint; did you mean '"
							+ UnknownVariables.nearest(field, fields) + "'? The fields are " + String.join(", ", fields)
							+ "; nothing changed.");
				}
			}
			try {
				return invoker.invoke(context);
			}
			catch (ParameterMappingException ex) {
				return refusal(ex.getParameter().getName() + " '" + ex.getValue() + "' is no "
						+ ex.getParameter().getType().getSimpleName().toLowerCase(java.util.Locale.ROOT)
						+ ((ex.getParameter().getType() == Boolean.class) ? " (true or false)" : "")
						+ "; nothing changed.");
			}
		};
	}

	private static WebEndpointResponse<Refusal> refusal(String reason) {
		return new WebEndpointResponse<>(new Refusal(reason), WebEndpointResponse.STATUS_BAD_REQUEST);
	}

}

package nemo.lens.actuate;

import java.util.List;

import nemo.lens.SwitchRefusedException;
import nemo.lens.actuate.LensDescriptor.StrategySummary;
import nemo.lens.actuate.LensEndpoint.StrategyDescriptor;
import nemo.lens.env.Redaction;
import nemo.lens.env.Suggestion;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.lang.Nullable;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.actuate.endpoint.web.annotation.EndpointWebExtension;

/**
 * The {@code lens} endpoint over HTTP: a refused write answers 400 with the reason in its body
 * ({@code {"error": "Unknown span group or preset: ..."}}), so that the operator who sent it sees
 * what to fix without turning on error details for the whole application. A switch the rank
 * cannot make now (an SDK that cannot be built) answers 503 with the reason, the rank going on as
 * before. A flight recorder dump that could not be written answers 500 with the reason, and so
 * does any other failure that is not the caller's doing, without a stack trace. A strategy that is
 * not registered answers 404 with the names that are. Every reason is redacted and shows at most
 * 200 characters of a value the caller sent.
 */
@EndpointWebExtension(endpoint = LensEndpoint.class)
public class LensEndpointWebExtension {

	private static final Log logger = LogFactory.getLog(LensEndpointWebExtension.class);

	private final LensEndpoint endpoint;

	/**
	 * Creates the extension.
	 * @param endpoint the endpoint it extends
	 */
	public LensEndpointWebExtension(LensEndpoint endpoint) {
		this.endpoint = endpoint;
	}

	/**
	 * As {@link LensEndpoint#write(String, String, String, String, Boolean)}, with a refusal's reason
	 * in the response.
	 * @param spanGroups presets and group names, comma-separated
	 * @param override {@code exporting}, {@code silent} or {@code none}
	 * @param duration how long the override lasts
	 * @param signals the signals the override covers; unset, all
	 * @param dump {@code true} to write the flight recorder to a file
	 * @return the result, a 400 with the reason of a refusal, a 503 when the rank cannot make the
	 * switch, or a 500 when a dump failed
	 */
	@WriteOperation
	public WebEndpointResponse<OperationResponseBody> write(@Nullable String spanGroups, @Nullable String override,
			@Nullable String duration, @Nullable String signals, @Nullable Boolean dump) {
		try {
			return new WebEndpointResponse<>(this.endpoint.write(spanGroups, override, duration, signals, dump));
		}
		catch (InvalidEndpointRequestException ex) {
			return new WebEndpointResponse<>(new Refusal(ex.getReason()), WebEndpointResponse.STATUS_BAD_REQUEST);
		}
		catch (SwitchRefusedException ex) {
			// The request was sound; the rank cannot make the switch now, and goes on as before.
			return new WebEndpointResponse<>(new Refusal(ex.getMessage()),
					WebEndpointResponse.STATUS_SERVICE_UNAVAILABLE);
		}
		catch (IllegalStateException ex) {
			return new WebEndpointResponse<>(new Refusal(ex.getMessage()),
					WebEndpointResponse.STATUS_INTERNAL_SERVER_ERROR);
		}
		catch (RuntimeException ex) {
			// Not the caller's doing: a 500 that says what failed, one line in the log, no stack trace in either.
			String reason = "NeMo Lens could not apply the write: " + Redaction.describe(ex)
					+ "; the log of " + LensEndpointWebExtension.class.getName() + " says more.";
			logger.warn(reason);
			logger.debug("The write to the lens endpoint failed", ex);
			return new WebEndpointResponse<>(new Refusal(reason), WebEndpointResponse.STATUS_INTERNAL_SERVER_ERROR);
		}
	}

	/**
	 * As {@link LensEndpoint#strategy(String)}, with the registered names in the body of a 404, so
	 * that a misspelt name is answered with the names that exist and the nearest of them.
	 * @param name the strategy name
	 * @return the strategy, or a 404 naming the registered strategies
	 */
	@ReadOperation
	public WebEndpointResponse<OperationResponseBody> strategy(@Selector String name) {
		StrategyDescriptor strategy = this.endpoint.strategy(name);
		if (strategy != null) {
			return new WebEndpointResponse<>(strategy);
		}
		List<String> registered = this.endpoint.lens().strategies().stream().map(StrategySummary::name).toList();
		String nearest = Suggestion.nearest(name, registered).map((known) -> " (did you mean " + known + "?)").orElse("");
		return new WebEndpointResponse<>(new Refusal("No strategy named '" + name + "' is registered on this rank"
				+ nearest + "; the registered strategies are " + registered + "."),
				WebEndpointResponse.STATUS_NOT_FOUND);
	}

	/**
	 * Why a write changed nothing: redacted, and showing at most 200 characters of any value the
	 * caller sent.
	 *
	 * @param error the reason
	 */
	public record Refusal(String error) implements OperationResponseBody {

		/**
		 * Bounds the reason.
		 */
		public Refusal {
			error = RefusalText.of(error);
		}

	}

}

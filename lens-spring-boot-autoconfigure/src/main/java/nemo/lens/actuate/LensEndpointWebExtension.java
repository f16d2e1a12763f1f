package nemo.lens.actuate;

import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.lang.Nullable;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.actuate.endpoint.web.annotation.EndpointWebExtension;

/**
 * The {@code lens} endpoint over HTTP: a refused write answers 400 with the reason in its body
 * ({@code {"error": "Unknown span group or preset: ..."}}), so that the operator who sent it sees
 * what to fix without turning on error details for the whole application. A flight recorder dump
 * that could not be written answers 500 with the reason.
 */
@EndpointWebExtension(endpoint = LensEndpoint.class)
public class LensEndpointWebExtension {

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
	 * @return the result, a 400 with the reason of a refusal, or a 500 when a dump failed
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
		catch (IllegalStateException ex) {
			return new WebEndpointResponse<>(new Refusal(ex.getMessage()),
					WebEndpointResponse.STATUS_INTERNAL_SERVER_ERROR);
		}
	}

	/**
	 * Why a write changed nothing.
	 *
	 * @param error the reason
	 */
	public record Refusal(String error) implements OperationResponseBody {

	}

}

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
 * what to fix without turning on error details for the whole application.
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
	 * As {@link LensEndpoint#write(String, String, String, String)}, with a refusal's reason in the
	 * response.
	 * @param spanGroups presets and group names, comma-separated
	 * @param override {@code exporting}, {@code silent} or {@code none}
	 * @param duration how long the override lasts
	 * @param signals the signals the override covers; unset, all
	 * @return the result, or a 400 with the reason
	 */
	@WriteOperation
	public WebEndpointResponse<OperationResponseBody> write(@Nullable String spanGroups, @Nullable String override,
			@Nullable String duration, @Nullable String signals) {
		try {
			return new WebEndpointResponse<>(this.endpoint.write(spanGroups, override, duration, signals));
		}
		catch (InvalidEndpointRequestException ex) {
			return new WebEndpointResponse<>(new Refusal(ex.getReason()), WebEndpointResponse.STATUS_BAD_REQUEST);
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

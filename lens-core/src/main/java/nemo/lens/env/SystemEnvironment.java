package nemo.lens.env;

import java.util.function.Function;

/**
 * The process environment as a lookup by name ({@code null} when unset), one instance for every
 * reader: a {@code System::getenv} reference spins a class where it is first used, which every
 * rank of a job would pay at start-up once per place.
 */
public final class SystemEnvironment implements Function<String, String> {

	/** The lookup. */
	public static final Function<String, String> LOOKUP = new SystemEnvironment();

	private SystemEnvironment() {
	}

	@Override
	public String apply(String name) {
		return System.getenv(name);
	}

}

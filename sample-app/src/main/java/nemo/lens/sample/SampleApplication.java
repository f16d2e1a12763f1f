package nemo.lens.sample;

import java.util.Arrays;

import nemo.lens.sample.demo.MultiRankDemo;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A web application on the NeMo Lens starter: each process finds its rank, decides whether it
 * exports, and serves {@code GET /work} and {@code GET /actuator/lens}. Started with the argument
 * {@code demo}, it instead runs several ranks of itself as separate processes (see
 * {@link MultiRankDemo}).
 */
@SpringBootApplication
public class SampleApplication {

	public static void main(String[] args) throws Exception {
		if (args.length > 0 && args[0].equals("demo")) {
			System.exit(MultiRankDemo.run(Arrays.copyOfRange(args, 1, args.length), System.out));
		}
		SpringApplication.run(SampleApplication.class, args);
	}

}

package nemo.lens.stack.configserver;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.cloud.config.server.EnableConfigServer;

/**
 * Spring Cloud Config Server as an operator runs it, here with the native backend: the folder it
 * serves is given at start ({@code --spring.cloud.config.server.native.search-locations}), so a
 * test changes the settings of a running job by writing a file there.
 */
@SpringBootApplication
@EnableConfigServer
public class ConfigServerStackApplication {

	public static void main(String[] args) {
		SpringApplication.run(ConfigServerStackApplication.class, args);
	}

}

package arbiter.config;

import java.util.List;

/** A config with problems: one line per problem, each naming its JSON path and what is allowed. */
public class ConfigException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final List<String> problems;

    public ConfigException(List<String> problems) {
        super(String.join("\n", problems));
        this.problems = List.copyOf(problems);
    }

    public ConfigException(String problem) {
        this(List.of(problem));
    }

    public List<String> problems() {
        return problems;
    }
}

package arbiter.service.protocol;

import arbiter.config.ConfigException;
import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.config.Site;
import arbiter.play.TimeLimits;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A test as submitted: a run config for a match of two players (read by {@link ConfigLoader} as
 * {@link Site#SERVICE}: nothing of this machine is touched) with an optional {@code service} block,
 * {@code {"priority": P, "throughput": T}}. The first player of the match is the one tested (its
 * side of every count), the second its base. The server and every worker read it the same way.
 *
 * @param json the definition as submitted (what the server stores and workers fetch)
 */
public record TestDefinition(String name, int priority, int throughput, RunConfig config, JsonNode json) {
    /** Most game pairs a test may ask for. */
    public static final int MAX_PAIRS = 10_000_000;
    /** fishtest's bounds of a test's throughput (percent of a normal share). */
    public static final int MIN_THROUGHPUT = 1;
    public static final int MAX_THROUGHPUT = 500;
    public static final int MAX_PRIORITY = 100;
    /** fishtest's estimate of a game: 68 moves a side, 92% of both clocks used. */
    private static final double GAME_MOVES = 68;
    private static final double CLOCK_USE = 2 * 0.92;
    /** fishtest's reference time control (10+0.1), in the same estimate: 25.76 s a game. */
    public static final double REFERENCE_GAME_SECONDS = (10 + 0.1 * GAME_MOVES) * CLOCK_USE;

    /**
     * Reads and checks a submitted definition.
     *
     * @throws BadDefinitionException naming every problem with its JSON path, in one line
     */
    public static TestDefinition read(JsonNode root) {
        if (root == null || !root.isObject()) {
            throw new BadDefinitionException("$: a test must be a JSON object (a run config of a match)");
        }
        ObjectNode config = ((ObjectNode) root).deepCopy();
        JsonNode service = config.remove("service");
        List<String> problems = new ArrayList<>();
        int priority = 0;
        int throughput = 100;
        if (service != null) {
            if (!service.isObject()) {
                problems.add("$.service: must be an object {\"priority\": P, \"throughput\": T}");
            } else {
                for (var it = service.fieldNames(); it.hasNext(); ) {
                    String k = it.next();
                    if (!k.equals("priority") && !k.equals("throughput")) {
                        problems.add("$.service." + k + ": unknown key; allowed keys: priority, throughput");
                    }
                }
                priority = integer(service, "priority", 0, -MAX_PRIORITY, MAX_PRIORITY, problems);
                throughput = integer(service, "throughput", 100, MIN_THROUGHPUT, MAX_THROUGHPUT, problems);
            }
        }
        if (config.has("tune")) {
            problems.add("$.tune: a test plays a match; tuning is not a test");
        }
        RunConfig run = null;
        if (problems.isEmpty()) {
            try {
                run = ConfigLoader.parse(config, Path.of(""), "test", Site.SERVICE);
            } catch (ConfigException e) {
                problems.addAll(e.problems());
            }
        }
        if (run != null) {
            RunConfig.Schedule s = run.schedule();
            if (!s.match()) {
                problems.add("$.schedule.type: a test is a match of two players (\"type\": \"match\")");
            } else if (s.games() % 2 != 0 || s.games() / 2 > MAX_PAIRS) {
                problems.add("$.schedule.games: a test plays whole colour-reversed pairs: an even number up to "
                        + 2 * MAX_PAIRS + ", got " + s.games());
            }
            if (!run.openings().pairs()) {
                problems.add("$.openings.pairs: a test plays every opening twice, colours reversed (its counts are pairs)");
            }
        }
        if (!problems.isEmpty()) {
            throw new BadDefinitionException(String.join("; ", problems));
        }
        return new TestDefinition(run.name(), priority, throughput, run, root);
    }

    private static int integer(JsonNode o, String key, int def, int min, int max, List<String> problems) {
        JsonNode v = o.get(key);
        if (v == null) {
            return def;
        }
        if (!v.isIntegralNumber() || v.asLong() < min || v.asLong() > max) {
            problems.add("$.service." + key + ": must be a whole number from " + min + " to " + max);
            return def;
        }
        return v.asInt();
    }

    /** The game pairs the test plays (with an SPRT, at most). */
    public int pairs() {
        return config.schedule().games() / 2;
    }

    /** The SPRT that stops it early, or null. */
    public RunConfig.Sprt sprt() {
        return config.schedule().sprt();
    }

    /** The tested player (the first of the match): the side of every count. */
    public String tested() {
        return config.schedule().players().get(0);
    }

    /** The tested player's opponent. */
    public String base() {
        return config.schedule().players().get(1);
    }

    public String variant() {
        return config.game().variant();
    }

    /** The two players of the match. */
    public List<RunConfig.PlayerConfig> players() {
        return List.of(config.player(tested()), config.player(base()));
    }

    /** True when a worker must build an engine from source to play it (code it runs on a test's word). */
    public boolean builds() {
        return players().stream().anyMatch(p -> p.build() != null);
    }

    /** The engines a worker must declare to play it: name to protocol id. */
    public Map<String, String> declaredEngines() {
        Map<String, String> out = new LinkedHashMap<>();
        for (RunConfig.PlayerConfig p : players()) {
            if (p.external() && p.build() == null) {
                out.put(p.engine(), p.protocol().id());
            }
        }
        return out;
    }

    /**
     * Seconds a game of this test takes by its clocks (fishtest's estimate: 68 moves a side, 92% of
     * both clocks used; a fixed time a move for 68 moves a side), or 0 when the limits are depth or
     * nodes only (then the workers' measured times tell).
     */
    public double clockGameSeconds() {
        double sum = 0;
        for (RunConfig.PlayerConfig p : players()) {
            TimeLimits t = p.limits() != null ? p.limits() : config.limits();
            double side;
            if (t.timeMs() > 0) {
                double base = t.timeMs() / 1000.0 * (t.movesPerPeriod() > 0 ? GAME_MOVES / t.movesPerPeriod() : 1);
                side = (base + t.incrementMs() / 1000.0 * GAME_MOVES) * CLOCK_USE / 2;
            } else if (t.moveTimeMs() > 0) {
                side = t.moveTimeMs() / 1000.0 * GAME_MOVES;
            } else {
                return 0;
            }
            sum += side;
        }
        return sum;
    }

    /** A definition that cannot be a test; the message is one line naming each problem's JSON path. */
    public static final class BadDefinitionException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public BadDefinitionException(String message) {
            super(message);
        }
    }
}

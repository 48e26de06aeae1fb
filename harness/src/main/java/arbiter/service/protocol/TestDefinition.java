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
 * A test as submitted: a run config (read by {@link ConfigLoader} as {@link Site#SERVICE}: nothing of
 * this machine is touched) with an optional {@code service} block, {@code {"priority": P, "throughput":
 * T}}. Its {@link Kind}: a match of two players (the first is the one tested: its side of every count),
 * an SPSA tuning (a {@code tune} block: pairs of theta+ against theta-, whose results move theta), or a
 * round robin or gauntlet (a rating list from its games). Every kind plays colour-reversed pairs; pair
 * {@code p} is between {@link #pairing(long)}'s two players, the first White in game {@code 2p}, and
 * the counts of a pair are from that first player's side. The server and every worker read it the same way.
 *
 * @param pairings the distinct pairings of the test's pairs, in the order pairs cycle through them
 * @param json     the definition as submitted (what the server stores and workers fetch)
 */
public record TestDefinition(String name, Kind kind, int priority, int throughput, RunConfig config,
                             List<List<String>> pairings, JsonNode json) {
    /** What a test plays and what it ends with. */
    public enum Kind {
        /** Two players to an SPRT verdict or a number of pairs. */
        MATCH,
        /** SPSA without a barrier: each pair at the theta of the moment it is handed out. */
        SPSA,
        /** A round robin or gauntlet: a rating list with error bars from its games. */
        RATING;

        /** As the API writes it: {@code match}, {@code spsa}, {@code rating}. */
        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

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
            throw new BadDefinitionException("$: a test must be a JSON object (a run config: a match, a round robin or gauntlet, "
                    + "or a tuning)");
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
        boolean tuning = config.has("tune");
        if (tuning) {
            spsaProblems(config, problems);
        }
        RunConfig run = null;
        if (problems.isEmpty()) {
            try {
                run = ConfigLoader.parse(config, Path.of(""), "test", Site.SERVICE);
            } catch (ConfigException e) {
                problems.addAll(e.problems());
            }
        }
        Kind kind = tuning ? Kind.SPSA : Kind.MATCH;
        List<List<String>> pairings = List.of();
        if (run != null && tuning) {
            RunConfig.Tune t = run.tune();
            if (!t.method().equals("spsa")) {
                problems.add("$.tune.method: the service tunes by spsa (texel fits recorded games: run it where they are)");
            }
            if ((long) t.iterations() * t.pairsPerIteration() > MAX_PAIRS) {
                problems.add("$.tune.iterations: at most " + MAX_PAIRS + " pairs in all (iterations x pairsPerIteration)");
            }
            pairings = List.of(List.of(RunConfig.Tune.PLUS, RunConfig.Tune.MINUS));
        } else if (run != null) {
            RunConfig.Schedule s = run.schedule();
            if (s.match()) {
                if (s.games() % 2 != 0 || s.games() / 2 > MAX_PAIRS) {
                    problems.add("$.schedule.games: a test plays whole colour-reversed pairs: an even number up to "
                            + 2 * MAX_PAIRS + ", got " + s.games());
                }
            } else {
                kind = Kind.RATING;
            }
            pairings = run.pairings().stream().map(List::of).toList();
            if (kind == Kind.RATING && (long) s.rounds() * pairings.size() > MAX_PAIRS) {
                problems.add("$.schedule.rounds: at most " + MAX_PAIRS + " pairs in all (rounds x pairings)");
            }
            if (!run.openings().pairs()) {
                problems.add("$.openings.pairs: a test plays every opening twice, colours reversed (its counts are pairs)");
            }
        }
        if (!problems.isEmpty()) {
            throw new BadDefinitionException(String.join("; ", problems));
        }
        return new TestDefinition(run.name(), kind, priority, throughput, run, pairings, root);
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

    /**
     * What a tuning must be on the service, before the config is read: SPSA without a barrier, theta+
     * against theta- (fishtest's SPSA), its answer the estimate at the end (no validation match).
     */
    private static void spsaProblems(ObjectNode config, List<String> problems) {
        JsonNode tune = config.get("tune");
        if (config.has("schedule")) {
            problems.add("$.schedule: a tuning has no schedule (its games are the tune block's)");
        }
        if (tune.path("mode").asText(RunConfig.Tune.ASYNC).equals(RunConfig.Tune.BARRIER)) {
            problems.add("$.tune.mode: the service runs SPSA without a barrier (\"async\"): each pair at the theta of its hand-out");
        }
        if (tune.hasNonNull("opponent")) {
            problems.add("$.tune.opponent: the service plays theta+ against theta- (as fishtest); an opponent is for `arbiter tune`");
        }
        if (tune.path("validation").path("games").asLong(0) > 0) {
            problems.add("$.tune.validation: a tuning on the service ends with its estimate; submit the validation match as a test");
        }
    }

    /** The game pairs the test plays (with an SPRT, at most). */
    public int pairs() {
        return switch (kind) {
            case MATCH -> config.schedule().games() / 2;
            case SPSA -> config.tune().iterations() * config.tune().pairsPerIteration();
            case RATING -> config.schedule().rounds() * pairings.size();
        };
    }

    /** The two players of pair {@code p}: the first is White in its first game, and its side is the pair's counts'. */
    public List<String> pairing(long p) {
        return pairings.get((int) (p % pairings.size()));
    }

    /** A match's tested player (White in its pairs' first games, the side of its counts); null for other kinds. */
    public String tested() {
        return kind == Kind.MATCH ? pairing(0).get(0) : null;
    }

    /** A match's base player; null for other kinds. */
    public String base() {
        return kind == Kind.MATCH ? pairing(0).get(1) : null;
    }

    /** The SPRT that stops a match early, or null. */
    public RunConfig.Sprt sprt() {
        return kind == Kind.MATCH ? config.schedule().sprt() : null;
    }

    public String variant() {
        return config.game().variant();
    }

    /** The players whose engines a worker needs: a match's two, a tuning's tuned one, all of a round robin or gauntlet. */
    public List<RunConfig.PlayerConfig> players() {
        if (kind == Kind.SPSA) {
            return List.of(config.player(config.tune().player()));
        }
        java.util.Set<String> names = new java.util.LinkedHashSet<>();
        pairings.forEach(names::addAll);
        return names.stream().map(config::player).toList();
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
        Map<String, Double> side = new LinkedHashMap<>();
        for (RunConfig.PlayerConfig p : players()) {
            TimeLimits t = p.limits() != null ? p.limits() : config.limits();
            double seconds;
            if (t.timeMs() > 0) {
                double base = t.timeMs() / 1000.0 * (t.movesPerPeriod() > 0 ? GAME_MOVES / t.movesPerPeriod() : 1);
                seconds = (base + t.incrementMs() / 1000.0 * GAME_MOVES) * CLOCK_USE / 2;
            } else if (t.moveTimeMs() > 0) {
                seconds = t.moveTimeMs() / 1000.0 * GAME_MOVES;
            } else {
                return 0;
            }
            side.put(p.name(), seconds);
        }
        if (kind == Kind.SPSA) {
            return 2 * side.values().iterator().next(); // theta+ and theta- are the tuned player
        }
        double sum = 0;
        for (List<String> p : pairings) {
            sum += side.get(p.get(0)) + side.get(p.get(1));
        }
        return sum / pairings.size();
    }

    /** A definition that cannot be a test; the message is one line naming each problem's JSON path. */
    public static final class BadDefinitionException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public BadDefinitionException(String message) {
            super(message);
        }
    }
}

package arbiter.config;

import arbiter.config.RunConfig.PlayerConfig;
import arbiter.config.RunConfig.Sprt;
import arbiter.engine.EngineRegistry;
import arbiter.game.Rules;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a {@code tune} block (see {@code docs/tuning.md}): the method, the tuned player and its
 * weights, checked against the names the tuned engine knows.
 */
final class TuneReader {
    static final Set<String> TUNE_KEYS = Set.of("method", "player", "opponent", "iterations", "pairsPerIteration", "A",
            "weights", "validation", "rounds", "gamesPerRound", "threshold", "skipPlies", "mode", "chains");
    static final Set<String> TUNE_WEIGHT_KEYS = Set.of("start", "min", "max", "cEnd", "rEnd", "integer", "scale");
    static final Set<String> VALIDATION_KEYS = Set.of("games", "sprt");

    /**
     * Default {@code cEnd}: this fraction of the weight's range, the step van den Bergh's SPSA simulator
     * designs with (arbiter.tune.SpsaPlan.C_RATIO; SpsaPlanTest checks they agree).
     */
    public static final double DEFAULT_C_FRACTION = 1.0 / 6;
    /**
     * Default {@code rEnd}: the rate at which a W - L of +1 in every iteration would carry a weight
     * across this many ranges in the run (with the default cEnd), so that a weak but steady signal, a
     * net +1 in one iteration of six, crosses the range once (docs/tuning.md).
     */
    public static final double DEFAULT_RANGES_PER_RUN = 6;

    private TuneReader() {
    }

    /** The default final step: {@link #DEFAULT_C_FRACTION} of the range. */
    public static double defaultCEnd(double min, double max) {
        return DEFAULT_C_FRACTION * (max - min);
    }

    /** The range SPSA steps in: max - min, or ln(max/min) for a weight tuned on a log scale. */
    public static double range(double min, double max, boolean log) {
        return log ? Math.log(max / min) : max - min;
    }

    /**
     * The default final rate for N iterations with stability constant A. The step of iteration k per
     * unit of W - L is a_k / c_k = rEnd cEnd ((A+N)/(A+k+1))^0.602 ((k+1)/N)^0.101 (fishtest's
     * schedule, arbiter.tune.Spsa); with cEnd = range/6, its sum over the run is
     * {@link #DEFAULT_RANGES_PER_RUN} ranges when rEnd = 6 DEFAULT_RANGES_PER_RUN / S, S the sum of the
     * two factors: about 24/N (0.16 at 150 iterations, 0.081 at 300).
     */
    public static double defaultREnd(int iterations, double bigA) {
        double sum = 0;
        for (int k = 0; k < iterations; k++) {
            sum += Math.pow((bigA + iterations) / (bigA + k + 1), 0.602) * Math.pow((k + 1.0) / iterations, 0.101);
        }
        return DEFAULT_RANGES_PER_RUN / (DEFAULT_C_FRACTION * sum);
    }

    static RunConfig.Tune tune(JsonReader r, JsonNode node, List<PlayerConfig> players, Rules rules) {
        String path = "$.tune";
        if (node == null || !node.isObject()) {
            r.problem(path, "must be an object");
            return null;
        }
        r.allowOnly(node, path, TUNE_KEYS);
        String method = r.choice(node, "method", path, "spsa", List.of("spsa", "texel"));
        boolean spsa = "spsa".equals(method);
        String player = r.string(node, "player", path, null, true);
        String opponent = r.string(node, "opponent", path, null, false);
        PlayerConfig tuned = null;
        for (PlayerConfig p : players) {
            if (p.name().equals(player)) {
                tuned = p;
            }
        }
        List<String> names = players.stream().map(PlayerConfig::name).toList();
        if (player != null && tuned == null) {
            r.problem(path + ".player", "unknown player '" + player + "'; players: " + String.join(", ", names));
        }
        if (opponent != null && !names.contains(opponent)) {
            r.problem(path + ".opponent", "unknown player '" + opponent + "'; players: " + String.join(", ", names));
        }
        // An external engine is tuned through its options (UCI setoption, Hub set-param): the names are
        // checked by the engine's own handshake when the first game starts.
        boolean externalTuned = tuned != null && tuned.external();
        if (externalTuned && !"spsa".equals(method)) {
            r.problem(path + ".method", "an external engine can only be tuned by spsa (texel needs its evaluation)");
        }
        String mode = r.choice(node, "mode", path, RunConfig.Tune.BARRIER, List.of(RunConfig.Tune.BARRIER, RunConfig.Tune.ASYNC));
        if (!spsa && node.has("mode")) {
            r.problem(path + ".mode", "only for spsa (texel's rounds each need the last one's fit)");
        }
        int chains = (int) r.integer(node, "chains", path, 1, 1, 64);
        if (!spsa && node.has("chains")) {
            r.problem(path + ".chains", "only for spsa (texel's fit is deterministic given its games)");
        }
        int iterations = (int) r.integer(node, "iterations", path, 100, 1, 10_000_000);
        int pairs = (int) r.integer(node, "pairsPerIteration", path, 2, 1, 100_000);
        double bigA = r.number(node, "A", path, 0.1 * iterations, 0, 1e9);
        // Names the tuned engine knows, to reject unknown weights now.
        java.util.Set<String> known = new java.util.LinkedHashSet<>();
        if (tuned != null && !externalTuned && rules != null) {
            try {
                for (arbiter.eval.WeightSpec s : EngineRegistry.weights(tuned.engine(), rules,
                        new arbiter.player.Options(tuned.options())).specs()) {
                    known.add(s.name());
                }
            } catch (IllegalArgumentException e) {
                r.problem(path + ".player", e.getMessage());
            }
        }
        List<RunConfig.TuneWeight> weights = new ArrayList<>();
        JsonNode wn = r.object(node, "weights", path, true);
        if (wn != null) {
            if (wn.isEmpty()) {
                r.problem(path + ".weights", "name at least one weight to tune");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = wn.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String wp = path + ".weights." + e.getKey();
                if (!known.isEmpty() && !known.contains(e.getKey())) {
                    r.problem(wp, "unknown weight '" + e.getKey() + "'; known weights: " + String.join(", ", known));
                    continue;
                }
                JsonNode spec = e.getValue();
                if (!spec.isObject()) {
                    r.problem(wp, "must be an object with start, min, max (and optionally cEnd, rEnd, integer, scale)");
                    continue;
                }
                r.allowOnly(spec, wp, TUNE_WEIGHT_KEYS);
                for (String required : List.of("start", "min", "max")) {
                    if (!spec.has(required)) {
                        r.problem(wp + "." + required, "missing; required number");
                    }
                }
                double start = r.number(spec, "start", wp, 0, -1e12, 1e12);
                double min = r.number(spec, "min", wp, 0, -1e12, 1e12);
                double max = r.number(spec, "max", wp, 0, -1e12, 1e12);
                boolean log = "log".equals(r.choice(spec, "scale", wp, "linear", List.of("linear", "log")));
                if (log && !(min > 0)) {
                    r.problem(wp + ".min", "must be above 0 for scale log (the steps are factors); got " + min);
                }
                boolean ranged = min < max && (!log || min > 0);
                // Without cEnd / rEnd: a sixth of the range (of its logarithm with scale log), and the
                // rate that lets the run cross it.
                double cEnd = r.number(spec, "cEnd", wp, ranged ? defaultCEnd(0, range(min, max, log)) : 1, 1e-12, 1e12);
                double rEnd = r.number(spec, "rEnd", wp, defaultREnd(iterations, bigA), 1e-12, 1e6);
                if (spec.has("min") && spec.has("max") && !(min < max)) {
                    r.problem(wp, "bounds reversed: min " + min + " must be below max " + max);
                } else if (spec.has("start") && (start < min || start > max)) {
                    r.problem(wp + ".start", "start " + start + " is outside [" + min + ", " + max + "]");
                }
                weights.add(new RunConfig.TuneWeight(e.getKey(), start, min, max, cEnd, rEnd,
                        r.bool(spec, "integer", wp, false), log));
            }
        }
        JsonNode vn = r.object(node, "validation", path, false);
        r.allowOnly(vn, path + ".validation", VALIDATION_KEYS);
        int validationGames = (int) r.integer(vn, "games", path + ".validation", vn == null ? 0 : 200, 0, 100_000_000);
        Sprt sprt = null;
        JsonNode sn = r.object(vn, "sprt", path + ".validation", false);
        if (sn != null) {
            r.allowOnly(sn, path + ".validation.sprt", ScheduleReader.SPRT_KEYS);
            sprt = new Sprt(r.number(sn, "elo0", path + ".validation.sprt", 0, -2000, 2000),
                    r.number(sn, "elo1", path + ".validation.sprt", 10, -2000, 2000),
                    r.number(sn, "alpha", path + ".validation.sprt", 0.05, 1e-9, 0.5),
                    r.number(sn, "beta", path + ".validation.sprt", 0.05, 1e-9, 0.5),
                    r.bool(sn, "normalized", path + ".validation.sprt", false));
        }
        int rounds = (int) r.integer(node, "rounds", path, 5, 1, 10_000);
        int gamesPerRound = (int) r.integer(node, "gamesPerRound", path, 400, 2, 100_000_000);
        double threshold = r.number(node, "threshold", path, 0.0, 0, 1e12);
        int skipPlies = (int) r.integer(node, "skipPlies", path, 8, 0, 10_000);
        if (!spsa && tuned != null && !externalTuned && rules != null) {
            try {
                EngineRegistry.linearEvaluation(tuned.engine(), rules);
            } catch (IllegalArgumentException e) {
                r.problem(path + ".method", "texel needs a linear evaluation: " + e.getMessage());
            }
        }
        if (!spsa && opponent != null) {
            r.problem(path + ".opponent", "texel rounds play the tuned player against itself; leave out opponent");
        }
        return new RunConfig.Tune(method, player, opponent, iterations, pairs, bigA, weights, validationGames, sprt,
                rounds, gamesPerRound, threshold, skipPlies, mode, chains);
    }
}

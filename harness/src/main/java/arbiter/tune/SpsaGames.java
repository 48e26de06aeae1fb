package arbiter.tune;

import arbiter.config.ConfigException;
import arbiter.config.RunConfig;
import arbiter.config.RunConfig.PlayerConfig;
import arbiter.config.RunConfig.TuneWeight;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The games of a tuning as runs of their own, built from the tuning's config: an SPSA step's match of
 * theta+ against theta- (or of each against the opponent), the tuned player at given weights, the
 * tuning's openings in colour-reversed pairs. {@link TuneRun} plays them here; the test service's
 * workers build the same runs for the SPSA pairs the server hands them, so a pair is the same games
 * wherever it is played.
 */
public final class SpsaGames {
    private static final ObjectMapper JSON = new ObjectMapper();

    private SpsaGames() {
    }

    /** The SPSA of a tuning config: its weights, schedule and seed (the perturbations follow from the seed). */
    public static Spsa spsa(RunConfig config) {
        RunConfig.Tune tune = config.tune();
        List<Spsa.Parameter> params = new ArrayList<>();
        for (TuneWeight w : tune.weights()) {
            params.add(new Spsa.Parameter(w.name(), w.start(), w.min(), w.max(), w.cEnd(), w.rEnd(), w.integer(), w.log()));
        }
        return new Spsa(params, tune.iterations(), tune.bigA(), config.seed());
    }

    /** The names of the tuned weights, in the order of theta. */
    public static List<String> names(RunConfig.Tune tune) {
        return tune.weights().stream().map(TuneWeight::name).toList();
    }

    /**
     * Step {@code k}'s games as a run: {@code pairs} colour-reversed pairs of theta+ (the tuned player
     * at {@code plus}) against theta- (at {@code minus}), or of each against the opponent; seeded
     * {@code seed * 31 + k} like every sub-run of a tuning.
     *
     * @param suffix added to the tuning's name: {@code -iteration-} or {@code -pair-}
     */
    public static RunConfig step(RunConfig config, String suffix, int k, int pairs, double[] plus, double[] minus, Path folder) {
        RunConfig.Tune tune = config.tune();
        PlayerConfig base = player(config, tune.player());
        List<PlayerConfig> players = new ArrayList<>();
        players.add(withWeights(tune, base, RunConfig.Tune.PLUS, plus));
        players.add(withWeights(tune, base, RunConfig.Tune.MINUS, minus));
        RunConfig.Schedule schedule;
        if (tune.opponent() == null) {
            schedule = new RunConfig.Schedule("match", 1, List.of(RunConfig.Tune.PLUS, RunConfig.Tune.MINUS), 2 * pairs, null);
        } else {
            players.add(player(config, tune.opponent()));
            schedule = new RunConfig.Schedule("gauntlet", pairs, List.of(tune.opponent()), 0, null);
        }
        ObjectNode json = JSON.createObjectNode();
        json.put("tuneIteration", k);
        json.set("plus", JSON.valueToTree(plus));
        json.set("minus", JSON.valueToTree(minus));
        return subRun(config, suffix + k, players, schedule, pairedOpenings(config), folder, config.seed() * 31 + k, json);
    }

    /** A run of this tuning's game, limits, adjudication and concurrency with its own players and schedule. */
    static RunConfig subRun(RunConfig config, String suffix, List<PlayerConfig> players, RunConfig.Schedule schedule,
                            RunConfig.Openings openings, Path folder, long seed, ObjectNode identity) {
        identity.set("config", config.json());
        return new RunConfig(config.name() + suffix, config.game(), players, schedule, openings, config.limits(),
                config.adjudication(), config.concurrency(), folder, seed, Integer.MAX_VALUE, null, Map.of(), identity);
    }

    /** The config's openings as colour-reversed pairs: comparing two settings fairly needs both colours. */
    static RunConfig.Openings pairedOpenings(RunConfig config) {
        RunConfig.Openings o = config.openings();
        return new RunConfig.Openings(o.file(), o.format(), o.order(), o.randomPlies(), true, o.swap(), o.reverse(), o.text());
    }

    static PlayerConfig player(RunConfig config, String name) {
        for (PlayerConfig p : config.players()) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        throw new ConfigException("$.tune.player: unknown player '" + name + "'");
    }

    /** The tuned player with some weights replaced (an external engine: some options). */
    static PlayerConfig withWeights(RunConfig.Tune tune, PlayerConfig base, String name, double[] values) {
        if (base.external()) {
            Map<String, Object> options = new LinkedHashMap<>(base.options());
            for (int i = 0; i < values.length; i++) {
                TuneWeight w = tune.weights().get(i);
                options.put(w.name(), w.integer() ? (Object) Math.round(values[i]) : (Object) values[i]);
            }
            // The same configured engine under another name: a worker finds it by the base player's name.
            String engine = base.engine() != null ? base.engine() : base.name();
            return new PlayerConfig(name, engine, options, base.weights(), base.externalEngine(), base.limits());
        }
        Map<String, Double> weights = new LinkedHashMap<>(base.weights());
        for (int i = 0; i < values.length; i++) {
            weights.put(tune.weights().get(i).name(), values[i]);
        }
        return new PlayerConfig(name, base.engine(), base.options(), weights, null, base.limits());
    }
}

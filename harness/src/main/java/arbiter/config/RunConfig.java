package arbiter.config;

import arbiter.build.EngineBuild;
import com.fasterxml.jackson.databind.JsonNode;
import arbiter.external.ExternalEngine;
import arbiter.play.Adjudication;
import arbiter.play.PlayerSpec;
import arbiter.play.Protocol;
import arbiter.play.TimeLimits;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A validated run configuration (see {@code docs/config.md} for every field). Built by
 * {@link ConfigLoader}; the raw JSON is kept so a resumed run can tell whether the config changed.
 * {@code anchors}: players whose ratings the rating list holds fixed (name to Elo, in config order),
 * e.g. engines of known strength that calibrate the others; empty for a list centred on 0.
 */
public record RunConfig(
        String name,
        Game game,
        List<PlayerConfig> players,
        Schedule schedule,
        Openings openings,
        TimeLimits limits,
        Adjudication adjudication,
        int concurrency,
        Path output,
        long seed,
        int reportEvery,
        Tune tune,
        Map<String, Double> anchors,
        JsonNode json) {

    public RunConfig {
        anchors = anchors == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(anchors));
    }

    /** The same config writing to another folder (the JSON, hence resume identity, is unchanged). */
    public RunConfig withOutput(Path folder) {
        return new RunConfig(name, game, players, schedule, openings, limits, adjudication, concurrency, folder, seed,
                reportEvery, tune, anchors, json);
    }

    /** The player of this name. */
    public PlayerConfig player(String name) {
        for (PlayerConfig p : players) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown player " + name);
    }

    /**
     * A player as it travels in a game spec (no command line): an external one names its configured
     * engine ({@code engine}, or its own name); without limits of its own it plays at the run's.
     */
    public PlayerSpec specOf(PlayerConfig p) {
        String engine = p.external() && p.engine() == null ? p.name() : p.engine();
        return new PlayerSpec(p.name(), engine, p.protocol(), p.options(), p.weights(),
                p.limits() != null ? p.limits() : limits);
    }

    /**
     * The pairings of one round of the schedule, in order: {first, second} player names (a round robin:
     * every two players in config order; a gauntlet: its first player against each other; a match: its two).
     */
    public List<String[]> pairings() {
        List<String[]> out = new java.util.ArrayList<>();
        List<String> names = players.stream().map(PlayerConfig::name).toList();
        switch (schedule.type()) {
            case ROUND_ROBIN -> {
                for (int i = 0; i < names.size(); i++) {
                    for (int j = i + 1; j < names.size(); j++) {
                        out.add(new String[] {names.get(i), names.get(j)});
                    }
                }
            }
            case GAUNTLET -> {
                // Each seed meets every player but itself and the seeds before it (fastchess's -seeds:
                // with the first N engines as seeds, the pairings come in fastchess's order).
                List<String> seeds = schedule.players();
                for (int k = 0; k < seeds.size(); k++) {
                    for (String other : names) {
                        if (!seeds.subList(0, k + 1).contains(other)) {
                            out.add(new String[] {seeds.get(k), other});
                        }
                    }
                }
            }
            case MATCH -> out.add(new String[] {schedule.players().get(0), schedule.players().get(1)});
        }
        return out;
    }

    /** The same config with another number of worker threads. */
    public RunConfig withConcurrency(int threads) {
        return new RunConfig(name, game, players, schedule, openings, limits, adjudication, threads, output, seed,
                reportEvery, tune, anchors, json);
    }

    /**
     * A tuning block: SPSA on some weights of one player (see {@code docs/tuning.md}).
     *
     * @param player            the tuned player
     * @param opponent          null: theta+ plays theta-; otherwise theta+ and theta- each play this player
     * @param iterations        SPSA iterations N
     * @param pairsPerIteration colour-reversed game pairs per iteration
     * @param bigA              SPSA's stability constant A (default 10% of N)
     * @param validationGames   games of the closing match tuned vs start (0 = none)
     * @param validationSprt    stop the validation match on this SPRT, or null
     * @param rounds            texel: rounds of self-play then fit, at most
     * @param gamesPerRound     texel: self-play games per round
     * @param threshold         texel: stop when no tuned weight moved more than this in a round
     * @param skipPlies         texel: positions before this ply are not used
     * @param chains            SPSA: independent runs from each start, whose spread gives the answer's uncertainty
     */
    public record Tune(String method, String player, String opponent, int iterations, int pairsPerIteration,
                       double bigA, List<TuneWeight> weights, int validationGames, Sprt validationSprt,
                       int rounds, int gamesPerRound, double threshold, int skipPlies, String mode, int chains) {
        /** SPSA's two ways of playing (docs/tuning.md): iterations one after another, or pairs without a barrier. */
        public static final String BARRIER = "barrier";
        public static final String ASYNC = "async";
        /** The names SPSA's two sides play under: the tuned player at theta + c Delta and at theta - c Delta. */
        public static final String PLUS = "theta+";
        public static final String MINUS = "theta-";

        public boolean async() {
            return ASYNC.equals(mode);
        }
    }

    /**
     * A tuned weight: start value, bounds, and fishtest's final step cEnd and final rate rEnd.
     *
     * @param log SPSA steps in the logarithm of the weight (cEnd and rEnd in its units): a perturbation
     *            is a factor, for a positive weight whose effect scales with it
     */
    public record TuneWeight(String name, double start, double min, double max, double cEnd, double rEnd,
                             boolean integer, boolean log) {
        public TuneWeight(String name, double start, double min, double max, double cEnd, double rEnd, boolean integer) {
            this(name, start, min, max, cEnd, rEnd, integer, false);
        }

        /** The same weight from another start. */
        public TuneWeight withStart(double value) {
            return new TuneWeight(name, value, min, max, cEnd, rEnd, integer, log);
        }
    }

    /** The game variant and rule overrides by name. */
    public record Game(String variant, Map<String, String> rules) {
    }

    /**
     * A player: a built-in engine with options and weights, or an external engine over a protocol.
     *
     * @param options        built-in engines: their options; external engines: sent to the engine as
     *                       UCI {@code setoption}, Hub {@code set-param} or gnubg evaluation settings
     * @param externalEngine how to run and talk to an external engine, or null for a built-in one
     * @param limits         this player's own limits, or null to use the run's
     * @param build          a test for the service ({@link Site#SERVICE}): the engine a worker builds from
     *                       source before it plays (its command is then the built program); null otherwise
     */
    public record PlayerConfig(String name, String engine, Map<String, Object> options, Map<String, Double> weights,
                               ExternalEngine externalEngine, TimeLimits limits, EngineBuild.Spec build) {
        public PlayerConfig(String name, String engine, Map<String, Object> options, Map<String, Double> weights,
                            ExternalEngine externalEngine, TimeLimits limits) {
            this(name, engine, options, weights, externalEngine, limits, null);
        }

        public boolean external() {
            return externalEngine != null;
        }

        /** The external engine's program and arguments, or null. */
        public List<String> command() {
            return externalEngine == null ? null : externalEngine.command();
        }

        /** The external engine's protocol, or null for a built-in engine. */
        public Protocol protocol() {
            return externalEngine == null ? null : externalEngine.protocol();
        }
    }

    /**
     * @param type       round-robin, gauntlet or match
     * @param rounds     round-robin / gauntlet: times every pairing meets (each meeting is a colour-reversed pair
     *                   when openings are paired)
     * @param players    gauntlet: its seeds, each meeting every player but the seeds before it; match: the two
     *                   players (first = the one tested)
     * @param games      match: number of games (the maximum with an SPRT)
     * @param sprt       match: stop on a verdict, or null
     */
    public record Schedule(ScheduleType type, int rounds, List<String> players, int games, Sprt sprt) {
        /** As the config spells the type ({@code round-robin}, {@code gauntlet}, {@code match}). */
        public Schedule(String type, int rounds, List<String> players, int games, Sprt sprt) {
            this(ScheduleType.of(type), rounds, players, games, sprt);
        }

        /** True for a match (two players, a match verdict, perhaps an SPRT). */
        public boolean match() {
            return type == ScheduleType.MATCH;
        }
    }

    public record Sprt(double elo0, double elo1, double alpha, double beta, boolean normalized) {
    }

    /**
     * @param file        PDN/PGN games or FEN/EPD lines; null = the start position (or {@code text})
     * @param format      pdn, fen or epd (by default from the file extension)
     * @param order       sequential or random
     * @param randomPlies random plies played from each opening (0 = none)
     * @param pairs       each opening played twice with colours reversed
     * @param swap        colours alternate (within a pair, or from one meeting to the next); false: the
     *                    first player of a pairing has White in every game (fastchess's {@code -noswap})
     * @param reverse     colours the other way round: the second player has White where the first would
     *                    (fastchess's {@code -reverse})
     * @param text        a test for the service ({@link Site#SERVICE}): the openings file's content, which
     *                    travels with the test; null otherwise
     */
    public record Openings(Path file, String format, OpeningOrder order, int randomPlies, boolean pairs, boolean swap,
                           boolean reverse, String text) {
        /** Colours alternating, the first player first. */
        public Openings(Path file, String format, OpeningOrder order, int randomPlies, boolean pairs) {
            this(file, format, order, randomPlies, pairs, true, false, null);
        }
    }

}

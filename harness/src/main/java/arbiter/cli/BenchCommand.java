package arbiter.cli;

import arbiter.bench.SearchTimeline;
import arbiter.bench.UciOverheadBench;
import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.config.RunConfig.PlayerConfig;
import arbiter.engine.EngineBench;
import arbiter.game.Games;
import arbiter.game.NotationException;
import arbiter.game.Position;
import arbiter.game.Rules;
import arbiter.player.Limits;
import arbiter.stats.GameCounts;
import arbiter.stats.RatingList;
import arbiter.stats.RatingOptions;
import arbiter.stats.SyntheticGames;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code arbiter bench}: the engines' fixed search benchmark (node signature and nodes per second). */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Search a fixed set of positions per built-in engine to a fixed depth (MCTS: playouts); print nodes and nodes/s.",
            "Subcommands run the other benchmarks of docs/benchmarks.md."},
        subcommands = {BenchCommand.Ratings.class, BenchCommand.UciOverhead.class, BenchCommand.Nodes.class})
final class BenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--engine", description = "Only this engine's suites (default: all).")
    String engine;

    @Option(names = "--depth", description = "Override the depth of alpha-beta suites.")
    Integer depth;

    @Option(names = "--playouts", description = "Override the playouts per position of MCTS suites.")
    Long playouts;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        var suites = EngineBench.suites(engine);
        if (suites.isEmpty()) {
            throw new BadInputException("no bench suite for engine '" + engine + "'");
        }
        long totalNodes = 0;
        long totalMs = 0;
        for (EngineBench.Suite suite : suites) {
            Limits limits = suite.limits();
            if (limits.depth() > 0 && depth != null) {
                limits = Limits.depth(depth);
            } else if (limits.depth() == 0 && playouts != null) {
                limits = Limits.nodes(playouts); // MCTS suites: nodes are playouts
            }
            EngineBench.Result r = EngineBench.run(suite, Map.of(), limits);
            String limit = limits.depth() > 0 ? "depth " + limits.depth() : "playouts " + limits.nodes();
            out.printf("%s on %s, %s%n", suite.engineId(), suite.variant(), limit);
            int i = 1;
            for (EngineBench.Line line : r.lines()) {
                out.printf("  position %d: %-8s %,12d nodes %7d ms%n", i++, line.move(), line.nodes(), line.timeMs());
            }
            out.printf("  total %d nodes in %d ms: %d nodes/s%n", r.nodes(), r.timeMs(), r.nodesPerSecond());
            out.flush();
            totalNodes += r.nodes();
            totalMs += r.timeMs();
        }
        out.printf("bench: %d nodes, %d ms, %d nodes/s%n", totalNodes, totalMs, totalMs == 0 ? 0 : totalNodes * 1000 / totalMs);
        return 0;
    }

    /** {@code arbiter bench ratings}: synthetic games -> rating list with bootstrap error bars. */
    @Command(name = "ratings", mixinStandardHelpOptions = true,
            description = {"Rating list of synthetic seeded games with bootstrap error bars; prints timings.",
                "Games are aggregated into per-pair, per-colour counts as they are generated."})
    static final class Ratings implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--players", defaultValue = "100", description = "Players (default ${DEFAULT-VALUE}).")
        int players;

        @Option(names = "--games", defaultValue = "1000000", description = "Games (default ${DEFAULT-VALUE}).")
        long games;

        @Option(names = "--bootstrap", defaultValue = "1000", description = "Bootstrap samples (default ${DEFAULT-VALUE}).")
        int bootstrap;

        @Option(names = "--seed", defaultValue = "1", description = "Seed (default ${DEFAULT-VALUE}).")
        long seed;

        @Override
        public Integer call() {
            if (players < 2 || games < 1 || bootstrap < 0) {
                throw new BadInputException("need --players >= 2, --games >= 1, --bootstrap >= 0");
            }
            PrintWriter out = spec.commandLine().getOut();
            long t0 = System.nanoTime();
            SyntheticGames synthetic = SyntheticGames.generate(players, games, seed);
            GameCounts counts = synthetic.counts();
            long t1 = System.nanoTime();
            arbiter.stats.Ratings r = RatingList.compute(counts,
                    RatingOptions.defaults().withBootstrap(bootstrap, seed));
            long t2 = System.nanoTime();
            double meanTrue = 0;
            for (int i = 0; i < players; i++) {
                meanTrue += synthetic.trueRating(i) / players;
            }
            double sq = 0;
            double meanError = 0;
            for (int i = 0; i < players; i++) {
                double d = r.player(i).rating() - (synthetic.trueRating(i) - meanTrue);
                sq += d * d;
                meanError += r.player(i).error() / players;
            }
            Runtime rt = Runtime.getRuntime();
            out.printf(Locale.ROOT, "players: %d%n", players);
            out.printf(Locale.ROOT, "games: %d%n", counts.totalGames());
            out.printf(Locale.ROOT, "bootstrap: %d%n", bootstrap);
            out.printf(Locale.ROOT, "seed: %d%n", seed);
            out.printf(Locale.ROOT, "threads: %d%n", java.util.concurrent.ForkJoinPool.getCommonPoolParallelism() + 1);
            out.printf(Locale.ROOT, "generate_s: %.3f%n", (t1 - t0) / 1e9);
            out.printf(Locale.ROOT, "ratings_s: %.3f%n", (t2 - t1) / 1e9);
            out.printf(Locale.ROOT, "total_s: %.3f%n", (t2 - t0) / 1e9);
            out.printf(Locale.ROOT, "rms_vs_truth: %.2f%n", Math.sqrt(sq / players));
            out.printf(Locale.ROOT, "mean_error_95: %.2f%n", meanError);
            out.printf(Locale.ROOT, "heap_used_mb: %.1f%n", (rt.totalMemory() - rt.freeMemory()) / 1048576.0);
            out.flush();
            return 0;
        }
    }
    /** {@code arbiter bench uci-overhead}: a UCI engine against itself at a node count; the harness's cost per move. */
    @Command(name = "uci-overhead", mixinStandardHelpOptions = true,
            description = {"Play a UCI engine (stockfish) against itself at a fixed node count per move and time every search:",
                "games per minute and the harness's overhead per move (from one 'go' to the next 'go' of the game,",
                "minus the engine's reported search time). Definitions in docs/benchmarks.md."})
    static final class UciOverhead implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--games", defaultValue = "20", description = "Games (default ${DEFAULT-VALUE}).")
        int games;

        @Option(names = "--nodes", defaultValue = "5000", description = "Nodes per move (default ${DEFAULT-VALUE}).")
        long nodes;

        @Option(names = "--concurrency", defaultValue = "2", description = "Games at a time (default ${DEFAULT-VALUE}).")
        int concurrency;

        @Option(names = "--engine", defaultValue = "stockfish",
                description = "The UCI engine's program, on PATH or in /usr/games (default ${DEFAULT-VALUE}).")
        String engine;

        @Option(names = "--seed", defaultValue = "1", description = "Seed of the random openings (default ${DEFAULT-VALUE}).")
        long seed;

        @Option(names = "--output", description = "Keep the games in this new folder (default: a temporary folder, deleted).")
        java.nio.file.Path output;

        @Option(names = "--report-bias-ms", defaultValue = "1",
                description = {"What the engine adds to the search time it reports (default ${DEFAULT-VALUE}:",
                    "Stockfish reports its elapsed milliseconds plus 1; 0 for engines that report the elapsed time)."})
        double reportBiasMs;

        @Override
        public Integer call() throws java.io.IOException {
            if (games < 1 || nodes < 1 || concurrency < 1) {
                throw new BadInputException("need --games >= 1, --nodes >= 1, --concurrency >= 1");
            }
            if (output != null && java.nio.file.Files.exists(output)) {
                // an earlier run there would be resumed, not measured
                throw new BadInputException("--output " + output + " exists; give a new folder");
            }
            PrintWriter out = spec.commandLine().getOut();
            // A missing engine is a config error ($.players[0].command[0]) reported by the error handler.
            UciOverheadBench.Result r = UciOverheadBench.run(
                    new UciOverheadBench.Settings(engine, games, nodes, concurrency, seed, output, reportBiasMs));
            SearchTimeline.Summary t = r.timeline();
            out.printf(Locale.ROOT, "engine: %s%n", r.engineId());
            out.printf(Locale.ROOT, "games: %d (nodes %d per move, concurrency %d, seed %d)%n", r.games(), nodes, concurrency, seed);
            out.printf(Locale.ROOT, "moves: %d%n", t.moves());
            out.printf(Locale.ROOT, "wall_s: %.2f%n", r.wallMs() / 1000.0);
            out.printf(Locale.ROOT, "games_per_min: %.1f%n", r.gamesPerMinute());
            out.printf(Locale.ROOT, "search_ms_per_move: %.3f (reported by the engine, less %s ms)%n", t.reportedMsPerMove(),
                    reportBiasMs);
            out.printf(Locale.ROOT, "overhead_ms_per_move: %.3f (go to next go, minus the reported search time; %d moves)%n",
                    t.overheadMsPerMove(), t.followed());
            out.printf(Locale.ROOT, "  go_to_bestmove_beyond_search_ms: %.3f%n", t.answerExtraMsPerMove());
            out.printf(Locale.ROOT, "  bestmove_to_next_go_ms: %.3f%n", t.refereeMsPerMove());
            out.printf(Locale.ROOT, "run_overhead_ms_per_move: %.3f (concurrency x wall - reported search, over moves)%n",
                    r.runOverheadMsPerMove());
            if (t.missingReports() > 0) {
                out.printf(Locale.ROOT, "warning: %d searches without a reported time (counted as 0 ms)%n", t.missingReports());
            }
            out.flush();
            return 0;
        }
    }

    /**
     * {@code arbiter bench nodes}: the built-in players of a config search the same positions to each
     * depth; nodes and time per player and depth (the search-method tables of docs/studies).
     */
    @Command(name = "nodes", mixinStandardHelpOptions = true,
            description = {"Nodes and time of each built-in player of a config searching the same positions to each depth:",
                "one table row per depth, one column per player (a fresh player per search, one thread).",
                "Positions: the variant's start (default), --position, or the engine's bench positions."})
    static final class Nodes implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "CONFIG",
                description = "Run config: its game and built-in players (their options and weights) are used.")
        Path config;

        @Option(names = "--depths", required = true, split = ",", description = "Depths, e.g. 1,5,6,7.")
        List<Integer> depths;

        @Option(names = "--position", description = "A position to search (repeatable; default: the start position).")
        List<String> positions;

        @Option(names = "--bench-positions", description = "Search the positions of the engine's `arbiter bench` suite.")
        boolean benchPositions;

        @Override
        public Integer call() throws Exception {
            RunConfig run = ConfigLoader.load(config);
            Rules rules = Games.rules(run.game().variant(), run.game().rules());
            List<PlayerConfig> players = run.players();
            for (int i = 0; i < players.size(); i++) {
                if (players.get(i).external()) {
                    throw new BadInputException(config + ": $.players[" + i + "] (" + players.get(i).name()
                            + ") is an external engine; bench nodes searches built-in players only");
                }
            }
            for (int d : depths) {
                if (d < 0 || d > 64) {
                    throw new BadInputException("--depths: " + d + " is outside 0..64");
                }
            }
            List<String> texts = new ArrayList<>();
            if (positions != null) {
                texts.addAll(positions);
            }
            if (benchPositions) {
                var suites = EngineBench.suites(players.get(0).engine());
                for (EngineBench.Suite s : suites) {
                    if (s.variant().equals(rules.id())) {
                        texts.addAll(s.positions());
                    }
                }
                if (texts.isEmpty()) {
                    throw new BadInputException("--bench-positions: engine " + players.get(0).engine()
                            + " has no bench suite for " + rules.id());
                }
            }
            List<Position> starts = new ArrayList<>();
            if (texts.isEmpty()) {
                starts.add(rules.start());
            }
            for (String t : texts) {
                try {
                    starts.add(rules.parsePosition(t));
                } catch (NotationException e) {
                    throw new BadInputException("--position '" + t + "': " + e.getMessage());
                }
            }
            PrintWriter out = spec.commandLine().getOut();
            out.printf(Locale.ROOT, "%s, %d position(s), nodes summed over positions (ms in brackets)%n%n",
                    rules.id(), starts.size());
            StringBuilder head = new StringBuilder("| depth |");
            StringBuilder rule = new StringBuilder("|---:|");
            for (var p : players) {
                head.append(' ').append(p.name()).append(" |");
                rule.append("---:|");
            }
            out.println(head);
            out.println(rule);
            for (int d : depths) {
                StringBuilder row = new StringBuilder("| ").append(d).append(" |");
                for (var p : players) {
                    long nodes = 0;
                    long nanos = 0;
                    for (Position start : starts) {
                        EngineBench.Search s = EngineBench.searchOnce(p.engine(), rules, p.options(), p.weights(), start,
                                Limits.depth(d));
                        nanos += s.nanos();
                        nodes += s.result().nodes();
                    }
                    row.append(String.format(Locale.ROOT, " %,d (%d) |", nodes, nanos / 1_000_000));
                }
                out.println(row);
                out.flush();
            }
            return 0;
        }
    }
}

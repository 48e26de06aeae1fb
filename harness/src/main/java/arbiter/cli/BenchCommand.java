package arbiter.cli;

import arbiter.stats.GameCounts;
import arbiter.stats.RatingList;
import arbiter.stats.RatingOptions;
import arbiter.stats.SyntheticGames;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code arbiter bench}: repeatable performance measurements. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Repeatable benchmarks; see docs/benchmarks.md.",
        subcommands = {BenchCommand.Ratings.class})
final class BenchCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
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
}

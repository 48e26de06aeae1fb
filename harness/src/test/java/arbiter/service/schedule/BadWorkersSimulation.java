package arbiter.service.schedule;

import arbiter.service.protocol.Counts;
import arbiter.stats.Homogeneity;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * How often {@link BadWorkers} flags an honest worker, and how often it finds a cheat, by simulation.
 * A simulated test has W workers whose pairs all come from one distribution of pair outcomes (ahead,
 * level, behind — drawn per test: a draw-like share of level pairs from 0.1 to 0.9 and an Elo-like
 * tilt between ahead and behind); each worker plays a number of pairs drawn per worker (log-uniform
 * between a smallest and a largest). The check runs once, as at a test's end; a false flag is any
 * worker flagged. A cheat is one more worker whose pairs are honest draws but which reports a share of
 * its level and behind pairs as ahead.
 *
 * <p>{@code bench/bad-workers.sh} runs {@link #main} with many simulated tests; {@code BadWorkersTest} a few.
 */
public final class BadWorkersSimulation {
    private final SplittableRandom random;

    public BadWorkersSimulation(long seed) {
        this.random = new SplittableRandom(seed);
    }

    /** One scenario: workers per test and the range of pairs a worker plays. */
    public record Scenario(int workers, int fewestPairs, int mostPairs) {
        @Override
        public String toString() {
            return workers + " workers of " + fewestPairs + "-" + mostPairs + " pairs";
        }
    }

    /** Tests of honest workers in which some worker was flagged, out of {@code tests}. */
    public int falseFlags(Scenario s, int tests) {
        return falseFlags(s, tests, new int[1]);
    }

    /**
     * As {@link #falseFlags(Scenario, int)}; also counts in {@code fishtest[0]} the tests fishtest's
     * rule ({@code get_bad_workers}: the table's p below 0.001 or a residual above 7) would flag a worker in.
     */
    public int falseFlags(Scenario s, int tests, int[] fishtest) {
        int flagged = 0;
        for (int t = 0; t < tests; t++) {
            double[] p = outcomes();
            List<Counts> rows = new ArrayList<>();
            for (int i = 0; i < s.workers(); i++) {
                rows.add(honest(p, pairs(s)));
            }
            Homogeneity h = BadWorkers.test(rows);
            flagged += BadWorkers.worst(h) >= 0 ? 1 : 0;
            double most = Arrays.stream(h.z()).filter(z -> !Double.isNaN(z)).max().orElse(0);
            fishtest[0] += h.tested() && (h.p() < 0.001 || most > 7) ? 1 : 0;
        }
        return flagged;
    }

    /**
     * Tests in which a cheat that turns a share {@code cheat} of its level and behind pairs into ahead
     * ones, over {@code cheatPairs} pairs, is the worker flagged, out of {@code tests}.
     */
    public int found(Scenario s, int cheatPairs, double cheat, int tests) {
        int found = 0;
        for (int t = 0; t < tests; t++) {
            double[] p = outcomes();
            List<Counts> rows = new ArrayList<>();
            for (int i = 0; i < s.workers(); i++) {
                rows.add(honest(p, pairs(s)));
            }
            long[] c = draw(p, cheatPairs);
            long turned = 0;
            for (int k = 1; k < 3; k++) {
                for (long n = c[k]; n > 0; n--) {
                    if (random.nextDouble() < cheat) {
                        c[k]--;
                        turned++;
                    }
                }
            }
            c[0] += turned;
            rows.add(counts(c));
            found += BadWorkers.worst(BadWorkers.test(rows)) == rows.size() - 1 ? 1 : 0;
        }
        return found;
    }

    /** A test's distribution of ahead, level, behind. */
    private double[] outcomes() {
        double level = 0.1 + 0.8 * random.nextDouble();
        double tilt = 0.3 + 0.4 * random.nextDouble(); // the share of the other pairs that are ahead
        return new double[] {(1 - level) * tilt, level, (1 - level) * (1 - tilt)};
    }

    private int pairs(Scenario s) {
        double lo = Math.log(s.fewestPairs());
        double hi = Math.log(s.mostPairs());
        return (int) Math.round(Math.exp(lo + (hi - lo) * random.nextDouble()));
    }

    private long[] draw(double[] p, int pairs) {
        long[] c = new long[3];
        for (int i = 0; i < pairs; i++) {
            double u = random.nextDouble();
            c[u < p[0] ? 0 : u < p[0] + p[1] ? 1 : 2]++;
        }
        return c;
    }

    private Counts honest(double[] p, int pairs) {
        return counts(draw(p, pairs));
    }

    /** Counts with these ahead, level, behind pairs (as WW, DD and LL pairs: the test reads only the three). */
    private static Counts counts(long[] c) {
        long pairs = c[0] + c[1] + c[2];
        return new Counts(pairs, 2 * c[0], 2 * c[1], 2 * c[2], new long[] {c[2], 0, c[1], 0, c[0]});
    }

    /** The scenarios the docs give. */
    public static final List<Scenario> SCENARIOS = List.of(new Scenario(3, 20, 400), new Scenario(10, 20, 2000),
            new Scenario(50, 10, 2000), new Scenario(200, 10, 500));

    /**
     * {@code BadWorkersSimulation [TESTS] [SEED]}: per scenario, the honest tests with a flag (and its
     * 95% interval), then how often a cheat is found.
     */
    public static void main(String[] args) {
        int tests = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 1;
        BadWorkersSimulation sim = new BadWorkersSimulation(seed);
        System.out.printf(Locale.ROOT, "# false flags among honest workers (alpha %.4f, %d simulated tests a scenario, seed %d)%n",
                BadWorkers.ALPHA, tests, seed);
        int all = 0;
        for (Scenario s : SCENARIOS) {
            long start = System.nanoTime();
            int[] fishtest = new int[1];
            int f = sim.falseFlags(s, tests, fishtest);
            all += f;
            System.out.printf(Locale.ROOT, "%-28s %6d of %d  %.4f%%  (95%% upper bound %.4f%%); fishtest's rule %.4f%%  %.1f s%n",
                    s, f, tests, 100.0 * f / tests, 100 * upper(f, tests), 100.0 * fishtest[0] / tests,
                    (System.nanoTime() - start) / 1e9);
        }
        System.out.printf(Locale.ROOT, "%-28s %6d of %d  %.4f%%  (95%% upper bound %.4f%%)%n", "all", all,
                tests * SCENARIOS.size(), 100.0 * all / (tests * SCENARIOS.size()), 100 * upper(all, tests * SCENARIOS.size()));
        int cheats = Math.max(1, tests / 10);
        System.out.printf(Locale.ROOT, "# a cheat among 10 honest workers of 20-2000 pairs found (%d tests a line)%n", cheats);
        for (int pairs : new int[] {25, 50, 100, 200, 400}) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%4d pairs:", pairs));
            for (double cheat : new double[] {0.1, 0.2, 0.3, 0.5, 1.0}) {
                line.append(String.format(Locale.ROOT, "  %3.0f%% turned %5.1f%%", 100 * cheat,
                        100.0 * sim.found(new Scenario(10, 20, 2000), pairs, cheat, cheats) / cheats));
            }
            System.out.println(line);
        }
    }

    /** The one-sided 95% upper bound of a binomial proportion (Clopper-Pearson, by bisection). */
    static double upper(int k, int n) {
        double lo = (double) k / n;
        double hi = 1;
        for (int i = 0; i < 60; i++) {
            double mid = (lo + hi) / 2;
            if (binomialCdf(k, n, mid) > 0.05) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return hi;
    }

    private static double binomialCdf(int k, int n, double p) {
        double logTerm = n * Math.log1p(-p);
        double sum = Math.exp(logTerm);
        for (int i = 1; i <= k; i++) {
            logTerm += Math.log((double) (n - i + 1) / i) + Math.log(p) - Math.log1p(-p);
            sum += Math.exp(logTerm);
        }
        return sum;
    }
}

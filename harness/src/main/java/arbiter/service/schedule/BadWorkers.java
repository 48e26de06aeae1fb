package arbiter.service.schedule;

import arbiter.pdn.GameRecord;
import arbiter.play.Termination;
import arbiter.service.protocol.Counts;
import arbiter.stats.Homogeneity;
import java.util.List;
import java.util.Locale;

/**
 * Which workers of a match sent results unlike the others' — the rules, in one place. Each worker's
 * pairs of the test fall in three categories by the tested player's score in the pair: ahead (WW or
 * WD), level (WL or DD), behind (LD or LL) — the pentanomial with its rare ends joined to their
 * neighbours, as fishtest does, so that the expected counts are large enough for the chi-squared law.
 * {@link Homogeneity} gives the table's p and each worker's residual z. The worker with the largest
 * residual is flagged when the table is unlikely from one distribution ({@code p < ALPHA}) and its
 * residual is above {@link #threshold}, Bonferroni's bound for {@code ALPHA} over the workers tested
 * (at least {@link #MIN_WORKERS}): either alone would flag an honest worker in about {@code ALPHA} of
 * the checks if the chi-squared law held; small counts make each a little more eager, both together
 * stay below it (measured by simulation of honest workers, {@code bench/bad-workers.sh}:
 * docs/service.md). Crashes and time losses are shown with fishtest's limits ({@code crash_or_time}):
 * a worker with more than {@link #MAX_CRASHES} crashes, or time losses in more than {@link
 * #MAX_TIME_LOSS_SHARE} of at least {@link #TIME_LOSS_GAMES} games, is flagged for an approver to
 * judge; they purge nothing by themselves (a patch that crashes crashes on every machine).
 */
public final class BadWorkers {
    /** The false-flag rate a check aims to stay below, over all a test's workers. */
    public static final double ALPHA = 0.001;
    /** Workers tested at least: of two that differ, the test cannot say which one is odd (their residuals are equal). */
    public static final int MIN_WORKERS = 3;
    public static final long MAX_CRASHES = 3;
    public static final double MAX_TIME_LOSS_SHARE = 0.1;
    public static final long TIME_LOSS_GAMES = 20;

    private BadWorkers() {
    }

    /** A worker's pairs as the test of homogeneity counts them: ahead, level, behind. */
    public static long[] outcomes(Counts c) {
        return new long[] {c.penta(3) + c.penta(4), c.penta(2), c.penta(0) + c.penta(1)};
    }

    /** The residual above which the worst of {@code workers} tested workers is flagged. */
    public static double threshold(int workers) {
        return Homogeneity.upperQuantile(ALPHA / Math.max(1, workers));
    }

    /** The workers tested (those with enough pairs) and the residuals; see {@link Homogeneity}. */
    public static Homogeneity test(List<Counts> workers) {
        long[][] rows = new long[workers.size()][];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = outcomes(workers.get(i));
        }
        return Homogeneity.of(rows);
    }

    /** The index of the worker to flag among these, or -1 for none. */
    public static int worst(Homogeneity h) {
        if (!h.tested()) {
            return -1;
        }
        double[] z = h.z();
        int tested = 0;
        int worst = -1;
        for (int i = 0; i < z.length; i++) {
            if (!Double.isNaN(z[i])) {
                tested++;
                if (worst < 0 || z[i] > z[worst]) {
                    worst = i;
                }
            }
        }
        return tested >= MIN_WORKERS && h.p() < ALPHA && z[worst] > threshold(tested) ? worst : -1;
    }

    /** Why a worker's crashes or time losses flag it, or null. */
    public static String crashOrTime(long games, long crashes, long timeLosses) {
        if (crashes > MAX_CRASHES) {
            return crashes + " crashes";
        }
        if (games >= TIME_LOSS_GAMES && timeLosses > MAX_TIME_LOSS_SHARE * games) {
            return String.format(Locale.ROOT, "time losses in %.0f%% of %d games", 100.0 * timeLosses / games, games);
        }
        return null;
    }

    /** {crashes, time losses} among these games, by their Termination tags. */
    public static long[] failures(List<GameRecord> games) {
        long[] out = new long[2];
        for (GameRecord g : games) {
            String t = g.tag("Termination");
            if (Termination.engineFailure(t)) {
                out[0]++;
            } else if (Termination.TIME_FORFEIT.equals(t)) {
                out[1]++;
            }
        }
        return out;
    }
}

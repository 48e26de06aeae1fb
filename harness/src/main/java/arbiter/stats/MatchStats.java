package arbiter.stats;

import java.util.Arrays;

/**
 * Statistics of a match between two players, from trinomial counts (one sample = one game: L, D, W)
 * or pentanomial counts (one sample = a colour-reversed game pair: LL, LD+DL, LW+DD+WL, DW+WD, WW).
 *
 * <p>Formulas (fishtest {@code stat_util.get_elo}, Van den Bergh "normalized_elo_practical"):
 * <ul>
 *   <li>sample values {@code a_i = i/(k-1)} (the score per game of outcome i), {@code N = sum n_i};
 *   <li>score {@code mu = sum n_i a_i / N}; sample variance {@code v = sum n_i (a_i - mu)^2 / N};
 *   <li>standard error of the score {@code se = sqrt(v / N)};
 *   <li>per-game standard deviation {@code sigma_pg = sqrt(v)} (trinomial) or {@code sqrt(2 v)}
 *       (pentanomial: a pair is two games);
 *   <li>Elo {@code = elo(mu)}; 95% interval {@code [elo(mu - z se), elo(mu + z se)]} (interval ends of
 *       the score mapped through the logistic, z = 1.959964); "+-" is half its width;
 *   <li>LOS {@code = Phi((mu - 1/2) / se)};
 *   <li>nElo {@code = (mu - 1/2) / sigma_pg * 800 / ln 10}, interval mapped the same way, so its
 *       half-width is {@code z * 800/ln 10 / sqrt(games)}.
 * </ul>
 * Degenerate records (every sample in one category: all wins, all draws, all losses) have zero
 * variance; for them, and only for them, zero counts are replaced by 0.001 (fishtest's
 * {@code regularize}) before computing Elo, LOS and nElo. Scores are clamped to [0.001, 0.999]
 * before conversion to Elo, so reported Elo is finite (within +-1199.6). {@link #score()} and
 * {@link #drawRatio()} always come from the raw counts.
 *
 * <p>The draw ratio is fastchess's ({@code Stats::drawRatio} and {@code drawRatioPenta} in its
 * {@code app/src/matchmaking/stats.hpp}): draws over games (trinomial), or game pairs scored 1-1 (WL
 * or DD) over complete pairs (pentanomial). The console, the page and the report print this one figure.
 *
 * @param pentanomial true for game-pair counts, false for single-game counts
 * @param counts raw counts, low to high (L,D,W or LL,LD,DD,DW,WW)
 * @param games number of games (pairs count twice)
 * @param score average score per game, 0..1
 * @param drawRatio draws over games (trinomial), or pairs scored 1-1 over pairs (pentanomial)
 * @param sigmaPerGame per-game standard deviation of the score
 * @param standardError standard error of {@link #score}
 * @param elo logistic Elo difference
 * @param eloLow lower end of the 95% interval
 * @param eloHigh upper end of the 95% interval
 * @param los likelihood of superiority, Phi((mu - 1/2)/se)
 * @param nElo normalized Elo
 * @param nEloError half-width of the 95% interval of nElo
 * @param regularized true when zero counts were replaced by 0.001 (degenerate record)
 */
public record MatchStats(boolean pentanomial, long[] counts, long games, double score, double drawRatio,
        double sigmaPerGame, double standardError, double elo, double eloLow, double eloHigh, double los,
        double nElo, double nEloError, boolean regularized) {

    /** Regularization prior for zero counts, as in fishtest. */
    public static final double PRIOR = 1e-3;

    /** Trinomial statistics from wins, draws and losses of the first player. */
    public static MatchStats ofWdl(long wins, long draws, long losses) {
        return of(new long[] {losses, draws, wins});
    }

    /** Pentanomial statistics from pair counts, low to high: LL, LD+DL, LW+DD+WL, DW+WD, WW. */
    public static MatchStats ofPentanomial(long ll, long ld, long even, long dw, long ww) {
        return of(new long[] {ll, ld, even, dw, ww});
    }

    /** Statistics from counts low to high: 3 entries (trinomial) or 5 (pentanomial). */
    public static MatchStats of(long[] countsLowToHigh) {
        int k = countsLowToHigh.length;
        if (k != 3 && k != 5) {
            throw new IllegalArgumentException("expected 3 or 5 counts, got " + k);
        }
        long n = 0;
        int nonZero = 0;
        for (long c : countsLowToHigh) {
            if (c < 0) {
                throw new IllegalArgumentException("negative count in " + Arrays.toString(countsLowToHigh));
            }
            n += c;
            nonZero += c > 0 ? 1 : 0;
        }
        boolean penta = k == 5;
        long games = penta ? 2 * n : n;
        long[] counts = countsLowToHigh.clone();
        if (n == 0) {
            double nan = Double.NaN;
            return new MatchStats(penta, counts, 0, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, false);
        }
        double rawScore = mean(toDouble(counts));
        double drawRatio = counts[k / 2] / (double) n; // the middle cell: D, or WL+DD pairs
        boolean regularized = nonZero == 1;
        double[] x = toDouble(counts);
        if (regularized) {
            for (int i = 0; i < k; i++) {
                if (x[i] == 0) {
                    x[i] = PRIOR;
                }
            }
        }
        double samples = 0;
        for (double c : x) {
            samples += c;
        }
        double mu = mean(x);
        double v = variance(x, mu);
        double se = Math.sqrt(v / samples);
        double sigmaPg = Math.sqrt(penta ? 2 * v : v);
        double lo = mu - Elo.Z95 * se;
        double hi = mu + Elo.Z95 * se;
        double elo = Elo.fromScoreClamped(mu);
        double los = Elo.phi((mu - 0.5) / se);
        double nElo = (mu - 0.5) / sigmaPg * Elo.NELO_PER_T;
        double nEloError = Elo.Z95 * se / sigmaPg * Elo.NELO_PER_T;
        return new MatchStats(penta, counts, games, rawScore, drawRatio, sigmaPg, se, elo,
                Elo.fromScoreClamped(lo), Elo.fromScoreClamped(hi), los, nElo, nEloError, regularized);
    }

    /** Half-width of the 95% Elo interval (the "+-" figure). */
    public double eloError() {
        return (eloHigh - eloLow) / 2.0;
    }

    /** Number of samples: games (trinomial) or game pairs (pentanomial). */
    public long samples() {
        return pentanomial ? games / 2 : games;
    }

    /** Sample value of outcome i of k: i/(k-1). */
    static double value(int i, int k) {
        return i / (double) (k - 1);
    }

    static double mean(double[] counts) {
        int k = counts.length;
        double n = 0;
        double sum = 0;
        for (int i = 0; i < k; i++) {
            n += counts[i];
            sum += counts[i] * value(i, k);
        }
        return sum / n;
    }

    static double variance(double[] counts, double mu) {
        int k = counts.length;
        double n = 0;
        double sum = 0;
        for (int i = 0; i < k; i++) {
            double dev = value(i, k) - mu;
            n += counts[i];
            sum += counts[i] * dev * dev;
        }
        return sum / n;
    }

    static double[] toDouble(long[] counts) {
        double[] x = new double[counts.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = counts[i];
        }
        return x;
    }
}

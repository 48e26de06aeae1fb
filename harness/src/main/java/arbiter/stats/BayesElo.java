package arbiter.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * BayesElo's default rating list ({@code elo; mm; exactdist; ratings}), computed the way Rémi
 * Coulom's bayeselo program computes it (https://www.remi-coulom.fr/Bayesian-Elo/, source
 * https://github.com/fsmosca/BayesianElo, files CBradleyTerry.cpp, CCondensedResults.cpp,
 * CEloRatingCUI.cpp, CCDistribution.cpp).
 *
 * <p>Model (Bradley-Terry with draws): with gammas {@code g = 10^(r/400)}, White advantage
 * {@code tw = 10^(advantage/400)} and {@code td = 10^(drawElo/400)},
 * {@code P(White wins) = tw gW / (tw gW + td gB)}, {@code P(Black wins) = gB / (td tw gW + gB)},
 * draws the rest. The defaults are BayesElo's: advantage 32.8, drawElo 97.3, both held fixed
 * ({@code mm} without flags; {@code whiteAdvantage} in the options fits the advantage like
 * {@code mm 1 0}).
 *
 * <p>Prior: 2 virtual draws per player, spread over its opponents in proportion to the games
 * played, and counted for both colours: for player i and opponent j,
 * {@code 2 * 0.25 * n_ij / n_i} draws are added to each colour of the pair, from i's side and from
 * j's (so a pair gets virtual draws from both its players).
 *
 * <p>Fit: minorization-maximization (Hunter 2004), players updated from the last to the first,
 * each with the opponents already updated, from all gammas 1 until the largest relative change of a
 * gamma is below 1e-5 (at most 10,000 iterations). Ratings are {@code 400 log10 g}, shifted to mean
 * 0 over all players, then multiplied by BayesElo's display scale
 * {@code 4x/(1+x)^2, x = 10^(-drawElo/400)} (the slope at 0 of the expected score in the draw model
 * relative to the logistic one); the mean, or a single anchor, is added after scaling (BayesElo's
 * {@code offset}).
 *
 * <p>Error bars ({@code exactdist}): for each player, the likelihood of its own results (prior
 * included) on 1001 points of [-1500, 1500] with every other rating held at its maximum, the
 * player's value moved by {@code (v - r)/(n - 1)} more; the 95% bounds are where the trapezoid
 * integral from either end reaches 2.5%. {@code +} and {@code -} are asymmetric; the scale applies.
 */
public final class BayesElo {
    /** BayesElo's default advantage of playing first, in Elo. */
    public static final double ADVANTAGE = 32.8;
    /** BayesElo's default drawElo. */
    public static final double DRAW_ELO = 97.3;
    /** BayesElo's default prior: the number of virtual draws per player. */
    public static final double PRIOR = 2.0;

    private static final double C = Math.log(10) / 400;
    private static final int RESOLUTION = 1001;
    private static final double GRID_MIN = -1500;
    private static final double GRID_MAX = 1500;
    private static final double CONFIDENCE = 0.95;

    /**
     * A player's line as BayesElo prints it.
     *
     * @param rating scaled rating, offset applied
     * @param plus upper half-width of the 95% interval (scaled)
     * @param minus lower half-width (scaled)
     */
    public record Line(String name, double rating, double plus, double minus) {
    }

    private final int n;
    /** Per player: opponents in increasing index, and per opponent the six condensed counts. */
    private final int[][] opp;
    private final double[][] wij;
    private final double[][] dij;
    private final double[][] lij;
    private final double[][] wji;
    private final double[][] dji;
    private final double[][] lji;
    private final long[][] trueGames;
    private double thetaW = Math.pow(10, ADVANTAGE / 400);
    private final double thetaD = Math.pow(10, DRAW_ELO / 400);
    private double advantage = ADVANTAGE;

    private BayesElo(GameCounts counts) {
        n = counts.players();
        int[] degree = new int[n];
        List<long[]> pairs = new ArrayList<>();
        counts.forEachPairing((w, b, ww, d, l) -> pairs.add(new long[] {w, b, ww, d, l}));
        // opponents of each player (either colour), sorted
        java.util.TreeSet<Integer>[] sets = new java.util.TreeSet[n];
        for (int i = 0; i < n; i++) {
            sets[i] = new java.util.TreeSet<>();
        }
        for (long[] q : pairs) {
            sets[(int) q[0]].add((int) q[1]);
            sets[(int) q[1]].add((int) q[0]);
        }
        opp = new int[n][];
        wij = new double[n][];
        dij = new double[n][];
        lij = new double[n][];
        wji = new double[n][];
        dji = new double[n][];
        lji = new double[n][];
        trueGames = new long[n][];
        for (int i = 0; i < n; i++) {
            opp[i] = sets[i].stream().mapToInt(Integer::intValue).toArray();
            int k = opp[i].length;
            degree[i] = k;
            wij[i] = new double[k];
            dij[i] = new double[k];
            lij[i] = new double[k];
            wji[i] = new double[k];
            dji[i] = new double[k];
            lji[i] = new double[k];
            trueGames[i] = new long[k];
        }
        for (long[] q : pairs) {
            int w = (int) q[0];
            int b = (int) q[1];
            int a = slot(w, b);
            int c = slot(b, w);
            wij[w][a] += q[2];
            dij[w][a] += q[3];
            lij[w][a] += q[4];
            wji[b][c] += q[2];
            dji[b][c] += q[3];
            lji[b][c] += q[4];
            trueGames[w][a] += q[2] + q[3] + q[4];
            trueGames[b][c] += q[2] + q[3] + q[4];
        }
    }

    private int slot(int player, int opponent) {
        return Arrays.binarySearch(opp[player], opponent);
    }

    private void addPrior(double priorDraws) {
        for (int i = 0; i < n; i++) {
            long games = 0;
            for (long g : trueGames[i]) {
                games += g;
            }
            double prior = priorDraws * 0.25 / games;
            for (int k = 0; k < opp[i].length; k++) {
                int j = opp[i][k];
                int back = slot(j, i);
                double add = prior * trueGames[i][k];
                dij[i][k] += add;
                dji[i][k] += add;
                dij[j][back] += add;
                dji[j][back] += add;
            }
        }
    }

    /** MM iterations; returns the unscaled ratings, mean 0. */
    private double[] mm(boolean fitAdvantage) {
        double[] gamma = new double[n];
        double[] next = new double[n];
        Arrays.fill(gamma, 1.0);
        double td = thetaD;
        for (int it = 0; it < 10000; it++) {
            for (int p = n - 1; p >= 0; p--) {
                double a = 0;
                double b = 0;
                double tw = thetaW;
                double gp = gamma[p];
                for (int k = 0; k < opp[p].length; k++) {
                    int o = opp[p][k];
                    double go = o > p ? next[o] : gamma[o];
                    a += wij[p][k] + dij[p][k] + lji[p][k] + dji[p][k];
                    b += (dij[p][k] + wij[p][k]) * tw / (tw * gp + td * go)
                            + (dij[p][k] + lij[p][k]) * td * tw / (td * tw * gp + go)
                            + (dji[p][k] + wji[p][k]) * td / (tw * go + td * gp)
                            + (dji[p][k] + lji[p][k]) / (td * tw * go + gp);
                }
                next[p] = opp[p].length == 0 ? gp : a / b;
            }
            double[] t = gamma;
            gamma = next;
            next = t;
            double diff = 0;
            for (int i = 0; i < n; i++) {
                diff = Math.max(diff, Math.abs(gamma[i] - next[i]) / (gamma[i] + next[i]));
            }
            if (fitAdvantage) {
                double num = 0;
                double den = 0;
                for (int p = 0; p < n; p++) {
                    for (int k = 0; k < opp[p].length; k++) {
                        double go = gamma[opp[p][k]];
                        num += wij[p][k] + dij[p][k];
                        den += (dij[p][k] + wij[p][k]) * gamma[p] / (thetaW * gamma[p] + td * go)
                                + (dij[p][k] + lij[p][k]) * td * gamma[p] / (td * thetaW * gamma[p] + go);
                    }
                }
                double nw = num / den;
                diff = Math.max(diff, Math.abs(thetaW - nw));
                thetaW = nw;
            }
            if (diff < 1e-5) {
                break;
            }
        }
        double[] elo = new double[n];
        double total = 0;
        for (int i = 0; i < n; i++) {
            elo[i] = Math.log10(gamma[i]) * 400;
            total += elo[i];
        }
        for (int i = 0; i < n; i++) {
            elo[i] -= total / n;
        }
        if (fitAdvantage) {
            advantage = Math.log10(thetaW) * 400;
        }
        return elo;
    }

    /** exactdist for one player: {lower bound, upper bound} of its unscaled rating. */
    private double[] interval(int player, double[] elo) {
        double eAdv = Math.exp(advantage * C);
        double eDraw = Math.exp(DRAW_ELO * C);
        double k1 = eDraw / eAdv;
        double k2 = eAdv * eDraw;
        double[] dist = new double[RESOLUTION];
        for (int i = 0; i < RESOLUTION; i++) {
            double v = value(i);
            double delta = n > 1 ? (v - elo[player]) / (n - 1) : 0;
            double eA = Math.exp((v + delta) * C);
            double ll = 0;
            for (int k = 0; k < opp[player].length; k++) {
                double e = eA * Math.exp(-elo[opp[player][k]] * C);
                double inv = 1 / e;
                double pw = 1 / (1 + k1 * inv);
                double pl = 1 / (1 + e * k2);
                double pwm = 1 / (1 + e * k1);
                double plm = 1 / (1 + k2 * inv);
                ll += term(wij[player][k], pw) + term(dij[player][k], Math.max(1e-15, 1 - pw - pl))
                        + term(lij[player][k], pl) + term(wji[player][k], pwm)
                        + term(dji[player][k], Math.max(1e-15, 1 - pwm - plm)) + term(lji[player][k], plm);
            }
            dist[i] = ll;
        }
        double max = dist[0];
        for (double x : dist) {
            max = Math.max(max, x);
        }
        double total = 0;
        for (int i = 0; i < RESOLUTION; i++) {
            dist[i] = Math.exp(dist[i] - max);
            total += dist[i];
        }
        for (int i = 0; i < RESOLUTION; i++) {
            dist[i] /= total;
        }
        return new double[] {bound(dist, 0, RESOLUTION, 1), bound(dist, RESOLUTION - 1, -1, -1)};
    }

    private static double term(double count, double p) {
        return count > 0 ? count * Math.log(p) : 0;
    }

    private static double value(int i) {
        return GRID_MIN + ((i + 0.5) * (GRID_MAX - GRID_MIN)) / RESOLUTION;
    }

    private static double bound(double[] dist, int begin, int end, int direction) {
        double threshold = (1 - CONFIDENCE) / 2;
        double p = 0;
        double previous = 0;
        for (int i = begin; i != end; i += direction) {
            double now = dist[i];
            double np = p + (previous + now) / 2;
            if (np >= threshold) {
                double v = value(i - direction);
                double nv = value(i);
                return v + (nv - v) * (threshold - p) / (np - p);
            }
            p = np;
            previous = now;
        }
        return value(end - direction);
    }

    /** BayesElo's display scale for a drawElo: {@code 4x/(1+x)^2, x = 10^(-drawElo/400)}. */
    public static double scale(double drawElo) {
        double x = Math.pow(10, -drawElo / 400);
        return x * 4 / ((1 + x) * (1 + x));
    }

    /**
     * BayesElo's lines for these counts, in player index order: {@code elo; mm; exactdist;
     * ratings} with the default prior, advantage and drawElo, then {@code offset}: the options' mean
     * is added, or with one anchor the list is shifted so that the anchor has its rating.
     *
     * @throws IllegalArgumentException for more than one anchor (BayesElo's offset fixes one player)
     */
    public static List<Line> lines(GameCounts counts, RatingOptions options) {
        if (options.anchors().size() > 1) {
            throw new IllegalArgumentException("the bayeselo model takes at most one anchor, got " + options.anchors().size());
        }
        BayesElo b = new BayesElo(counts);
        b.addPrior(PRIOR);
        double[] elo = b.mm(options.whiteAdvantage());
        double scale = scale(DRAW_ELO);
        double offset = options.mean();
        for (Map.Entry<String, Double> a : options.anchors().entrySet()) {
            int i = counts.indexOf(a.getKey());
            if (i < 0) {
                throw new IllegalArgumentException("anchor player '" + a.getKey() + "' has no rated games");
            }
            offset = a.getValue() - scale * elo[i];
        }
        List<Line> out = new ArrayList<>();
        for (int i = 0; i < b.n; i++) {
            double[] lu = b.interval(i, elo);
            out.add(new Line(counts.name(i), scale * elo[i] + offset, scale * (lu[1] - elo[i]), scale * (elo[i] - lu[0])));
        }
        return out;
    }

    /**
     * The same list as {@link Ratings}, for the report tables: ± is the larger of BayesElo's + and −;
     * the difference error and LOS of a pair treat the two players' intervals as independent normal
     * ones (BayesElo's own {@code los} uses the full covariance; this is an approximation).
     */
    public static Ratings compute(GameCounts counts, RatingOptions options) {
        List<Line> lines = lines(counts, options);
        BayesElo b = new BayesElo(counts);
        int p = counts.players();
        int[] component = b.components();
        int groups = Arrays.stream(component).max().orElse(-1) + 1;
        long[] games = new long[p];
        double[] points = new double[p];
        long[] draws = new long[p];
        double[] opp = new double[p];
        counts.forEachPairing((i, j, w, d, l) -> {
            long g = w + d + l;
            games[i] += g;
            games[j] += g;
            points[i] += w + 0.5 * d;
            points[j] += l + 0.5 * d;
            draws[i] += d;
            draws[j] += d;
            opp[i] += g * lines.get(j).rating();
            opp[j] += g * lines.get(i).rating();
        });
        List<PlayerRating> players = new ArrayList<>();
        for (int i = 0; i < p; i++) {
            Line l = lines.get(i);
            players.add(new PlayerRating(i, l.name(), l.rating(), Math.max(l.plus(), l.minus()), games[i], points[i],
                    draws[i], games[i] == 0 ? Double.NaN : opp[i] / games[i], component[i]));
        }
        players.sort(Comparator.comparingInt(PlayerRating::group)
                .thenComparing(Comparator.comparingDouble(PlayerRating::rating).reversed())
                .thenComparing(PlayerRating::name));
        List<List<String>> groupNames = new ArrayList<>();
        for (int g = 0; g < groups; g++) {
            groupNames.add(new ArrayList<>());
        }
        for (PlayerRating pr : players) {
            groupNames.get(pr.group()).add(pr.name());
        }
        double[][] diffError = new double[p][p];
        double[][] los = new double[p][p];
        for (int i = 0; i < p; i++) {
            for (int j = 0; j < p; j++) {
                if (component[i] != component[j]) {
                    diffError[i][j] = Double.NaN;
                    los[i][j] = Double.NaN;
                    continue;
                }
                double si = (lines.get(i).plus() + lines.get(i).minus()) / 2 / Elo.Z95;
                double sj = (lines.get(j).plus() + lines.get(j).minus()) / 2 / Elo.Z95;
                double sd = Math.sqrt(si * si + sj * sj);
                diffError[i][j] = Elo.Z95 * sd;
                double diff = lines.get(i).rating() - lines.get(j).rating();
                los[i][j] = i == j ? 0.5 : sd > 0 ? Elo.phi(diff / sd) : 0.5;
            }
        }
        List<String> notes = new ArrayList<>();
        if (groups > 1) {
            notes.add(groups + " groups of players never met each other; BayesElo's prior links nothing across"
                    + " groups and centres all players together, so ratings are comparable only within a group");
        }
        return new Ratings(counts, options, List.copyOf(players), groupNames.stream().map(List::copyOf).toList(),
                diffError, los, options.whiteAdvantage() ? b.fittedAdvantage(counts, options) : Double.NaN, DRAW_ELO,
                "BayesElo exactdist, prior " + (int) PRIOR + " virtual draws, scale " + String.format(java.util.Locale.ROOT, "%.3f", scale(DRAW_ELO))
                        + "; +- is the larger of its + and -", List.copyOf(notes));
    }

    private double fittedAdvantage(GameCounts counts, RatingOptions options) {
        BayesElo b = new BayesElo(counts);
        b.addPrior(PRIOR);
        b.mm(true);
        return b.advantage;
    }

    private int[] components() {
        int[] c = new int[n];
        Arrays.fill(c, -1);
        int groups = 0;
        int[] stack = new int[n];
        for (int s = 0; s < n; s++) {
            if (c[s] >= 0) {
                continue;
            }
            int top = 0;
            stack[top++] = s;
            c[s] = groups;
            while (top > 0) {
                int v = stack[--top];
                for (int u : opp[v]) {
                    if (c[u] < 0) {
                        c[u] = groups;
                        stack[top++] = u;
                    }
                }
            }
            groups++;
        }
        return c;
    }
}

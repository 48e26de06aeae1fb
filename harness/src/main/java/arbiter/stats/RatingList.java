package arbiter.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * Rating list for many players by maximum likelihood over all games (Ordo, BayesElo).
 *
 * <p>Model: White i against Black j has Elo difference {@code x = R_i - R_j + adv} ({@code adv} the
 * colour advantage, 0 unless estimated). With draws as half points the expected score is
 * {@code L(x) = 1/(1+10^(-x/400))} and the log-likelihood is
 * {@code sum_cells [pts log L(x) + (n - pts) log(1 - L(x))]}; its stationarity equations say that
 * each player's expected points equal its points (Ordo's equations). With the BayesElo draw model
 * {@code P(win) = L(x - drawElo)}, {@code P(loss) = L(-x - drawElo)}, draws the rest. The maximum is
 * found by Fisher scoring (Newton's method with the expected information, which for the half-point
 * model equals the Hessian) with step halving; one player per group is held at 0 while fitting.
 *
 * <p>Perfect scores: when a player (or a set of players) won, or lost, every game against the rest
 * of its group, the likelihood has no finite maximum. Such a player gets one virtual drawn game
 * against its opponents, spread over them in proportion to the games played, so a score of P out
 * of N counts as (P + 1/2)/(N + 1) (the "notional draw" convention). Its rating is then finite and
 * grows with N; a note says so. Ordo likewise reports finite ratings for such players.
 *
 * <p>Anchors: players with fixed ratings. They are constants of the likelihood, so the other
 * players of their group are fitted against all of them jointly (Ordo's multiple anchors): with
 * one anchor this is the usual anchored list; with several the anchors' own games do not move
 * them, and a player that met several anchors gets the rating that best explains all its games.
 * Error bars of an anchored group are then absolute (the anchors have none). A perfect score of a
 * set that holds an anchor adds no virtual draw (it cannot run off).
 *
 * <p>Groups: players linked by games form a group; ratings of different groups cannot be compared.
 * Each group is fitted on its own: a group with anchors around its anchors, every other group
 * around {@link RatingOptions#mean()}; a note names the groups.
 *
 * <p>Error bars: parametric bootstrap (Ordo's simulation): each sample draws, for every pair and
 * colour, the same number of games as played from the fitted model (multinomial W/D/L; with draws
 * as half points the draw probability is the overall draw ratio, capped so the win and loss
 * probabilities stay >= 0), refits and re-anchors. The 95% error of a rating or of a difference is
 * 1.959964 times its standard deviation over the samples; LOS(i > j) = Phi(diff / sd(diff)).
 * Without samples the covariance is the inverse Fisher information at the maximum.
 */
public final class RatingList {
    static final double K = Math.log(10) / 400.0;
    /** Largest list computed with dense matrices; larger ones go to {@link SparseRatingList}. */
    public static final int DENSE_LIMIT = 2000;
    private static final double MIN_DRAW_ELO = 1e-3;

    final int p;
    final int[] cells;        // active cells: white * p + black, games > 0
    final int[] component;    // group of each player (by discovery order)
    final int components;
    final int[] freeIndex;    // parameter index of each player, -1 for an anchor or a group's reference
    final double[] fixed;     // each player's anchored rating, NaN when not an anchor
    final boolean[] anchoredGroup;
    final int advIndex;
    final int drawIndex;
    final int m;              // number of free parameters
    final boolean drawModel;

    private RatingList(GameCounts counts, RatingOptions options) {
        this.p = counts.players();
        this.drawModel = options.drawModel() == RatingOptions.DrawModel.DRAW_ELO;
        List<Integer> active = new ArrayList<>();
        int[][] adjacency = new int[p][];
        int[] degree = new int[p];
        counts.forEachPairing((i, j, w, d, l) -> {
            active.add(i * p + j);
            degree[i]++;
            degree[j]++;
        });
        cells = active.stream().mapToInt(Integer::intValue).toArray();
        for (int i = 0; i < p; i++) {
            adjacency[i] = new int[degree[i]];
            degree[i] = 0;
        }
        for (int c : cells) {
            int i = c / p;
            int j = c % p;
            adjacency[i][degree[i]++] = j;
            adjacency[j][degree[j]++] = i;
        }
        component = new int[p];
        Arrays.fill(component, -1);
        int groups = 0;
        int[] stack = new int[p];
        for (int s = 0; s < p; s++) {
            if (component[s] >= 0) {
                continue;
            }
            int top = 0;
            stack[top++] = s;
            component[s] = groups;
            while (top > 0) {
                int v = stack[--top];
                for (int u : adjacency[v]) {
                    if (component[u] < 0) {
                        component[u] = groups;
                        stack[top++] = u;
                    }
                }
            }
            groups++;
        }
        components = groups;
        fixed = new double[p];
        Arrays.fill(fixed, Double.NaN);
        anchoredGroup = new boolean[components];
        for (Map.Entry<String, Double> a : options.anchors().entrySet()) {
            int i = counts.indexOf(a.getKey());
            fixed[i] = a.getValue();
            anchoredGroup[component[i]] = true;
        }
        freeIndex = new int[p];
        // A group with anchors needs no other reference; any other group holds its first player at 0.
        boolean[] hasReference = anchoredGroup.clone();
        int k = 0;
        for (int i = 0; i < p; i++) {
            if (isAnchor(i)) {
                freeIndex[i] = -1;
            } else if (!hasReference[component[i]]) {
                hasReference[component[i]] = true;
                freeIndex[i] = -1;
            } else {
                freeIndex[i] = k++;
            }
        }
        advIndex = options.whiteAdvantage() ? k++ : -1;
        drawIndex = drawModel ? k++ : -1;
        m = k;
    }

    boolean isAnchor(int i) {
        return !Double.isNaN(fixed[i]);
    }

    /** Computes the rating list. */
    public static Ratings compute(GameCounts counts, RatingOptions options) {
        int p = counts.players();
        for (String anchor : options.anchors().keySet()) {
            if (counts.indexOf(anchor) < 0) {
                throw new IllegalArgumentException("anchor player '" + anchor + "' has no rated games");
            }
        }
        if (p > DENSE_LIMIT) {
            return SparseRatingList.compute(counts, options);
        }
        RatingList model = new RatingList(counts, options);
        List<String> notes = new ArrayList<>();
        // data per dense cell, with virtual draws for perfect scores
        double[] w = new double[p * p];
        double[] d = new double[p * p];
        double[] l = new double[p * p];
        long totalGames = 0;
        long totalDraws = 0;
        for (int c : model.cells) {
            int i = c / p;
            int j = c % p;
            w[c] = counts.wins(i, j);
            d[c] = counts.draws(i, j);
            l[c] = counts.losses(i, j);
            totalGames += counts.games(i, j);
            totalDraws += counts.draws(i, j);
        }
        RatingListGroups.addVirtualDraws(model, w, d, l, counts, notes);
        double[] theta = model.fit(w, d, l, model.initial());
        double[] ratings = model.normalize(theta, options);

        double[][] cov;
        String method;
        int b = options.bootstrap();
        if (b > 0 && model.cells.length > 0) {
            double drawRatio = totalGames == 0 ? 0 : totalDraws / (double) totalGames;
            cov = RatingListErrors.bootstrap(model, counts, options, theta, drawRatio);
            method = "parametric bootstrap, " + b + " samples, seed " + options.seed();
        } else {
            cov = RatingListErrors.fisherCovariance(model, w, d, l, theta);
            method = "inverse Fisher information (no bootstrap)";
        }
        double[][] diffError = new double[p][p];
        double[][] los = new double[p][p];
        double[] error = new double[p];
        for (int i = 0; i < p; i++) {
            for (int j = 0; j < p; j++) {
                if (model.component[i] != model.component[j]) {
                    diffError[i][j] = Double.NaN;
                    los[i][j] = Double.NaN;
                    continue;
                }
                double var = Math.max(0, cov[i][i] + cov[j][j] - 2 * cov[i][j]);
                double sd = Math.sqrt(var);
                diffError[i][j] = Elo.Z95 * sd;
                double diff = ratings[i] - ratings[j];
                los[i][j] = i == j ? 0.5 : sd > 0 ? Elo.phi(diff / sd) : diff > 0 ? 1 : diff < 0 ? 0 : 0.5;
            }
        }
        for (int i = 0; i < p; i++) {
            int g = model.component[i];
            if (model.anchoredGroup[g]) {
                // the anchors are constants: the covariance is that of the absolute ratings
                error[i] = model.isAnchor(i) ? 0 : Elo.Z95 * Math.sqrt(Math.max(0, cov[i][i]));
            } else {
                // variance of R_i minus the mean of its group
                double n = 0;
                double row = 0;
                double all = 0;
                for (int j = 0; j < p; j++) {
                    if (model.component[j] != g) {
                        continue;
                    }
                    n++;
                    row += cov[i][j];
                    for (int k = 0; k < p; k++) {
                        if (model.component[k] == g) {
                            all += cov[j][k];
                        }
                    }
                }
                double var = cov[i][i] - 2 * row / n + all / (n * n);
                error[i] = Elo.Z95 * Math.sqrt(Math.max(0, var));
            }
        }
        return model.assemble(counts, options, ratings, error, diffError, los, theta, method, notes);
    }

    private Ratings assemble(GameCounts counts, RatingOptions options, double[] ratings, double[] error,
            double[][] diffError, double[][] los, double[] theta, String method, List<String> notes) {
        int[] rank = RatingListGroups.rank(component, components, anchoredGroup);
        List<PlayerRating> players = new ArrayList<>();
        long[] gamesOf = new long[p];
        double[] pointsOf = new double[p];
        long[] drawsOf = new long[p];
        double[] oppOf = new double[p];
        counts.forEachPairing((i, j, w, d, l) -> {
            long n = w + d + l;
            gamesOf[i] += n;
            gamesOf[j] += n;
            pointsOf[i] += w + 0.5 * d;
            pointsOf[j] += l + 0.5 * d;
            drawsOf[i] += d;
            drawsOf[j] += d;
            oppOf[i] += n * ratings[j];
            oppOf[j] += n * ratings[i];
        });
        for (int i = 0; i < p; i++) {
            long games = gamesOf[i];
            double points = pointsOf[i];
            long draws = drawsOf[i];
            double opp = oppOf[i];
            players.add(new PlayerRating(i, counts.name(i), ratings[i], error[i], games, points, draws,
                    games == 0 ? Double.NaN : opp / games, rank[component[i]]));
            if (games == 0) {
                notes.add(counts.name(i) + ": no rated games; rating set to the group mean");
            }
        }
        List<List<String>> groups = RatingListGroups.sortAndGroup(players, components);
        if (components > 1) {
            notes.add(0, components + " groups of players never met each other; ratings are comparable only"
                    + " within a group: " + RatingListGroups.describeGroups(groups, options));
        }
        double adv = advIndex >= 0 ? theta[p] : Double.NaN;
        double drawElo = drawIndex >= 0 ? theta[p + 1] : Double.NaN;
        return new Ratings(counts, options, List.copyOf(players), groups.stream().map(List::copyOf).toList(),
                diffError, los, adv, drawElo, method, List.copyOf(notes));
    }

    /**
     * Parameter vector: ratings of all players, then adv, then drawElo. Anchors hold their ratings;
     * the other players of an anchored group start at the average of its anchors.
     */
    private double[] initial() {
        double[] theta = new double[p + 2];
        double[] sum = new double[components];
        int[] anchors = new int[components];
        for (int i = 0; i < p; i++) {
            if (isAnchor(i)) {
                sum[component[i]] += fixed[i];
                anchors[component[i]]++;
            }
        }
        for (int i = 0; i < p; i++) {
            int g = component[i];
            theta[i] = isAnchor(i) ? fixed[i] : anchors[g] > 0 ? sum[g] / anchors[g] : 0;
        }
        theta[p + 1] = drawModel ? 100 : 0;
        return theta;
    }

    // ---------------------------------------------------------------- maximum likelihood

    /** Fisher scoring from {@code start}; returns the parameter vector (ratings, adv, drawElo). */
    double[] fit(double[] w, double[] d, double[] l, double[] start) {
        double[] theta = start.clone();
        double[] grad = new double[m];
        double[] info = new double[m * m];
        double[] step = new double[m];
        double[] trial = new double[p + 2];
        for (int iter = 0; iter < 500; iter++) {
            double ll = evaluate(w, d, l, theta, grad, info);
            if (m == 0) {
                return theta;
            }
            System.arraycopy(grad, 0, step, 0, m);
            for (int a = 0; a < m; a++) {
                info[a * m + a] += 1e-9 * (1 + info[a * m + a]);
            }
            if (!Linear.choleskySolve(info, step, m)) {
                break;
            }
            double max = 0;
            for (double s : step) {
                max = Math.max(max, Math.abs(s));
            }
            double scale = max > 400 ? 400 / max : 1.0;
            boolean accepted = false;
            for (int half = 0; half < 60; half++) {
                apply(theta, step, scale, trial);
                double llTrial = evaluate(w, d, l, trial, null, null);
                if (llTrial >= ll - 1e-12 * (1 + Math.abs(ll))) {
                    accepted = true;
                    break;
                }
                scale /= 2;
            }
            if (!accepted) {
                break;
            }
            System.arraycopy(trial, 0, theta, 0, theta.length);
            if (max * scale < 1e-10) {
                break;
            }
        }
        return theta;
    }

    private void apply(double[] theta, double[] step, double scale, double[] out) {
        System.arraycopy(theta, 0, out, 0, theta.length);
        for (int i = 0; i < p; i++) {
            if (freeIndex[i] >= 0) {
                out[i] += scale * step[freeIndex[i]];
            }
        }
        if (advIndex >= 0) {
            out[p] += scale * step[advIndex];
        }
        if (drawIndex >= 0) {
            out[p + 1] = Math.max(MIN_DRAW_ELO, out[p + 1] + scale * step[drawIndex]);
        }
    }

    /**
     * Log-likelihood at theta; when grad/info are given, also the gradient and expected information
     * with respect to the free parameters.
     */
    double evaluate(double[] w, double[] d, double[] l, double[] theta, double[] grad, double[] info) {
        boolean derivatives = grad != null;
        if (derivatives) {
            Arrays.fill(grad, 0);
            Arrays.fill(info, 0);
        }
        double adv = theta[p];
        double delta = theta[p + 1];
        double ll = 0;
        int[] idx = new int[3];
        double[] sign = {1, -1, 1};
        for (int c : cells) {
            int i = c / p;
            int j = c % p;
            double n = w[c] + d[c] + l[c];
            double x = theta[i] - theta[j] + adv;
            double gx;
            double ixx;
            double gd = 0;
            double ixd = 0;
            double idd = 0;
            if (!drawModel) {
                double pts = w[c] + 0.5 * d[c];
                ll += pts * logL(x) + (n - pts) * logL(-x);
                if (!derivatives) {
                    continue;
                }
                double s = logistic(x);
                gx = (pts - n * s) * K;
                ixx = n * s * (1 - s) * K * K;
            } else {
                double a = logistic(x - delta);
                double b = logistic(x + delta);
                double pd = Math.max(b - a, 1e-300);
                ll += w[c] * logL(x - delta) + (d[c] > 0 ? d[c] * Math.log(pd) : 0) + l[c] * logL(-x - delta);
                if (!derivatives) {
                    continue;
                }
                double da = K * a * (1 - a);
                double db = K * b * (1 - b);
                double pw = a;
                double pl = 1 - b;
                // d p / d(x, delta): win (da, -da), draw (db - da, db + da), loss (-db, -db)
                gx = w[c] * da / pw + d[c] * (db - da) / pd - l[c] * db / pl;
                gd = -w[c] * da / pw + d[c] * (db + da) / pd - l[c] * db / pl;
                ixx = n * (da * da / pw + (db - da) * (db - da) / pd + db * db / pl);
                ixd = n * (-da * da / pw + (db - da) * (db + da) / pd + db * db / pl);
                idd = n * (da * da / pw + (db + da) * (db + da) / pd + db * db / pl);
            }
            idx[0] = freeIndex[i];
            idx[1] = freeIndex[j];
            idx[2] = advIndex;
            for (int a = 0; a < 3; a++) {
                if (idx[a] < 0) {
                    continue;
                }
                grad[idx[a]] += sign[a] * gx;
                for (int b = 0; b < 3; b++) {
                    if (idx[b] >= 0) {
                        info[idx[a] * m + idx[b]] += sign[a] * sign[b] * ixx;
                    }
                }
                if (drawIndex >= 0) {
                    info[idx[a] * m + drawIndex] += sign[a] * ixd;
                    info[drawIndex * m + idx[a]] += sign[a] * ixd;
                }
            }
            if (drawIndex >= 0) {
                grad[drawIndex] += gd;
                info[drawIndex * m + drawIndex] += idd;
            }
        }
        return ll;
    }

    static double logistic(double x) {
        return 1.0 / (1.0 + Math.exp(-K * x));
    }

    /** log L(x), computed without overflow. */
    static double logL(double x) {
        double z = -K * x;
        return -(z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z)));
    }

    /** Shifts each group without anchors to the mean (anchored groups are absolute already); returns the ratings (length p). */
    double[] normalize(double[] theta, RatingOptions options) {
        double[] r = Arrays.copyOf(theta, p);
        double[] sum = new double[components];
        int[] size = new int[components];
        for (int i = 0; i < p; i++) {
            sum[component[i]] += r[i];
            size[component[i]]++;
        }
        double[] shift = new double[components];
        for (int g = 0; g < components; g++) {
            shift[g] = anchoredGroup[g] ? 0 : options.mean() - sum[g] / size[g];
        }
        for (int i = 0; i < p; i++) {
            r[i] += shift[component[i]];
        }
        return r;
    }

}

package arbiter.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The rating list of {@link RatingList} for lists too large for its dense matrices (more than
 * {@link RatingList#DENSE_LIMIT} players): the same model and maximum (Ordo's half-point model, the
 * same anchors, group means and virtual draws for perfect scores), with memory and time linear in
 * the pairings that played.
 *
 * <p>The maximum is found by minorization-maximization (Hunter 2004, "MM algorithms for generalized
 * Bradley-Terry models", Ann. Statist. 32(1)): with {@code g_i = 10^(R_i/400)}, each free player's
 * {@code g_i <- W_i / sum_j n_ij / (g_i + g_j)} ({@code W_i} its points, draws half) raises the
 * likelihood at every step and converges to the maximum Fisher scoring finds; iterations stop when
 * no rating moves by more than 1e-6 Elo. The error of a rating is the curvature of the likelihood
 * in that rating alone, others held at their maximum ({@code 1.96 / sqrt(I_ii)}, as BayesElo's
 * per-player intervals): narrower than the joint interval, and no pair matrix (difference error,
 * LOS) is computed. Neither a White advantage nor the drawElo model is fitted here.
 */
final class SparseRatingList {
    private static final double K = RatingList.K;

    private final int p;
    private final int[] cw;
    private final int[] cb;
    private final double[] w;
    private final double[] d;
    private final double[] l;
    private final int[] component;
    private final int components;
    private final double[] fixed;
    private final boolean[] anchoredGroup;

    private SparseRatingList(GameCounts counts, RatingOptions options) {
        p = counts.players();
        int n = counts.pairings();
        cw = new int[n];
        cb = new int[n];
        w = new double[n];
        d = new double[n];
        l = new double[n];
        int[] k = {0};
        counts.forEachPairing((i, j, ww, dd, ll) -> {
            cw[k[0]] = i;
            cb[k[0]] = j;
            w[k[0]] = ww;
            d[k[0]] = dd;
            l[k[0]] = ll;
            k[0]++;
        });
        component = new int[p];
        int[][] csr = csr(true, true);
        components = components(csr);
        fixed = new double[p];
        Arrays.fill(fixed, Double.NaN);
        anchoredGroup = new boolean[components];
        for (Map.Entry<String, Double> a : options.anchors().entrySet()) {
            int i = counts.indexOf(a.getKey());
            fixed[i] = a.getValue();
            anchoredGroup[component[i]] = true;
        }
    }

    /** Adjacency in compressed rows: offsets (p + 1), then targets; edges White to Black and/or back. */
    private int[][] csr(boolean forward, boolean backward) {
        int[] deg = new int[p + 1];
        for (int c = 0; c < cw.length; c++) {
            if (forward) {
                deg[cw[c] + 1]++;
            }
            if (backward) {
                deg[cb[c] + 1]++;
            }
        }
        for (int i = 0; i < p; i++) {
            deg[i + 1] += deg[i];
        }
        int[] to = new int[deg[p]];
        int[] fill = Arrays.copyOf(deg, p);
        for (int c = 0; c < cw.length; c++) {
            if (forward) {
                to[fill[cw[c]]++] = cb[c];
            }
            if (backward) {
                to[fill[cb[c]]++] = cw[c];
            }
        }
        return new int[][] {deg, to};
    }

    private int components(int[][] csr) {
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
                for (int e = csr[0][v]; e < csr[0][v + 1]; e++) {
                    int u = csr[1][e];
                    if (component[u] < 0) {
                        component[u] = groups;
                        stack[top++] = u;
                    }
                }
            }
            groups++;
        }
        return groups;
    }

    private boolean isAnchor(int i) {
        return !Double.isNaN(fixed[i]);
    }

    static Ratings compute(GameCounts counts, RatingOptions options) {
        if (options.whiteAdvantage() || options.drawModel() != RatingOptions.DrawModel.HALF_POINT) {
            throw new IllegalArgumentException("with more than " + RatingList.DENSE_LIMIT
                    + " players only the half-point model without White advantage is available");
        }
        SparseRatingList s = new SparseRatingList(counts, options);
        List<String> notes = new ArrayList<>();
        s.addVirtualDraws(counts, notes);
        double[] r = s.fit();
        s.normalize(r, options);
        double[] error = s.errors(r);
        return s.assemble(counts, options, r, error, notes);
    }

    // ---------------------------------------------------------------- perfect scores

    /** As {@link RatingList}: one virtual draw for each set that won or lost all its games against the rest. */
    private void addVirtualDraws(GameCounts counts, List<String> notes) {
        for (int round = 0; round < Math.max(1, p); round++) {
            int[] scc = stronglyConnected();
            int sccCount = 0;
            for (int v : scc) {
                sccCount = Math.max(sccCount, v + 1);
            }
            double[] cross = new double[sccCount];
            double[] out = new double[sccCount];
            double[] in = new double[sccCount];
            boolean[] anchored = new boolean[sccCount];
            for (int i = 0; i < p; i++) {
                anchored[scc[i]] |= isAnchor(i);
            }
            for (int c = 0; c < cw.length; c++) {
                int si = scc[cw[c]];
                int sj = scc[cb[c]];
                if (si == sj) {
                    continue;
                }
                double n = w[c] + d[c] + l[c];
                double whitePts = w[c] + 0.5 * d[c];
                double blackPts = l[c] + 0.5 * d[c];
                cross[si] += n;
                cross[sj] += n;
                out[si] += whitePts;
                in[si] += blackPts;
                out[sj] += blackPts;
                in[sj] += whitePts;
            }
            boolean[] runs = new boolean[sccCount];
            boolean changed = false;
            for (int s = 0; s < sccCount; s++) {
                runs[s] = cross[s] > 0 && (in[s] == 0 || out[s] == 0) && !anchored[s];
                changed |= runs[s];
            }
            if (!changed) {
                return;
            }
            // the draws of all such sets at once: each cell leaving a set gets its share of that set's draw
            double[] add = new double[cw.length];
            for (int c = 0; c < cw.length; c++) {
                int si = scc[cw[c]];
                int sj = scc[cb[c]];
                if (si == sj) {
                    continue;
                }
                double n = w[c] + d[c] + l[c];
                if (runs[si]) {
                    add[c] += n / cross[si];
                }
                if (runs[sj]) {
                    add[c] += n / cross[sj];
                }
            }
            for (int c = 0; c < cw.length; c++) {
                d[c] += add[c];
            }
            List<List<String>> members = new ArrayList<>();
            for (int s = 0; s < sccCount; s++) {
                members.add(runs[s] ? new ArrayList<>() : null);
            }
            for (int i = 0; i < p; i++) {
                if (members.get(scc[i]) != null) {
                    members.get(scc[i]).add(counts.name(i));
                }
            }
            for (int s = 0; s < sccCount; s++) {
                if (runs[s]) {
                    List<String> m = members.get(s);
                    String who = m.size() == 1 ? m.get(0) : "{" + String.join(", ", m) + "}";
                    notes.add(who + ": " + (in[s] == 0 ? "won" : "lost") + " all " + (long) cross[s] + " games"
                            + (m.size() == 1 ? "" : " against the rest of the group")
                            + "; rated with one virtual draw added (score counted as (points + 1/2)/(games + 1))"
                            + " so that the rating is finite");
                }
            }
        }
    }

    /** Strongly connected components of "i scored against j" (iterative Kosaraju on compressed rows). */
    private int[] stronglyConnected() {
        int[] deg = new int[p + 1];
        int[] rdeg = new int[p + 1];
        for (int c = 0; c < cw.length; c++) {
            if (w[c] > 0 || d[c] > 0) {
                deg[cw[c] + 1]++;
                rdeg[cb[c] + 1]++;
            }
            if (l[c] > 0 || d[c] > 0) {
                deg[cb[c] + 1]++;
                rdeg[cw[c] + 1]++;
            }
        }
        for (int i = 0; i < p; i++) {
            deg[i + 1] += deg[i];
            rdeg[i + 1] += rdeg[i];
        }
        int[] to = new int[deg[p]];
        int[] from = new int[rdeg[p]];
        int[] f = Arrays.copyOf(deg, p);
        int[] rf = Arrays.copyOf(rdeg, p);
        for (int c = 0; c < cw.length; c++) {
            if (w[c] > 0 || d[c] > 0) {
                to[f[cw[c]]++] = cb[c];
                from[rf[cb[c]]++] = cw[c];
            }
            if (l[c] > 0 || d[c] > 0) {
                to[f[cb[c]]++] = cw[c];
                from[rf[cw[c]]++] = cb[c];
            }
        }
        int[] order = new int[p];
        int filled = 0;
        boolean[] seen = new boolean[p];
        int[] stack = new int[p];
        int[] next = new int[p];
        for (int s = 0; s < p; s++) {
            if (seen[s]) {
                continue;
            }
            int top = 0;
            stack[top++] = s;
            seen[s] = true;
            next[s] = deg[s];
            while (top > 0) {
                int v = stack[top - 1];
                while (next[v] < deg[v + 1] && seen[to[next[v]]]) {
                    next[v]++;
                }
                if (next[v] < deg[v + 1]) {
                    int u = to[next[v]++];
                    seen[u] = true;
                    next[u] = deg[u];
                    stack[top++] = u;
                } else {
                    top--;
                    order[filled++] = v;
                }
            }
        }
        int[] scc = new int[p];
        Arrays.fill(scc, -1);
        int count = 0;
        for (int k = p - 1; k >= 0; k--) {
            int s = order[k];
            if (scc[s] >= 0) {
                continue;
            }
            int top = 0;
            stack[top++] = s;
            scc[s] = count;
            while (top > 0) {
                int v = stack[--top];
                for (int e = rdeg[v]; e < rdeg[v + 1]; e++) {
                    int u = from[e];
                    if (scc[u] < 0) {
                        scc[u] = count;
                        stack[top++] = u;
                    }
                }
            }
            count++;
        }
        return scc;
    }

    // ---------------------------------------------------------------- fit

    private double[] fit() {
        double[] points = new double[p];
        for (int c = 0; c < cw.length; c++) {
            points[cw[c]] += w[c] + 0.5 * d[c];
            points[cb[c]] += l[c] + 0.5 * d[c];
        }
        double[] sum = new double[components];
        int[] anchors = new int[components];
        for (int i = 0; i < p; i++) {
            if (isAnchor(i)) {
                sum[component[i]] += fixed[i];
                anchors[component[i]]++;
            }
        }
        double[] r = new double[p];
        for (int i = 0; i < p; i++) {
            int g = component[i];
            r[i] = isAnchor(i) ? fixed[i] : anchors[g] > 0 ? sum[g] / anchors[g] : 0;
        }
        double[] gamma = new double[p];
        double[] denom = new double[p];
        for (int iter = 0; iter < 100_000; iter++) {
            for (int i = 0; i < p; i++) {
                gamma[i] = Math.pow(10, r[i] / 400);
            }
            Arrays.fill(denom, 0);
            for (int c = 0; c < cw.length; c++) {
                double x = (w[c] + d[c] + l[c]) / (gamma[cw[c]] + gamma[cb[c]]);
                denom[cw[c]] += x;
                denom[cb[c]] += x;
            }
            double moved = 0;
            for (int i = 0; i < p; i++) {
                if (isAnchor(i) || denom[i] == 0) {
                    continue;
                }
                double next = 400 * Math.log10(points[i] / denom[i]);
                moved = Math.max(moved, Math.abs(next - r[i]));
                r[i] = next;
            }
            // the likelihood of an unanchored group does not see its mean: keep it at 0 while iterating
            double[] mean = new double[components];
            int[] size = new int[components];
            for (int i = 0; i < p; i++) {
                mean[component[i]] += r[i];
                size[component[i]]++;
            }
            for (int i = 0; i < p; i++) {
                if (!anchoredGroup[component[i]]) {
                    r[i] -= mean[component[i]] / size[component[i]];
                }
            }
            if (moved < 1e-6) {
                break;
            }
        }
        return r;
    }

    private void normalize(double[] r, RatingOptions options) {
        double[] sum = new double[components];
        int[] size = new int[components];
        for (int i = 0; i < p; i++) {
            sum[component[i]] += r[i];
            size[component[i]]++;
        }
        for (int i = 0; i < p; i++) {
            int g = component[i];
            if (!anchoredGroup[g]) {
                r[i] += options.mean() - sum[g] / size[g];
            }
        }
    }

    private double[] errors(double[] r) {
        double[] info = new double[p];
        for (int c = 0; c < cw.length; c++) {
            double s = RatingList.logistic(r[cw[c]] - r[cb[c]]);
            double x = (w[c] + d[c] + l[c]) * s * (1 - s) * K * K;
            info[cw[c]] += x;
            info[cb[c]] += x;
        }
        double[] e = new double[p];
        for (int i = 0; i < p; i++) {
            e[i] = isAnchor(i) ? 0 : info[i] > 0 ? Elo.Z95 / Math.sqrt(info[i]) : Double.NaN;
        }
        return e;
    }

    private Ratings assemble(GameCounts counts, RatingOptions options, double[] r, double[] error, List<String> notes) {
        int[] rank = RatingListGroups.rank(component, components, anchoredGroup);
        long[] games = new long[p];
        double[] points = new double[p];
        long[] draws = new long[p];
        double[] opp = new double[p];
        counts.forEachPairing((i, j, ww, dd, ll) -> {
            long n = ww + dd + ll;
            games[i] += n;
            games[j] += n;
            points[i] += ww + 0.5 * dd;
            points[j] += ll + 0.5 * dd;
            draws[i] += dd;
            draws[j] += dd;
            opp[i] += n * r[j];
            opp[j] += n * r[i];
        });
        List<PlayerRating> players = new ArrayList<>(p);
        for (int i = 0; i < p; i++) {
            players.add(new PlayerRating(i, counts.name(i), r[i], error[i], games[i], points[i], draws[i],
                    games[i] == 0 ? Double.NaN : opp[i] / games[i], rank[component[i]]));
            if (games[i] == 0) {
                notes.add(counts.name(i) + ": no rated games; rating set to the group mean");
            }
        }
        List<List<String>> groups = RatingListGroups.sortAndGroup(players, components);
        if (components > 1) {
            notes.add(0, components + " groups of players never met each other; ratings are comparable only within a group");
        }
        return new Ratings(counts, options, List.copyOf(players), groups.stream().map(List::copyOf).toList(),
                null, null, Double.NaN, Double.NaN,
                "curvature of each player's own likelihood, others fixed (more than " + RatingList.DENSE_LIMIT
                        + " players: no bootstrap, no pair errors or LOS)", List.copyOf(notes));
    }
}

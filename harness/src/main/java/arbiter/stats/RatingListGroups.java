package arbiter.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** {@link RatingList}'s groups and perfect scores: the group note, and virtual draws for sets that won or lost every game. */
final class RatingListGroups {
    private RatingListGroups() {
    }

    static String describeGroups(List<List<String>> groups, RatingOptions options) {
        StringBuilder sb = new StringBuilder();
        for (int g = 0; g < groups.size(); g++) {
            if (g > 0) {
                sb.append("; ");
            }
            sb.append("group ").append(g + 1).append(" {").append(String.join(", ", groups.get(g))).append('}');
            List<String> anchors = groups.get(g).stream().filter(options.anchors()::containsKey).toList();
            if (!anchors.isEmpty()) {
                sb.append(" anchored on ").append(String.join(", ", anchors));
            } else {
                sb.append(" mean ").append(format(options.mean()));
            }
        }
        return sb.toString();
    }

    private static String format(double x) {
        return x == Math.rint(x) ? Long.toString((long) x) : Double.toString(x);
    }


    /**
     * True when strongly connected set {@code s} holds an anchor. Such a set cannot run off: its
     * anchor is fixed and its other members scored against it and it against them, so its perfect
     * score needs no virtual draw. (Free players that won or lost all their games against it form
     * sets of their own, which get one.)
     */
    static boolean holdsAnchor(RatingList r, int[] scc, int s) {
        for (int i = 0; i < r.p; i++) {
            if (scc[i] == s && r.isAnchor(i)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Adds virtual draws until every group is strongly connected by scored points (sets holding an
     * anchor excepted).
     */
    static void addVirtualDraws(RatingList r, double[] w, double[] d, double[] l, GameCounts counts, List<String> notes) {
        for (int round = 0; round < Math.max(1, r.p); round++) {
            int[] scc = stronglyConnected(r, w, d, l);
            boolean changed = false;
            int sccCount = 0;
            for (int v : scc) {
                sccCount = Math.max(sccCount, v + 1);
            }
            for (int s = 0; s < sccCount; s++) {
                double cross = 0;
                double scoredOut = 0;
                double scoredIn = 0;
                for (int c : r.cells) {
                    int i = c / r.p;
                    int j = c % r.p;
                    boolean iIn = scc[i] == s;
                    boolean jIn = scc[j] == s;
                    if (iIn == jIn) {
                        continue;
                    }
                    double n = w[c] + d[c] + l[c];
                    cross += n;
                    // points of the set S against the outside in this cell, and of the outside against S
                    double whitePts = w[c] + 0.5 * d[c];
                    double blackPts = l[c] + 0.5 * d[c];
                    scoredOut += iIn ? whitePts : blackPts;
                    scoredIn += iIn ? blackPts : whitePts;
                }
                if (cross == 0 || (scoredIn > 0 && scoredOut > 0) || holdsAnchor(r, scc, s)) {
                    continue;
                }
                for (int c : r.cells) {
                    int i = c / r.p;
                    int j = c % r.p;
                    if ((scc[i] == s) != (scc[j] == s)) {
                        d[c] += (w[c] + d[c] + l[c]) / cross;
                    }
                }
                changed = true;
                if (notes != null) {
                    List<String> members = new ArrayList<>();
                    for (int i = 0; i < r.p; i++) {
                        if (scc[i] == s) {
                            members.add(counts.name(i));
                        }
                    }
                    String what = scoredIn == 0 ? "won" : "lost";
                    String who = members.size() == 1 ? members.get(0)
                            : "{" + String.join(", ", members) + "}";
                    String against = members.size() == 1 ? "" : " against the rest of the group";
                    notes.add(who + ": " + what + " all " + (long) cross + " games" + against
                            + "; rated with one virtual draw added (score counted as (points + 1/2)/(games + 1))"
                            + " so that the rating is finite");
                }
            }
            if (!changed) {
                return;
            }
        }
    }

    /** Strongly connected components of the graph "i scored against j" (Kosaraju, dense). */
    static int[] stronglyConnected(RatingList r, double[] w, double[] d, double[] l) {
        boolean[] scored = new boolean[r.p * r.p];
        for (int c : r.cells) {
            int i = c / r.p;
            int j = c % r.p;
            if (w[c] > 0 || d[c] > 0) {
                scored[i * r.p + j] = true;
            }
            if (l[c] > 0 || d[c] > 0) {
                scored[j * r.p + i] = true;
            }
        }
        int[] order = new int[r.p];
        int filled = 0;
        boolean[] seen = new boolean[r.p];
        int[] stack = new int[r.p];
        int[] next = new int[r.p];
        for (int s = 0; s < r.p; s++) {
            if (seen[s]) {
                continue;
            }
            int top = 0;
            stack[top++] = s;
            seen[s] = true;
            next[s] = 0;
            while (top > 0) {
                int v = stack[top - 1];
                int u = next[v];
                while (u < r.p && (seen[u] || !scored[v * r.p + u])) {
                    u++;
                }
                if (u < r.p) {
                    next[v] = u + 1;
                    seen[u] = true;
                    next[u] = 0;
                    stack[top++] = u;
                } else {
                    top--;
                    order[filled++] = v;
                }
            }
        }
        int[] scc = new int[r.p];
        Arrays.fill(scc, -1);
        int count = 0;
        for (int k = r.p - 1; k >= 0; k--) {
            int s = order[k];
            if (scc[s] >= 0) {
                continue;
            }
            int top = 0;
            stack[top++] = s;
            scc[s] = count;
            while (top > 0) {
                int v = stack[--top];
                for (int u = 0; u < r.p; u++) {
                    if (scc[u] < 0 && scored[u * r.p + v]) {
                        scc[u] = count;
                        stack[top++] = u;
                    }
                }
            }
            count++;
        }
        return scc;
    }

    /**
     * Sorts a rating list's players (by group, then rating from the top, then name) and returns the
     * names of each group's players in that order.
     */
    static List<List<String>> sortAndGroup(List<PlayerRating> players, int components) {
        players.sort(java.util.Comparator.comparingInt(PlayerRating::group)
                .thenComparing(java.util.Comparator.comparingDouble(PlayerRating::rating).reversed())
                .thenComparing(PlayerRating::name));
        List<List<String>> groups = new java.util.ArrayList<>();
        for (int g = 0; g < components; g++) {
            groups.add(new java.util.ArrayList<>());
        }
        for (PlayerRating pr : players) {
            groups.get(pr.group()).add(pr.name());
        }
        return groups;
    }

    /**
     * Each group's rank in the list: anchored groups first, then larger groups, then by number (the
     * group of the first player first).
     *
     * @param component each player's group
     */
    static int[] rank(int[] component, int components, boolean[] anchoredGroup) {
        int[] size = new int[components];
        for (int c : component) {
            size[c]++;
        }
        Integer[] order = new Integer[components];
        for (int g = 0; g < components; g++) {
            order[g] = g;
        }
        Arrays.sort(order, java.util.Comparator.<Integer>comparingInt(g -> anchoredGroup[g] ? 0 : 1)
                .thenComparingInt(g -> -size[g]).thenComparingInt(g -> g));
        int[] rank = new int[components];
        for (int k = 0; k < components; k++) {
            rank[order[k]] = k;
        }
        return rank;
    }
}

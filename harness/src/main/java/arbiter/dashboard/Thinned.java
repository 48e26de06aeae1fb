package arbiter.dashboard;

import com.fasterxml.jackson.databind.node.ArrayNode;
import java.util.ArrayList;
import java.util.List;

/**
 * A series over games kept at a bounded size: a point is taken once at least {@code step} games
 * have passed since the last one; when the series is full every other point is dropped and the step
 * doubles, so a run of a million games keeps at most {@code max} points, evenly spread, and adding
 * one costs the same after ten games or a million. Used on the dashboard's refresh thread only.
 */
final class Thinned {
    private final int max;
    private final List<double[]> points = new ArrayList<>();
    private long step = 1;
    private long lastGames = -1;

    Thinned(int max) {
        if (max < 4) {
            throw new IllegalArgumentException("max " + max + " < 4");
        }
        this.max = max;
    }

    /** Offers the values at {@code games}; kept when {@code step} games have passed since the last point. */
    void offer(long games, double... values) {
        if (lastGames >= 0 && games < lastGames + step) {
            return;
        }
        double[] p = new double[values.length + 1];
        p[0] = games;
        System.arraycopy(values, 0, p, 1, values.length);
        points.add(p);
        lastGames = games;
        if (points.size() >= max) {
            List<double[]> kept = new ArrayList<>(max / 2 + 1);
            for (int i = 0; i < points.size(); i += 2) {
                kept.add(points.get(i));
            }
            if ((points.size() & 1) == 0) {
                kept.add(points.get(points.size() - 1)); // keep the latest point
            }
            points.clear();
            points.addAll(kept);
            step *= 2;
        }
    }

    void clear() {
        points.clear();
        step = 1;
        lastGames = -1;
    }

    /**
     * Writes each point as {@code [games, values...]}, a value rounded to {@code digits} decimals (all of
     * them when negative), {@code null} when it is not a number.
     */
    void write(ArrayNode into, int digits) {
        double scale = Math.pow(10, Math.max(digits, 0));
        for (double[] p : points) {
            ArrayNode a = into.addArray().add((long) p[0]);
            for (int i = 1; i < p.length; i++) {
                if (!Double.isFinite(p[i])) {
                    a.addNull();
                } else {
                    a.add(digits < 0 ? p[i] : Math.round(p[i] * scale) / scale);
                }
            }
        }
    }

    /** The points, each {@code [games, values...]}. */
    List<double[]> points() {
        return points;
    }
}

package arbiter.tune;

import arbiter.config.RunConfig.TuneWeight;
import java.util.List;
import java.util.Locale;

/** An SVG line chart of each tuned weight per iteration, one panel per weight on its own scale. */
final class TrajectoryChart {
    private static final int WIDTH = 720;
    private static final int PANEL = 120;
    private static final int LEFT = 90;
    private static final int RIGHT = 20;

    private TrajectoryChart() {
    }

    static String svg(List<TuneWeight> weights, List<double[]> history) {
        int height = PANEL * weights.size() + 30;
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">%n",
                WIDTH, height));
        sb.append("<title>Weight trajectories</title>\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        int n = history.size();
        for (int w = 0; w < weights.size(); w++) {
            double lo = Double.POSITIVE_INFINITY;
            double hi = Double.NEGATIVE_INFINITY;
            for (double[] row : history) {
                lo = Math.min(lo, row[w + 1]);
                hi = Math.max(hi, row[w + 1]);
            }
            lo = Math.min(lo, weights.get(w).start());
            hi = Math.max(hi, weights.get(w).start());
            if (hi - lo < 1e-9) {
                hi = lo + 1;
            }
            int top = 20 + w * PANEL;
            int bottom = top + PANEL - 30;
            sb.append(String.format(Locale.ROOT, "<text x=\"10\" y=\"%d\" font-weight=\"bold\">%s</text>%n", top + 12,
                    escape(weights.get(w).name())));
            sb.append(String.format(Locale.ROOT, "<text x=\"10\" y=\"%d\">%.3f</text><text x=\"10\" y=\"%d\">%.3f</text>%n",
                    top + 30, hi, bottom, lo));
            sb.append(String.format(Locale.ROOT,
                    "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#ccc\"/>%n",
                    LEFT, top, WIDTH - LEFT - RIGHT, bottom - top));
            StringBuilder points = new StringBuilder();
            for (int i = 0; i < n; i++) {
                double x = LEFT + (n <= 1 ? 0 : (double) i / (n - 1)) * (WIDTH - LEFT - RIGHT);
                double y = bottom - (history.get(i)[w + 1] - lo) / (hi - lo) * (bottom - top);
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
            }
            sb.append("<polyline fill=\"none\" stroke=\"#2a5599\" stroke-width=\"1.5\" points=\"")
                    .append(points.toString().trim()).append("\"/>\n");
        }
        sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">iteration 1 .. %d</text>%n", LEFT, height - 5, n));
        sb.append("</svg>\n");
        return sb.toString();
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}

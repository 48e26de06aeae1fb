package arbiter.report;

import arbiter.stats.PlayerRating;
import arbiter.stats.Ratings;
import java.util.List;
import java.util.Locale;

/** An SVG chart of a rating list: one row per player, a dot at the rating and its 95% error bar. */
public final class SvgChart {
    private static final int ROW = 22;
    private static final int LEFT = 180;
    private static final int PLOT = 560;
    private static final int TOP = 40;

    private SvgChart() {
    }

    public static String ratings(Ratings r) {
        List<PlayerRating> ps = r.players();
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (PlayerRating p : ps) {
            double e = Double.isFinite(p.error()) ? p.error() : 0;
            lo = Math.min(lo, p.rating() - e);
            hi = Math.max(hi, p.rating() + e);
        }
        if (ps.isEmpty()) {
            lo = -100;
            hi = 100;
        }
        if (hi - lo < 1) {
            lo -= 50;
            hi += 50;
        }
        double step = niceStep((hi - lo) / 6);
        lo = Math.floor(lo / step) * step;
        hi = Math.ceil(hi / step) * step;
        int height = TOP + ROW * Math.max(1, ps.size()) + 56;
        int width = LEFT + PLOT + 40;
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                        + "font-family=\"sans-serif\" font-size=\"12\">%n", width, height, width, height));
        sb.append("<title>Ratings with 95% error bars</title>\n");
        sb.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"20\" font-weight=\"bold\">Ratings with 95%% intervals</text>%n", LEFT));
        int axisY = TOP + ROW * Math.max(1, ps.size());
        sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#555\"/>%n",
                LEFT, axisY, LEFT + PLOT, axisY));
        sb.append(String.format(Locale.ROOT, "<text class=\"axis-title\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">Elo</text>%n",
                LEFT + PLOT / 2, axisY + 36));
        sb.append(String.format(Locale.ROOT, "<text class=\"axis-title\" x=\"14\" y=\"%d\" text-anchor=\"middle\" "
                + "transform=\"rotate(-90 14 %d)\">Player</text>%n", (TOP + axisY) / 2, (TOP + axisY) / 2));
        for (double t = lo; t <= hi + step / 2; t += step) {
            double x = LEFT + (t - lo) / (hi - lo) * PLOT;
            sb.append(String.format(Locale.ROOT,
                    "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>%n", x, TOP - 5, x, axisY));
            sb.append(String.format(Locale.ROOT,
                    "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n", x, axisY + 16, tick(t)));
        }
        for (int k = 0; k < ps.size(); k++) {
            PlayerRating p = ps.get(k);
            double y = TOP + ROW * k + ROW / 2.0;
            double cx = LEFT + (p.rating() - lo) / (hi - lo) * PLOT;
            sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
                    LEFT - 10, y + 4, TableRenderer.htmlEscape(p.name())));
            if (Double.isFinite(p.error()) && p.error() > 0) {
                double x1 = LEFT + (p.rating() - p.error() - lo) / (hi - lo) * PLOT;
                double x2 = LEFT + (p.rating() + p.error() - lo) / (hi - lo) * PLOT;
                sb.append(String.format(Locale.ROOT,
                        "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#357\" stroke-width=\"2\"/>%n",
                        x1, y, x2, y));
                for (double xe : new double[] {x1, x2}) {
                    sb.append(String.format(Locale.ROOT,
                            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#357\"/>%n",
                            xe, y - 5, xe, y + 5));
                }
            }
            sb.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"#c33\">"
                    + "<title>%s %s +- %s</title></circle>%n", cx, y, TableRenderer.htmlEscape(p.name()),
                    RatingReport.f1(p.rating()), RatingReport.f1(p.error())));
        }
        sb.append("</svg>\n");
        return sb.toString();
    }

    /**
     * The SPRT's log-likelihood ratio over the games played, with the bounds at which it accepts H1
     * (upper) and H0 (lower) as dashed lines.
     *
     * @param points {games, llr} in order of games
     */
    public static String llr(List<double[]> points, double lower, double upper) {
        int w = 720;
        int h = 320;
        int left = 64;
        int right = 20;
        int top = 36;
        int bottom = 52;
        double maxX = 1;
        double lo = Math.min(lower, 0);
        double hi = Math.max(upper, 0);
        for (double[] p : points) {
            maxX = Math.max(maxX, p[0]);
            lo = Math.min(lo, p[1]);
            hi = Math.max(hi, p[1]);
        }
        double pad = (hi - lo) * 0.05;
        double y0 = lo - pad;
        double y1 = hi + pad;
        double fx = (w - left - right) / maxX;
        double fy = (h - top - bottom) / (y1 - y0);
        java.util.function.DoubleUnaryOperator x = v -> left + v * fx;
        java.util.function.DoubleUnaryOperator y = v -> h - bottom - (v - y0) * fy;
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">%n", w, h, w, h));
        sb.append("<title>SPRT log-likelihood ratio over games</title>\n");
        sb.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"20\" font-weight=\"bold\">SPRT: LLR over games</text>%n", left));
        double stepY = niceStep((y1 - y0) / 6);
        for (double t = Math.ceil(y0 / stepY) * stepY; t <= y1; t += stepY) {
            sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#eee\"/>%n",
                    left, y.applyAsDouble(t), w - right, y.applyAsDouble(t)));
            sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
                    left - 6, y.applyAsDouble(t) + 4, tick(Math.rint(t / stepY) * stepY)));
        }
        double stepX = niceStep(maxX / 6);
        for (double t = 0; t <= maxX + stepX / 2; t += stepX) {
            if (t > maxX) {
                break;
            }
            sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                    x.applyAsDouble(t), h - bottom + 16, tick(t)));
        }
        sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#555\"/>%n",
                left, h - bottom, w - right, h - bottom));
        sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#555\"/>%n",
                left, top, left, h - bottom));
        sb.append(String.format(Locale.ROOT, "<text class=\"axis-title\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">Games</text>%n",
                (left + w - right) / 2, h - 12));
        sb.append(String.format(Locale.ROOT, "<text class=\"axis-title\" x=\"16\" y=\"%d\" text-anchor=\"middle\" "
                + "transform=\"rotate(-90 16 %d)\">LLR</text>%n", (top + h - bottom) / 2, (top + h - bottom) / 2));
        String[][] bounds = {{"H1 accepted", Double.toString(upper)}, {"H0 accepted", Double.toString(lower)}};
        for (String[] b : bounds) {
            double v = Double.parseDouble(b[1]);
            sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#c44\" "
                    + "stroke-dasharray=\"5 4\"/>%n", left, y.applyAsDouble(v), w - right, y.applyAsDouble(v)));
            sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" fill=\"#c44\">%s (%.2f)</text>%n",
                    w - right - 4, y.applyAsDouble(v) - 4, b[0], v));
        }
        if (!points.isEmpty()) {
            sb.append("<polyline class=\"series\" fill=\"none\" stroke=\"#1f6fb2\" stroke-width=\"2\" points=\"");
            for (double[] p : points) {
                sb.append(String.format(Locale.ROOT, "%.1f,%.1f ", x.applyAsDouble(p[0]), y.applyAsDouble(p[1])));
            }
            sb.setLength(sb.length() - 1);
            sb.append("\"/>\n");
        }
        sb.append("</svg>\n");
        return sb.toString();
    }

    private static double niceStep(double raw) {
        double mag = Math.pow(10, Math.floor(Math.log10(raw)));
        double n = raw / mag;
        double nice = n <= 1 ? 1 : n <= 2 ? 2 : n <= 5 ? 5 : 10;
        return nice * mag;
    }

    private static String tick(double t) {
        return t == Math.rint(t) ? Long.toString((long) t) : String.format(Locale.ROOT, "%.1f", t);
    }
}

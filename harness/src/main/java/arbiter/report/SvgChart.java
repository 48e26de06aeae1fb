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
        int height = TOP + ROW * Math.max(1, ps.size()) + 40;
        int width = LEFT + PLOT + 40;
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                        + "font-family=\"sans-serif\" font-size=\"12\">%n", width, height, width, height));
        sb.append("<title>Ratings with 95% error bars</title>\n");
        sb.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"20\" font-weight=\"bold\">Elo (95%% interval)</text>%n", LEFT));
        int axisY = TOP + ROW * Math.max(1, ps.size());
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

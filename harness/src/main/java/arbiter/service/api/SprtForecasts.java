package arbiter.service.api;

import arbiter.service.protocol.Wire;
import arbiter.service.schedule.Refused;
import arbiter.stats.Sprt;
import arbiter.stats.SprtForecast;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The SPRT calculator of the submit form ({@code GET /api/sprt}): {@link SprtForecast} at the
 * hypotheses, between and around them, for parameters read from a query. fishtest's calculator
 * page's defaults where one is left out: normalized [0, 2], alpha = beta = 0.05, draw ratio 0.49,
 * RMS bias 191 Elo (its figures for Stockfish's book; other games have other draw ratios).
 */
public final class SprtForecasts {
    public static final double DEFAULT_DRAW_RATIO = 0.49;
    public static final double DEFAULT_RMS_BIAS = 191;
    /** True Elo values at which the forecast is given: this many steps from a third below elo0 to a third above elo1. */
    private static final int STEPS = 12;

    private SprtForecasts() {
    }

    /** The forecast for the query's parameters ({@code elo0, elo1, alpha, beta, draw, bias, model}). */
    public static Wire.Forecast of(Function<String, String> query) {
        double elo0 = number(query, "elo0", 0);
        double elo1 = number(query, "elo1", 2);
        double alpha = number(query, "alpha", 0.05);
        double beta = number(query, "beta", 0.05);
        double draw = number(query, "draw", DEFAULT_DRAW_RATIO);
        double bias = number(query, "bias", DEFAULT_RMS_BIAS);
        String model = query.apply("model") == null ? "normalized" : query.apply("model");
        if (!model.equals("normalized") && !model.equals("logistic")) {
            throw new Refused(Refused.Kind.BAD, "model=" + cut(model) + ": logistic or normalized");
        }
        return of(elo0, elo1, alpha, beta, draw, bias, Sprt.Model.of(model.equals("normalized")));
    }

    /** The forecast of an SPRT (logistic or normalized bounds) at a draw ratio and RMS bias. */
    public static Wire.Forecast of(double elo0, double elo1, double alpha, double beta, double draw, double bias, Sprt.Model model) {
        SprtForecast f;
        try {
            f = SprtForecast.of(alpha, beta, elo0, elo1, draw, bias, model);
        } catch (IllegalArgumentException e) {
            throw new Refused(Refused.Kind.BAD, e.getMessage());
        }
        double d = f.elo1() - f.elo0();
        double from = f.elo0() - d / 3;
        List<Wire.ForecastPoint> points = new ArrayList<>();
        for (int i = 0; i <= STEPS; i++) {
            points.add(point(f, from + i * (d * 5 / 3) / STEPS));
        }
        points.add(point(f, f.elo0()));
        points.add(point(f, f.elo1()));
        points.sort(java.util.Comparator.comparingDouble(Wire.ForecastPoint::elo));
        return new Wire.Forecast(elo0, elo1, f.elo0(), f.elo1(), alpha, beta, draw, bias,
                model == Sprt.Model.NORMALIZED ? "normalized" : "logistic", points);
    }

    private static Wire.ForecastPoint point(SprtForecast f, double elo) {
        SprtForecast.Point p = f.at(elo);
        return new Wire.ForecastPoint(p.elo(), p.pass(), p.games());
    }

    private static double number(Function<String, String> query, String key, double otherwise) {
        String s = query.apply(key);
        if (s == null || s.isBlank()) {
            return otherwise;
        }
        try {
            double v = Double.parseDouble(s.strip());
            if (Double.isFinite(v) && Math.abs(v) <= 1000) {
                return v;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new Refused(Refused.Kind.BAD, key + "=" + cut(s) + ": give a number from -1000 to 1000");
    }

    private static String cut(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }
}

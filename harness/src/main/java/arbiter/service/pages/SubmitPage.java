package arbiter.service.pages;

import static arbiter.service.pages.Html.esc;

import arbiter.game.Games;
import arbiter.service.api.SprtForecasts;
import arbiter.service.protocol.TestFields;
import arbiter.service.protocol.Wire;
import arbiter.service.schedule.Refused;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The submit form ({@code GET /submit}): a test from a few boxes — the two engines with their options
 * and limits, the pairs, the SPRT — made into a definition as {@code arbiter submit}'s flags are
 * ({@link TestFields}), or a whole definition pasted as JSON; and the SPRT calculator's forecast
 * (fishtest's: pass probability and expected games at H0, between and at H1), renewed as the boxes
 * change (service.js asks {@code /api/sprt}).
 */
final class SubmitPage {
    /** The boxes, with what they hold when the form is new. */
    static final Map<String, String> DEFAULTS = Map.ofEntries(Map.entry("name", ""), Map.entry("description", ""),
            Map.entry("variant", "international"), Map.entry("new_name", "new"), Map.entry("new_engine", "draughts-alphabeta"),
            Map.entry("new_options", ""), Map.entry("new_limits", "depth=4"), Map.entry("base_name", "base"),
            Map.entry("base_engine", "draughts-alphabeta"), Map.entry("base_options", ""), Map.entry("base_limits", "depth=2"),
            Map.entry("limits", ""), Map.entry("pairs", "1000"), Map.entry("elo0", "0"), Map.entry("elo1", "10"),
            Map.entry("alpha", "0.05"), Map.entry("beta", "0.05"), Map.entry("model", "logistic"), Map.entry("plies", "4"),
            Map.entry("priority", "0"), Map.entry("throughput", "100"), Map.entry("draw", "0.49"),
            Map.entry("bias", String.valueOf((int) SprtForecasts.DEFAULT_RMS_BIAS)), Map.entry("json", ""));

    private SubmitPage() {
    }

    /** The form with the values given (escaped), an error if the last try was refused, and the forecast. */
    static String render(Html.Visitor v, Function<String, String> value, String error) {
        Function<String, String> f = k -> {
            String s = value.apply(k);
            return s == null ? DEFAULTS.getOrDefault(k, "") : s;
        };
        StringBuilder variants = new StringBuilder("<select name=\"variant\" id=\"variant\">");
        for (String g : Games.variants()) {
            variants.append("<option").append(g.equals(f.apply("variant")) ? " selected" : "").append(">").append(esc(g)).append("</option>");
        }
        variants.append("</select>");
        String model = f.apply("model");
        String fields = "<fieldset><legend>Test</legend>" + Html.input("Name", "name", "text", f.apply("name"),
                "required maxlength=\"200\" size=\"36\"")
                + "<label>Game " + variants + "</label>"
                + "<label class=\"wide\">Description <textarea name=\"description\" rows=\"2\" cols=\"100\" maxlength=\"2000\">" + esc(f.apply("description"))
                + "</textarea></label></fieldset>"
                + player("Tested engine", "new", f) + player("Its opponent", "base", f)
                + "<fieldset><legend>Games</legend>" + Html.input("Limits of both (K=V, ...)", "limits", "text", f.apply("limits"), "")
                + Html.input("Game pairs (at most, with an SPRT)", "pairs", "number", f.apply("pairs"), "min=\"1\" required")
                + Html.input("Random opening plies", "plies", "number", f.apply("plies"), "min=\"0\" max=\"40\"")
                + Html.input("Priority", "priority", "number", f.apply("priority"), "min=\"-100\" max=\"100\"")
                + Html.input("Throughput %", "throughput", "number", f.apply("throughput"), "min=\"1\" max=\"500\"") + "</fieldset>"
                + "<fieldset id=\"sprt-fields\"><legend>SPRT (pentanomial; leave elo0 and elo1 empty for a fixed number of pairs)</legend>"
                + Html.input("elo0", "elo0", "text", f.apply("elo0"), "size=\"5\"") + Html.input("elo1", "elo1", "text", f.apply("elo1"), "size=\"5\"")
                + Html.input("α", "alpha", "text", f.apply("alpha"), "size=\"5\"") + Html.input("β", "beta", "text", f.apply("beta"), "size=\"5\"")
                + "<label>Elo <select name=\"model\"><option" + ("logistic".equals(model) ? " selected" : "") + ">logistic</option><option"
                + ("normalized".equals(model) ? " selected" : "") + ">normalized</option></select></label>"
                + "<div class=\"calculator\">For the forecast only: " + Html.input("draw ratio", "draw", "text", f.apply("draw"), "size=\"5\"")
                + Html.input("RMS bias of the openings (Elo)", "bias", "text", f.apply("bias"), "size=\"5\"")
                + "<div id=\"forecast\" data-live-forecast>" + forecast(f) + "</div></div></fieldset>"
                + "<details" + (f.apply("json").isBlank() ? "" : " open") + "><summary>Or the whole test as JSON (a run config of a "
                + "match, as arbiter submit takes; it replaces the boxes above)</summary><textarea name=\"json\" rows=\"12\" cols=\"90\">"
                + esc(f.apply("json")) + "</textarea></details>";
        return "<h1>Submit a test</h1>" + (error == null ? "" : "<p class=\"error\" id=\"message\">" + esc(error) + "</p>")
                + Html.form("/submit", v, fields, "Submit", "submit-form")
                + "<p class=\"note\">A test runs once an approver other than you approves it. Engines are built-in ids (arbiter engines) "
                + "or names workers declare, with their protocol: stockfish:uci.</p>";
    }

    private static String player(String legend, String key, Function<String, String> f) {
        return "<fieldset><legend>" + esc(legend) + "</legend>" + Html.input("Name", key + "_name", "text", f.apply(key + "_name"),
                "maxlength=\"64\" size=\"10\"") + Html.input("Engine", key + "_engine", "text", f.apply(key + "_engine"), "required")
                + Html.input("Options (K=V, ...)", key + "_options", "text", f.apply(key + "_options"), "")
                + Html.input("Limits (K=V, ...)", key + "_limits", "text", f.apply(key + "_limits"), "") + "</fieldset>";
    }

    /** The calculator's line for the boxes' SPRT, or why there is none. */
    static String forecast(Function<String, String> f) {
        if (f.apply("elo0").isBlank() && f.apply("elo1").isBlank()) {
            return "<p class=\"note\">No SPRT: the test plays every pair.</p>";
        }
        try {
            Wire.Forecast w = SprtForecasts.of(k -> f.apply(k));
            Wire.ForecastPoint at0 = at(w, w.logisticElo0());
            Wire.ForecastPoint at1 = at(w, w.logisticElo1());
            Wire.ForecastPoint most = w.points().stream().max(java.util.Comparator.comparingDouble(Wire.ForecastPoint::games)).orElseThrow();
            return String.format(Locale.ROOT, "<p id=\"forecast-line\">Expected games: <b id=\"expected-h0\">%d</b> if the truth is "
                    + "elo0 (passes %.1f%%), <b id=\"expected-h1\">%d</b> if it is elo1 (passes %.1f%%), at most about "
                    + "<b id=\"expected-max\">%d</b> near %.2f Elo — fishtest's calculator.</p>", Math.round(at0.games()), 100 * at0.pass(),
                    Math.round(at1.games()), 100 * at1.pass(), Math.round(most.games()), most.elo());
        } catch (Refused e) {
            return "<p class=\"error\">" + esc(e.getMessage()) + "</p>";
        }
    }

    private static Wire.ForecastPoint at(Wire.Forecast w, double elo) {
        return w.points().stream().min(java.util.Comparator.comparingDouble(p -> Math.abs(p.elo() - elo))).orElseThrow();
    }

    /**
     * The definition the boxes make, as JSON text.
     *
     * @throws Refused (BAD) naming the box that is wrong
     */
    static String definition(Function<String, String> value) {
        Function<String, String> f = k -> {
            String s = value.apply(k);
            return s == null ? "" : s.strip();
        };
        if (!f.apply("json").isEmpty()) {
            return f.apply("json");
        }
        try {
            ObjectNode t = JsonNodeFactory.instance.objectNode();
            t.put("name", f.apply("name"));
            if (!f.apply("description").isEmpty()) {
                t.put("description", f.apply("description"));
            }
            t.putObject("game").put("variant", f.apply("variant"));
            String tested = f.apply("new_name").isEmpty() ? "new" : f.apply("new_name");
            String base = f.apply("base_name").isEmpty() ? "base" : f.apply("base_name");
            t.putArray("players").add(TestFields.player(tested, f.apply("new_engine"), TestFields.pairs(f.apply("new_options"), "options"),
                    TestFields.pairs(f.apply("new_limits"), "limits"))).add(TestFields.player(base, f.apply("base_engine"),
                    TestFields.pairs(f.apply("base_options"), "options"), TestFields.pairs(f.apply("base_limits"), "limits")));
            if (!f.apply("limits").isEmpty()) {
                t.set("limits", TestFields.values(TestFields.pairs(f.apply("limits"), "limits")));
            }
            ObjectNode schedule = t.putObject("schedule").put("type", "match");
            schedule.putArray("players").add(tested).add(base);
            schedule.put("games", 2 * number(f, "pairs", 1, 10_000_000));
            if (!f.apply("elo0").isEmpty() || !f.apply("elo1").isEmpty()) {
                schedule.putObject("sprt").put("elo0", decimal(f, "elo0")).put("elo1", decimal(f, "elo1"))
                        .put("alpha", decimal(f, "alpha")).put("beta", decimal(f, "beta"))
                        .put("normalized", "normalized".equals(f.apply("model")));
            }
            t.putObject("openings").put("randomPlies", number(f, "plies", 0, 40)).put("pairs", true);
            t.putObject("service").put("priority", number(f, "priority", -100, 100)).put("throughput", number(f, "throughput", 1, 500));
            return Wire.write(t);
        } catch (IllegalArgumentException e) {
            throw new Refused(Refused.Kind.BAD, e.getMessage());
        }
    }

    private static long number(Function<String, String> f, String key, long min, long max) {
        String s = f.apply(key);
        if (!s.matches("-?\\d{1,9}") || Long.parseLong(s) < min || Long.parseLong(s) > max) {
            throw new IllegalArgumentException(key + ": a whole number from " + min + " to " + max);
        }
        return Long.parseLong(s);
    }

    private static double decimal(Function<String, String> f, String key) {
        try {
            double d = Double.parseDouble(f.apply(key));
            if (Double.isFinite(d)) {
                return d;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new IllegalArgumentException(key + ": a number");
    }
}

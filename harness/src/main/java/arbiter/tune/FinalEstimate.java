package arbiter.tune;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;

/**
 * What an SPSA run can say about its answer. SPSA's iterate never settles on a point: with a final
 * step {@code cEnd} and rate {@code rEnd} it keeps wandering around the optimum, so the honest
 * uncertainty of one run's final value is the spread of theta once the schedule has (nearly) ended.
 * Per parameter: the mean and standard deviation of theta over the last quarter of the iterations
 * (the "window"), and its drift there (last minus first value of the window: a run still on its way
 * drifts by more than its spread). Per run: how many iterations carried any signal (W-L not 0), and
 * per parameter the gradient estimates {@code g_k = (W-L)_k * Delta_k} (the side that won, +1 when
 * theta+ lay above theta): their per-iteration signal-to-noise {@code mean/sd} and its z,
 * {@code mean/(sd/sqrt(n))}, over the whole run and over the window. A run that is converging shows
 * a z well away from 0 over the run and near 0 in the window; a flat objective shows no signal at all,
 * and then its spread of 0 is no precision but the absence of information.
 */
public record FinalEstimate(int iterations, int window, double signalShare, double windowSignalShare,
                            List<Param> params) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Share of the iterations the window takes: the last quarter. */
    public static final double WINDOW_SHARE = 0.25;

    /** One parameter's estimate. */
    public record Param(String name, double last, double mean, double sd, double drift,
                        double snrRun, double zRun, double snrWindow, double zWindow) {
    }

    /**
     * @param names   the tuned parameters, in the order of the history's columns
     * @param history SPSA's rows: iteration k, theta after the update, then W-L of theta+ against theta-
     * @param deltaOf the perturbation signs of iteration k (+1: theta+ above theta)
     */
    public static FinalEstimate of(List<String> names, List<double[]> history, IntFunction<int[]> deltaOf) {
        int n = history.size();
        if (n == 0) {
            throw new IllegalArgumentException("no iterations");
        }
        int w = Math.max(1, (int) Math.ceil(n * WINDOW_SHARE));
        int from = n - w;
        int p = names.size();
        double[] results = new double[n];
        int[][] deltas = new int[n][];
        int nonZero = 0;
        int windowNonZero = 0;
        for (int j = 0; j < n; j++) {
            double[] row = history.get(j);
            results[j] = row[row.length - 1];
            deltas[j] = deltaOf.apply((int) row[0]);
            if (results[j] != 0) {
                nonZero++;
                windowNonZero += j >= from ? 1 : 0;
            }
        }
        List<Param> params = new ArrayList<>();
        for (int i = 0; i < p; i++) {
            double[] theta = new double[w];
            for (int j = from; j < n; j++) {
                theta[j - from] = history.get(j)[1 + i];
            }
            double[] g = new double[n];
            for (int j = 0; j < n; j++) {
                g[j] = results[j] * deltas[j][i];
            }
            double[] gw = java.util.Arrays.copyOfRange(g, from, n);
            params.add(new Param(names.get(i), theta[w - 1], mean(theta), sd(theta), theta[w - 1] - theta[0],
                    snr(g), z(g), snr(gw), z(gw)));
        }
        return new FinalEstimate(n, w, (double) nonZero / n, (double) windowNonZero / w, params);
    }

    /** No iteration of the window carried a signal: its spread says nothing about precision. */
    public boolean flat() {
        return windowSignalShare == 0;
    }

    /** The drift over the window exceeds twice the spread: the run had not settled. */
    public boolean drifting(Param q) {
        return Math.abs(q.drift()) > 2 * q.sd();
    }

    /** {@code king=4.71 ± 0.12, man=...}. */
    public String values() {
        StringBuilder sb = new StringBuilder();
        for (Param q : params) {
            sb.append(sb.length() == 0 ? "" : ", ")
                    .append(String.format(Locale.ROOT, "%s=%.2f ± %.2f", q.name(), q.mean(), q.sd()));
        }
        return sb.toString();
    }

    /** The lines a tuning run ends with. */
    public List<String> lines() {
        return lines("iteration");
    }

    /** As {@link #lines()}, counting steps called {@code unit} ("pair" for a tuning without a barrier). */
    public List<String> lines(String unit) {
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "estimate: %s (mean ± sd of theta over the last %d of %d %ss)",
                values(), window, iterations, unit));
        StringBuilder signal = new StringBuilder(String.format(Locale.ROOT,
                "signal: W-L not 0 in %.0f%% of %ss (%.0f%% in the last %d)", 100 * signalShare, unit,
                100 * windowSignalShare, window));
        for (Param q : params) {
            signal.append(String.format(Locale.ROOT, "; %s gradient mean/sd %+.2f (z %+.1f) over the run, %+.2f (z %+.1f) at the end",
                    q.name(), q.snrRun(), q.zRun(), q.snrWindow(), q.zWindow()));
        }
        out.add(signal.toString());
        if (flat()) {
            out.add("warning: no " + unit + " of the last " + window + " carried a signal (every W-L was 0): the ± 0 "
                    + "above is no precision; raise cEnd, the depth or pairsPerIteration (docs/tuning.md)");
        }
        for (Param q : params) {
            if (!flat() && drifting(q)) {
                out.add(String.format(Locale.ROOT, "warning: %s still drifting: %+.2f over the last %d %ss, more "
                        + "than twice its spread; more iterations (or a larger rEnd) would move it further", q.name(),
                        q.drift(), window, unit));
            }
        }
        return out;
    }

    public String toJson() {
        ObjectNode root = JSON.createObjectNode();
        root.put("iterations", iterations);
        root.put("window", window);
        root.put("signalShare", signalShare);
        root.put("windowSignalShare", windowSignalShare);
        root.put("flat", flat());
        ArrayNode ps = root.putArray("params");
        for (Param q : params) {
            ObjectNode o = ps.addObject();
            o.put("name", q.name());
            o.put("last", q.last());
            o.put("mean", q.mean());
            o.put("sd", q.sd());
            o.put("drift", q.drift());
            o.put("snrRun", q.snrRun());
            o.put("zRun", q.zRun());
            o.put("snrWindow", q.snrWindow());
            o.put("zWindow", q.zWindow());
        }
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public static FinalEstimate read(Path file) throws IOException {
        JsonNode root = JSON.readTree(Files.readString(file));
        List<Param> params = new ArrayList<>();
        for (JsonNode o : root.get("params")) {
            params.add(new Param(o.get("name").asText(), o.get("last").asDouble(), o.get("mean").asDouble(),
                    o.get("sd").asDouble(), o.get("drift").asDouble(), o.get("snrRun").asDouble(),
                    o.get("zRun").asDouble(), o.get("snrWindow").asDouble(), o.get("zWindow").asDouble()));
        }
        return new FinalEstimate(root.get("iterations").asInt(), root.get("window").asInt(),
                root.get("signalShare").asDouble(), root.get("windowSignalShare").asDouble(), params);
    }

    static double mean(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v;
        }
        return s / x.length;
    }

    /** Sample standard deviation (n-1); 0 for one value. */
    static double sd(double[] x) {
        if (x.length < 2) {
            return 0;
        }
        double m = mean(x);
        double s = 0;
        for (double v : x) {
            s += (v - m) * (v - m);
        }
        return Math.sqrt(s / (x.length - 1));
    }

    private static double snr(double[] g) {
        double sd = sd(g);
        return sd == 0 ? 0 : mean(g) / sd;
    }

    private static double z(double[] g) {
        return snr(g) * Math.sqrt(g.length);
    }
}

package arbiter.tune;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * What independent chains of one tuning say together: K runs of the same config from the same start,
 * each with a seed of its own, each ending with its {@link FinalEstimate}. One run's spread of theta
 * understates how far another seed ends (its last quarter sees only part of the iterate's wandering,
 * and a run that stalled on a flat stretch looks precise); the chains' answers vary as another run's
 * would. Per parameter: the centre, the mean of the chains' estimates; their sample sd s; and the
 * interval in which another run of K chains puts its centre with 99.9% confidence,
 * centre ± t(K-1) s sqrt(2/K): the difference of two such centres has sd sqrt(2/K) times one chain's,
 * and Student's t allows for s being estimated from K chains. 99.9% rather than 95%, because the
 * question is whether runs agree, and it is asked of several at once: of 8 runs' 56 comparisons,
 * 95% intervals would miss about 3 by chance (all 56 hold in a third of such trials, 99.9% ones in 97%,
 * for normal errors and 4 chains).
 *
 * @param label  the start the chains share, e.g. {@code king=3}
 * @param chains each chain's estimate, in chain order
 */
public record ChainEstimate(String label, List<FinalEstimate> chains, List<Param> params) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The interval's confidence for another run's estimate. */
    public static final double CONFIDENCE = 0.999;

    /** One parameter: the centre, the sd between chains, the interval's half-width, and each chain's estimate. */
    public record Param(String name, double centre, double sd, double halfWidth, List<Double> values) {
        public double low() {
            return centre - halfWidth;
        }

        public double high() {
            return centre + halfWidth;
        }
    }

    public static ChainEstimate of(String label, List<FinalEstimate> chains) {
        int k = chains.size();
        if (k < 2) {
            throw new IllegalArgumentException("an estimate from chains needs at least two");
        }
        double t = new TDistribution(k - 1).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
        List<Param> params = new ArrayList<>();
        int p = chains.get(0).params().size();
        for (int i = 0; i < p; i++) {
            double[] x = new double[k];
            List<Double> values = new ArrayList<>();
            for (int c = 0; c < k; c++) {
                x[c] = chains.get(c).params().get(i).mean();
                values.add(x[c]);
            }
            double sd = FinalEstimate.sd(x);
            params.add(new Param(chains.get(0).params().get(i).name(), FinalEstimate.mean(x), sd,
                    t * sd * Math.sqrt(2.0 / k), List.copyOf(values)));
        }
        return new ChainEstimate(label, List.copyOf(chains), List.copyOf(params));
    }

    /** Whether this estimate's interval holds the other's centre on every parameter. */
    public boolean covers(ChainEstimate other) {
        for (int i = 0; i < params.size(); i++) {
            Param a = params.get(i);
            if (Math.abs(a.centre() - other.params().get(i).centre()) > a.halfWidth()) {
                return false;
            }
        }
        return true;
    }

    /** {@code king=6.21 [5.10, 7.32]}. */
    public String values() {
        StringBuilder sb = new StringBuilder();
        for (Param q : params) {
            sb.append(sb.length() == 0 ? "" : ", ")
                    .append(String.format(Locale.ROOT, "%s=%.2f [%.2f, %.2f]", q.name(), q.centre(), q.low(), q.high()));
        }
        return sb.toString();
    }

    /** The lines a tuning by chains ends with. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        int k = chains.size();
        out.add(String.format(Locale.ROOT, "estimate: %s (mean of %d chains' estimates; %.1f%% interval for another run's"
                + " estimate: ± t(%d) · sd · √(2/%d))", values(), k, 100 * CONFIDENCE, k - 1, k));
        for (Param q : params) {
            StringBuilder each = new StringBuilder();
            for (double v : q.values()) {
                each.append(each.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.2f", v));
            }
            out.add(String.format(Locale.ROOT, "chains: %s %s (sd %.2f between chains)", q.name(), each, q.sd()));
        }
        for (int c = 0; c < k; c++) {
            if (chains.get(c).flat()) {
                out.add(String.format(Locale.ROOT, "warning: chain %d carried no signal in its last %d iterations: it "
                        + "stalled on a flat stretch, where it stopped; the centre and interval above include it", c + 1,
                        chains.get(c).window()));
            }
        }
        return out;
    }

    public String toJson() {
        ObjectNode root = JSON.createObjectNode();
        root.put("start", label);
        root.put("chains", chains.size());
        ArrayNode ps = root.putArray("params");
        for (Param q : params) {
            ObjectNode o = ps.addObject();
            o.put("name", q.name());
            o.put("centre", q.centre());
            o.put("sd", q.sd());
            o.put("low", q.low());
            o.put("high", q.high());
            ArrayNode v = o.putArray("chains");
            q.values().forEach(v::add);
        }
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether chained starts meet: each start's interval holds every other start's centre. */
    public static StartsVerdict.Verdict verdict(List<ChainEstimate> starts) {
        List<String> lines = new ArrayList<>();
        boolean meet = true;
        for (ChainEstimate a : starts) {
            for (ChainEstimate b : starts) {
                if (a == b) {
                    continue;
                }
                for (int i = 0; i < a.params().size(); i++) {
                    Param pa = a.params().get(i);
                    Param pb = b.params().get(i);
                    boolean ok = Math.abs(pa.centre() - pb.centre()) <= pa.halfWidth();
                    meet &= ok;
                    lines.add(String.format(Locale.ROOT, "%s: start %s's interval [%.2f, %.2f] %s start %s's %.2f",
                            pa.name(), a.label(), pa.low(), pa.high(), ok ? "holds" : "misses", b.label(), pb.centre()));
                }
            }
        }
        lines.add(0, meet ? "verdict: the starts meet" : "verdict: the starts do not meet");
        return new StartsVerdict.Verdict(meet, lines);
    }
}

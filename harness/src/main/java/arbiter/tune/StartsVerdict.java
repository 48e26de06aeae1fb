package arbiter.tune;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether tunings of the same config from several starts meet. Each start's answer is its
 * {@link FinalEstimate}: per parameter the mean {@code m} and spread {@code s} of theta over the
 * last quarter. Two starts a and b meet on a parameter when {@code |m_a - m_b| <= 2 sqrt(s_a^2 + s_b^2)}:
 * were both final values draws from one distribution of spread s, their difference would have
 * spread {@code sqrt(s_a^2 + s_b^2)}, and 2 of those cover about 95% of it. The starts meet when every
 * pair meets on every parameter. A start whose last quarter carried no signal (a flat objective) has
 * no uncertainty to compare with: the verdict is then "do not meet", saying which start was flat.
 */
public final class StartsVerdict {

    /** How many combined spreads two estimates may differ by and still meet. */
    public static final double SPREADS = 2.0;

    /** One start: its label (e.g. {@code king=3}) and its estimate. */
    public record Start(String label, FinalEstimate estimate) {
    }

    /** The verdict and its reasons (one line per pair and parameter, flat starts first). */
    public record Verdict(boolean meet, List<String> lines) {
    }

    private StartsVerdict() {
    }

    public static Verdict of(List<Start> starts) {
        if (starts.size() < 2) {
            throw new IllegalArgumentException("a verdict needs at least two starts");
        }
        List<String> lines = new ArrayList<>();
        boolean meet = true;
        for (Start s : starts) {
            if (s.estimate().flat()) {
                meet = false;
                lines.add("start " + s.label() + ": no signal in its last " + s.estimate().window()
                        + " iterations (flat objective), its value is where it stopped, not where it converged");
            }
        }
        int params = starts.get(0).estimate().params().size();
        for (int a = 0; a < starts.size(); a++) {
            for (int b = a + 1; b < starts.size(); b++) {
                for (int i = 0; i < params; i++) {
                    FinalEstimate.Param pa = starts.get(a).estimate().params().get(i);
                    FinalEstimate.Param pb = starts.get(b).estimate().params().get(i);
                    double diff = pa.mean() - pb.mean();
                    double allowed = SPREADS * Math.hypot(pa.sd(), pb.sd());
                    boolean ok = Math.abs(diff) <= allowed;
                    meet &= ok;
                    lines.add(String.format(Locale.ROOT, "%s: %s %.2f ± %.2f vs %s %.2f ± %.2f: difference %.2f %s %.2f (2 combined sd)%s",
                            pa.name(), starts.get(a).label(), pa.mean(), pa.sd(), starts.get(b).label(), pb.mean(),
                            pb.sd(), Math.abs(diff), ok ? "<=" : ">", allowed,
                            ok ? "" : String.format(Locale.ROOT, ", apart by %.2f beyond it", Math.abs(diff) - allowed)));
                }
            }
        }
        lines.add(0, meet ? "verdict: the starts meet" : "verdict: the starts do not meet");
        return new Verdict(meet, lines);
    }
}

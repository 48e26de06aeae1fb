package arbiter.tune;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Notices when SPSA's iterations carry no signal: theta+ and theta- score the same in iteration
 * after iteration, so every update is zero and the weights stay where they are. At a shallow search
 * two nearby weights often choose the same moves; each pair then splits 1-1 and the tuner, left
 * alone, prints the start value for hundreds of iterations without a word. After {@code window}
 * such iterations in a row it gives one warning with the remedies, and again only after a new
 * streak.
 */
public final class SignalWatch {
    private final int window;
    /** What one SPSA step is called: "iteration", or "pair" without a barrier. */
    private final String unit;
    private int flat;
    private boolean warned;

    /** @param window flat iterations in a row that make a warning (at least 1) */
    public SignalWatch(int window) {
        this(window, "iteration");
    }

    /** As above, for steps called {@code unit} ("pair" for a tuning without a barrier). */
    public SignalWatch(int window, String unit) {
        this.window = Math.max(1, window);
        this.unit = unit;
    }

    /**
     * Takes iteration {@code k}'s result (wins minus losses of theta+ against theta-, or the
     * difference of their results against the opponent).
     *
     * @return the warning, when this iteration completes a flat streak
     */
    public Optional<String> record(int k, double result, List<Spsa.Parameter> parameters, double[] c) {
        if (result != 0) {
            flat = 0;
            warned = false;
            return Optional.empty();
        }
        flat++;
        if (flat < window || warned) {
            return Optional.empty();
        }
        warned = true;
        StringBuilder perturbation = new StringBuilder();
        for (int i = 0; i < parameters.size(); i++) {
            Spsa.Parameter p = parameters.get(i);
            perturbation.append(i == 0 ? "" : ", ").append(p.log()
                    ? String.format(Locale.ROOT, "%s x/÷%.3g of range %.3g-%.3g", p.name(), Math.exp(c[i]), p.min(), p.max())
                    : String.format(Locale.ROOT, "%s +-%.3g of range %.3g-%.3g", p.name(), c[i], p.min(), p.max()));
        }
        return Optional.of(String.format(Locale.ROOT,
                "warning: %ss %d-%d carried no signal: theta+ and theta- scored the same in each, so the "
                        + "weights did not move (perturbation %s). The two sides likely choose the same moves: raise "
                        + "cEnd (or leave it out: the default is a sixth of the range), search deeper, or play "
                        + "more pairs per iteration; `docs/tuning.md` explains the choice.",
                unit, k + 2 - window, k + 1, perturbation));
    }
}

package arbiter.engine.backgammon;

import java.util.List;
import java.util.Locale;

/**
 * Pruning at chance nodes (Ballard 1983), exact: the same decision and score as the full expectimax.
 * Both use the evaluation's bounds ({@code ±}{@link BackgammonEvaluation#BOUND} scaled) for the
 * rolls not yet searched.
 */
public enum Pruning {
    /** Plain expectiminimax: every roll and every reply searched with an open window. */
    NONE,
    /** Star1: a chance node stops as soon as the rolls searched so far, with the bounds for the rest, decide it. */
    STAR1,
    /** Star2: Star1 after a probing pass that searches one reply per roll for a tighter upper bound. */
    STAR2;

    public static final List<String> NAMES = List.of("none", "star1", "star2");

    public String optionName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Pruning of(String name) {
        return valueOf(name.toUpperCase(Locale.ROOT));
    }
}

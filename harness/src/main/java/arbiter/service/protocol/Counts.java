package arbiter.service.protocol;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Arrays;

/**
 * Counts of whole colour-reversed game pairs from the first player's side (the test's new engine):
 * its wins, draws and losses over the pairs' games, and the pentanomial counts of the pairs
 * (index = points in the pair x 2: LL, LD, WL or DD, WD, WW). A worker reports them per task,
 * cumulatively; the server keeps them per task and per test.
 */
public record Counts(long pairs, long wins, long draws, long losses, @JsonProperty("penta") long[] penta) {
    public static final Counts ZERO = new Counts(0, 0, 0, 0, new long[5]);

    public Counts {
        penta = penta == null ? null : penta.clone();
    }

    @Override
    public long[] penta() {
        return penta.clone();
    }

    public long penta(int i) {
        return penta[i];
    }

    public long games() {
        return wins + draws + losses;
    }

    /**
     * Why these counts cannot be, or null when they can: every figure at least 0, five pentanomial
     * figures adding up to the pairs, two games a pair, and W/D/L that the pairs allow — a WW pair
     * is two wins, WD a win and a draw, LD a loss and a draw, LL two losses, and each middle pair
     * (WL or DD) either a win and a loss or two draws.
     */
    public String problem() {
        if (penta == null || penta.length != 5) {
            return "penta must hold 5 counts (LL, LD, WL+DD, WD, WW)";
        }
        if (pairs < 0 || wins < 0 || draws < 0 || losses < 0 || Arrays.stream(penta).anyMatch(c -> c < 0)) {
            return "a count below 0";
        }
        if (Arrays.stream(penta).sum() != pairs) {
            return "penta adds up to " + Arrays.stream(penta).sum() + ", not to the " + pairs + " pairs";
        }
        if (games() != 2 * pairs) {
            return wins + "+" + draws + "+" + losses + " games are not two games for each of the " + pairs + " pairs";
        }
        long winLoss = wins - 2 * penta[4] - penta[3]; // middle pairs that were a win and a loss
        if (winLoss < 0 || winLoss > penta[2] || losses - 2 * penta[0] - penta[1] != winLoss
                || draws != penta[1] + penta[3] + 2 * (penta[2] - winLoss)) {
            return "wins " + wins + ", draws " + draws + ", losses " + losses + " do not fit the pairs " + Arrays.toString(penta);
        }
        return null;
    }

    /** True when no figure is below that of {@code before} (cumulative counts only grow). */
    public boolean atLeast(Counts before) {
        if (pairs < before.pairs || wins < before.wins || draws < before.draws || losses < before.losses) {
            return false;
        }
        for (int i = 0; i < 5; i++) {
            if (penta[i] < before.penta[i]) {
                return false;
            }
        }
        return true;
    }

    public Counts plus(Counts o) {
        long[] p = new long[5];
        for (int i = 0; i < 5; i++) {
            p[i] = penta[i] + o.penta[i];
        }
        return new Counts(pairs + o.pairs, wins + o.wins, draws + o.draws, losses + o.losses, p);
    }

    public Counts minus(Counts o) {
        long[] p = new long[5];
        for (int i = 0; i < 5; i++) {
            p[i] = penta[i] - o.penta[i];
        }
        return new Counts(pairs - o.pairs, wins - o.wins, draws - o.draws, losses - o.losses, p);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Counts c && pairs == c.pairs && wins == c.wins && draws == c.draws && losses == c.losses
                && Arrays.equals(penta, c.penta);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(pairs) * 31 + Arrays.hashCode(penta);
    }

    @Override
    public String toString() {
        return pairs + " pairs, W/D/L " + wins + "/" + draws + "/" + losses + ", penta " + Arrays.toString(penta);
    }
}

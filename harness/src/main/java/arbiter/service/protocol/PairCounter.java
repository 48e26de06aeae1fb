package arbiter.service.protocol;

import arbiter.play.GameResult;
import arbiter.results.Scoreboard;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Counts a test's whole colour-reversed pairs as a worker reports them and the server checks them:
 * each pair from the side of its first player ({@link TestDefinition#pairing(long)}), W/D/L and
 * pentanomial added up over the test's pairings, all counted by the run's own {@link Scoreboard}.
 */
public final class PairCounter {
    private final TestDefinition test;
    private final Scoreboard board;

    public PairCounter(TestDefinition test) {
        this.test = test;
        Set<String> names = new LinkedHashSet<>();
        test.pairings().forEach(names::addAll);
        this.board = new Scoreboard(List.copyOf(names), null, null, true, null);
    }

    /** A game of pair {@code pair} (both of a pair's games make it whole). */
    public void add(String white, String black, GameResult result, int pair) {
        board.add(white, black, result, pair);
    }

    /** The whole pairs so far: W/D/L of each pair's first player, and the pairs' pentanomial from that side. */
    public Counts counts() {
        long[] wdl = new long[3];
        long[] penta = new long[5];
        for (List<String> p : test.pairings()) {
            long[] w = board.wdl(p.get(0), p.get(1));
            long[] q = board.pentanomial(p.get(0), p.get(1));
            for (int i = 0; i < 3; i++) {
                wdl[i] += w[i];
            }
            for (int i = 0; i < 5; i++) {
                penta[i] += q[i];
            }
        }
        long pairs = 0;
        for (long c : penta) {
            pairs += c;
        }
        return new Counts(pairs, wdl[0], wdl[1], wdl[2], penta);
    }
}

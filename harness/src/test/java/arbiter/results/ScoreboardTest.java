package arbiter.results;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import arbiter.play.GameResult;
import arbiter.stats.MatchStats;
import arbiter.stats.Sprt;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ScoreboardTest {
    private static final GameResult[] RESULTS = {GameResult.WHITE_WIN, GameResult.DRAW, GameResult.BLACK_WIN};

    /**
     * Pairs complete when their second game comes in, in any order and interleaved with other pairs
     * (fastchess ScoreBoard::updatePair); the counts equal those of the whole list counted at the end.
     */
    @Test
    void countsPairsAsTheirSecondGameArrivesInAnyOrder() {
        SplittableRandom random = new SplittableRandom(7);
        int pairs = 2000;
        GameResult[][] played = new GameResult[pairs][2];
        long[] expected = new long[5];
        long[] wdl = new long[3];
        for (int p = 0; p < pairs; p++) {
            for (int k = 0; k < 2; k++) {
                played[p][k] = RESULTS[random.nextInt(3)];
            }
            // game 0: a is White; game 1: b is White. a's half points in the pair:
            int h = (int) Math.round(2 * (played[p][0].whiteScore() + 1 - played[p][1].whiteScore()));
            expected[h]++;
            wdl[played[p][0].whiteWdlIndex()]++;
            wdl[2 - played[p][1].whiteWdlIndex()]++;
        }
        // Arrival order: shuffled games (a pair's two games may come far apart, the second one first).
        int[] order = new int[2 * pairs];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        for (int i = order.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        Scoreboard s = new Scoreboard(List.of("a", "b"), "a", "b", true, null);
        for (int g : order) {
            int p = g / 2;
            boolean aWhite = g % 2 == 0;
            s.add(aWhite ? "a" : "b", aWhite ? "b" : "a", played[p][g % 2], p);
        }
        assertArrayEquals(expected, s.pentanomial("a", "b"));
        long[] reversed = s.pentanomial("b", "a");
        for (int k = 0; k < 5; k++) {
            assertEquals(expected[k], reversed[4 - k]);
        }
        assertArrayEquals(wdl, s.wdl("a", "b"));
        assertArrayEquals(wdl, s.wdl("a"));
        assertEquals(2 * pairs, s.games());
        MatchVerdict v = s.verdict();
        assertEquals(MatchStats.of(expected).elo(), v.stats().elo(), 0);
        assertNull(v.sprtResult());
    }

    /** The verdict's SPRT is fishtest's GSPRT at the same counts, the first game of a pair leaving it as it was. */
    @Test
    void theVerdictsSprtIsTheTestAtTheCounts() {
        Sprt sprt = Sprt.of(0, 5, 0.05, 0.05, Sprt.Model.LOGISTIC);
        Scoreboard s = new Scoreboard(List.of("new", "old"), "new", "old", true, sprt);
        s.add("new", "old", GameResult.WHITE_WIN, 0);
        assertEquals(sprt.test(new long[5]).llr(), s.verdict().sprtResult().llr(), 0);
        s.add("old", "new", GameResult.DRAW, 0);
        assertArrayEquals(new long[] {0, 0, 0, 1, 0}, s.verdict().pentanomial());
        assertEquals(sprt.test(new long[] {0, 0, 0, 1, 0}).llr(), s.verdict().sprtResult().llr(), 0);
        s.add("new", "old", GameResult.BLACK_WIN, 1);
        assertEquals(sprt.test(new long[] {0, 0, 0, 1, 0}).llr(), s.verdict().sprtResult().llr(), 0);
        assertArrayEquals(new long[] {0, 0, 0, 1, 0}, s.verdict().stats().counts()); // pentanomial: one pair
        assertEquals(List.of(1L, 1L, 1L), List.of(s.verdict().wins(), s.verdict().draws(), s.verdict().losses()));
    }

    /** Undecided results count as games but in no W/D/L and no pair, as the rating list. */
    @Test
    void undecidedResultsAreNotRated() {
        Scoreboard s = new Scoreboard(List.of("a", "b"), null, null, true, null);
        s.add("a", "b", GameResult.UNFINISHED, 0);
        s.add("b", "a", GameResult.WHITE_WIN, 0);
        assertEquals(2, s.games());
        assertArrayEquals(new long[] {0, 0, 1}, s.wdl("a"));
        assertArrayEquals(new long[5], s.pentanomial("a", "b"));
        assertEquals(1, s.counts().totalGames());
        assertNull(s.verdict());
    }
}

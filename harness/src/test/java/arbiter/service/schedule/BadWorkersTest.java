package arbiter.service.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.service.protocol.Counts;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The bad-worker rule: a worker whose pairs are unlike the others' is flagged, honest workers almost
 * never are (a small run of {@code bench/bad-workers.sh}'s simulation), and fishtest's limits on
 * crashes and time losses.
 */
class BadWorkersTest {
    /** Counts of ahead, level, behind pairs (as WW, DD, LL). */
    static Counts pairs(long ahead, long level, long behind) {
        return new Counts(ahead + level + behind, 2 * ahead, 2 * level, 2 * behind, new long[] {behind, 0, level, 0, ahead});
    }

    @Test
    void theWorkerUnlikeTheOthersIsFlaggedAndLikeOnesAreNot() {
        List<Counts> honest = List.of(pairs(30, 40, 30), pairs(28, 45, 27), pairs(33, 36, 31), pairs(29, 41, 30));
        assertEquals(-1, BadWorkers.worst(BadWorkers.test(honest)));
        List<Counts> withCheat = List.of(pairs(30, 40, 30), pairs(28, 45, 27), pairs(60, 0, 0), pairs(29, 41, 30));
        assertEquals(2, BadWorkers.worst(BadWorkers.test(withCheat)));
        // the same cheat with 10 pairs: too few to test (an expected count of 5 or less), so not flagged
        List<Counts> small = List.of(pairs(30, 40, 30), pairs(28, 45, 27), pairs(10, 0, 0), pairs(29, 41, 30));
        assertEquals(-1, BadWorkers.worst(BadWorkers.test(small)));
    }

    @Test
    void honestWorkersAreRarelyFlaggedAndAWholeCheatOf200PairsIsFound() {
        BadWorkersSimulation sim = new BadWorkersSimulation(7);
        BadWorkersSimulation.Scenario ten = new BadWorkersSimulation.Scenario(10, 20, 2000);
        int tests = 2000;
        int flagged = sim.falseFlags(ten, tests);
        // bench/bad-workers.sh measures about 0.03% (docs/service.md); 4 of 2000 is 0.2%
        assertTrue(flagged <= 4, flagged + " of " + tests + " honest tests flagged a worker");
        int found = sim.found(ten, 200, 1.0, 200);
        assertTrue(found >= 198, "a cheat reporting every pair as won was found in " + found + " of 200 tests");
    }

    @Test
    void crashesAndTimeLossesFlagWithFishtestsLimits() {
        assertNull(BadWorkers.crashOrTime(100, 3, 10));
        assertEquals("4 crashes", BadWorkers.crashOrTime(100, 4, 0));
        assertEquals("time losses in 11% of 100 games", BadWorkers.crashOrTime(100, 0, 11));
        assertNull(BadWorkers.crashOrTime(19, 0, 10), "fewer than 20 games: time losses are not judged");
    }
}

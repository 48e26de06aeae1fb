package arbiter.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The plan against the example printed in van den Bergh's SPSA simulator's README
 * (github.com/vdbergh/spsa_simul: {@code ./spsa_sim --num_params 4 --quiet}): 4 parameters on
 * [0, 200], 2 Elo at half the range, precision 0.5, confidence 0.95, draw ratio 0.61 give
 * r = 0.003111, c = 33.333333 and num_games = 376868.
 */
class SpsaPlanTest {
    @Test
    void reproducesTheSimulatorsPrintedExample() {
        SpsaPlan.Plan p = SpsaPlan.of(Collections.nCopies(4, new SpsaPlan.Weight("x", 0, 200, 2)), 0.5, 0.95, 0.61);
        assertEquals(0.003111, p.r(), 5e-7);
        for (double c : p.c()) {
            assertEquals(33.333333, c, 1e-6);
        }
        assertEquals(376868, p.games(), 376868 * 1e-4);
    }

    @Test
    void aSteeperCurveNeedsFewerGamesInProportion() {
        SpsaPlan.Plan flat = SpsaPlan.of(List.of(new SpsaPlan.Weight("king", 1, 20, 2)), 0.5, 0.95, 0.61);
        SpsaPlan.Plan steep = SpsaPlan.of(List.of(new SpsaPlan.Weight("king", 1, 20, 20)), 0.5, 0.95, 0.61);
        assertEquals(flat.r(), steep.r(), 0);
        assertEquals(flat.games() / 10.0, steep.games(), 1);
    }
}

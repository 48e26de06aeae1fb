package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class EnginesCommandTest {

    @Test
    void listsEveryEngineWithOptionsDefaultsAndWeights() {
        PerftCommandTest.Run r = PerftCommandTest.run("engines", "--weights");
        assertEquals(0, r.code(), r.err());
        for (String id : new String[] {"random", "draughts-alphabeta", "chess-alphabeta", "quoridor-mcts",
                "quoridor-alphabeta", "backgammon-expectimax"}) {
            assertTrue(r.out().contains(id + " — "), id + " missing:\n" + r.out());
        }
        assertTrue(r.out().contains("option history"), r.out());
        assertTrue(r.out().contains("(default depthSquared)"), r.out());
        assertTrue(r.out().matches("(?s).*weight king\\s+3\\s+per king.*"), r.out());
    }

    @Test
    void unknownEngineIsOneClearError() {
        PerftCommandTest.Run r = PerftCommandTest.run("engines", "--engine", "deep-blue");
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("error: unknown engine 'deep-blue'; known engines: random, draughts-alphabeta"), r.err());
    }
}

package arbiter.engine.quoridor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.engine.EngineRegistry;
import arbiter.eval.Weights;
import arbiter.eval.WeightsException;
import arbiter.game.GameHistory;
import arbiter.game.quoridor.QuoridorBoard;
import arbiter.game.quoridor.QuoridorPosition;
import arbiter.game.quoridor.QuoridorRules;
import arbiter.player.OptionException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class QuoridorEvaluationTest {

    @Test
    void presetsHoldTheThesisValues() {
        Weights s1 = QuoridorEvaluation.preset("s1-thesis");
        assertEquals(Map.of("distance", 1.0, "wall", 0.25, "slope", 0.5, "tempo", 0.0, "mobility", 0.0), s1.toMap());
        Weights def = QuoridorEvaluation.preset("default");
        assertEquals(Weights.defaults(QuoridorEvaluation.SPECS), def);
        assertEquals(0.5, def.get("tempo"));
        WeightsException e = assertThrows(WeightsException.class, () -> QuoridorEvaluation.preset("s2"));
        assertTrue(e.getMessage().contains("known: default, s1-thesis"), e.getMessage());
    }

    @Test
    void weightsJsonRoundTripAndUnknownNames() {
        Weights w = QuoridorEvaluation.preset("default").withJson("{\"wall\": 0.4, \"mobility\": -0.1, \"slope\": 1}");
        assertEquals(0.4, w.get("wall"));
        assertEquals(w, QuoridorEvaluation.preset("s1-thesis").withJson(w.toJson()));
        WeightsException e = assertThrows(WeightsException.class, () -> w.withJson("{\"walls\": 1}"));
        assertTrue(e.getMessage().contains("unknown weight 'walls'"), e.getMessage());
        assertTrue(e.getMessage().contains("distance, wall, slope, tempo, mobility"), e.getMessage());
        assertThrows(WeightsException.class, () -> w.withJson("{\"wall\": \"high\"}"));
        // Through the registry: unknown weights and options are errors naming the key.
        assertThrows(WeightsException.class, () -> EngineRegistry.create(QuoridorEngines.MCTS, QuoridorRules.STANDARD,
                Map.of(), Map.of("queen", 9)));
        OptionException o = assertThrows(OptionException.class, () -> EngineRegistry.create(QuoridorEngines.ALPHA_BETA,
                QuoridorRules.STANDARD, Map.of("playouts", 5), Map.of()));
        assertTrue(o.getMessage().contains("unknown option 'playouts'"), o.getMessage());
        assertThrows(OptionException.class, () -> EngineRegistry.create(QuoridorEngines.MCTS, QuoridorRules.STANDARD,
                Map.of("preset", "s0-damaq"), Map.of()));
        o = assertThrows(OptionException.class, () -> EngineRegistry.create(QuoridorEngines.MCTS,
                QuoridorGames.rules(Map.of("players", "4")), Map.of(), Map.of()));
        assertTrue(o.getMessage().contains("two-player"), o.getMessage());
        EngineRegistry.create(QuoridorEngines.MCTS, QuoridorRules.STANDARD, Map.of("preset", "s1-thesis", "c", 0.05,
                "maxd", 0, "seed", 3), Map.of("wall", 0.5));
    }

    @Test
    void scoreIsTheWeightedFeaturesInCentiStepsFromTheMoversView() {
        Weights w = QuoridorEvaluation.preset("default").with(Map.of("distance", 2, "wall", 0.5, "mobility", 0.2));
        QuoridorEvaluation eval = new QuoridorEvaluation(w);
        QuoridorRules rules = QuoridorRules.STANDARD;
        QuoridorBoard board = new QuoridorBoard(rules, eval);
        double[] f = new double[QuoridorEvaluation.SPECS.size()];
        for (GameHistory game : QuoridorGames.randomGames(rules, 50, 5)) {
            QuoridorPosition p = (QuoridorPosition) game.current();
            board.load(p);
            QuoridorEvaluation.features(board, f);
            assertEquals(p.distanceToGoal(1) - p.distanceToGoal(0), f[QuoridorEvaluation.DISTANCE]);
            assertEquals(p.wallsLeft(0) - p.wallsLeft(1), f[QuoridorEvaluation.WALL]);
            double e = 0;
            for (int i = 0; i < f.length; i++) {
                e += w.get(i) * f[i];
            }
            // One step of distance is 100 whatever the distance weight (here 2).
            int white = (int) Math.round(e * 100 / 2);
            assertEquals(p.sideToMove() == 0 ? white : -white, board.evaluate(), p.toText());
            assertEquals(Math.atan(0.5 * e) / Math.PI + 0.5, board.playoutValue(), 1e-12);
        }
    }

    @Test
    void winChancesMapBackToScores() {
        QuoridorEvaluation eval = new QuoridorEvaluation(QuoridorEvaluation.preset("s1-thesis"));
        assertEquals(0, eval.score(0.5));
        // arctan(0.5 x 2)/pi + 1/2 = 0.75: two steps ahead.
        assertEquals(200, eval.score(0.75));
        assertEquals(-200, eval.score(0.25));
        assertEquals(10_000, eval.score(1.0));
        assertEquals(-10_000, eval.score(0.0));
    }

    @Test
    void aFinishedGameIsALossForTheSideToMove() {
        QuoridorRules noWalls = QuoridorGames.rules(Map.of("walls", "0"));
        QuoridorBoard board = new QuoridorBoard(noWalls, new QuoridorEvaluation(QuoridorEvaluation.preset("default")));
        board.load(noWalls.parsePosition("e8,a5/0,0/-/1"));
        board.make(board.winningMove());
        assertEquals(0, board.generateMoves(1));
        assertEquals(-(arbiter.player.Score.WIN - 1), board.evaluate());
        assertEquals(1.0, board.result());
    }
}

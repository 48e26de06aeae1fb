package arbiter.engine.draughts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import arbiter.game.draughts.DraughtsBoard;
import arbiter.game.draughts.DraughtsCatalog;
import arbiter.game.draughts.DraughtsPosition;
import arbiter.game.draughts.DraughtsRules;
import org.junit.jupiter.api.Test;

/** The seed presets compute the theses' functions, checked by hand on small positions. */
class DraughtsEvaluationTest {

    private static int evaluate(String variant, String preset, String fen) {
        DraughtsRules rules = DraughtsCatalog.variant(variant);
        DraughtsBoard board = new DraughtsBoard(rules, new DraughtsEvaluation(DraughtsEvaluation.preset(preset), rules.width()));
        board.load((DraughtsPosition) rules.parsePosition(fen));
        return board.evaluate();
    }

    @Test
    void s0CountsMaterialBackRowAndEdgeSquares() {
        // White: man 46 (own back row) + king 5 = 2 + 9 + 1 = 12.
        // Black: men 1 (own back row) and 45 (right edge, rank 8 from Black's side: one of the mirrored
        // S0 edge squares) = 2 + 2 + 1 + 1 = 6. White - Black = 6 in S0's units (man = 2), i.e. 300.
        assertEquals(300, evaluate("international", "s0-damaq", "W:W46,K5:B1,45"));
        assertEquals(-300, evaluate("international", "s0-damaq", "B:W46,K5:B1,45"));
        // S0's own edge set for White: 6, 16, 26, 15, 25, 35 score +1 each (+50 in man = 100 units).
        for (int square : new int[] {6, 16, 26, 15, 25, 35}) {
            assertEquals(50, evaluate("international", "s0-damaq", "W:W" + square + ":B") - evaluate("international", "s0-damaq", "W:W33:B"),
                    "edge square " + square);
        }
    }

    @Test
    void s2CountsRankSquaredKingPlacesAndNeighbours() {
        // English (Black moves first; Black at the top). White man on 22 (c3): rank 2 from its own
        // back row -> 100 + 4. White man on 26 (d2) beside it diagonally: rank 1 -> 100 + 1; the two are
        // diagonal neighbours: +20 each. Black king on 4 (h8, a corner): 170 - 30.
        // White - Black = (200 + 5 + 40) - 140 = 105; Black to move sees -105.
        assertEquals(-105, evaluate("english", "s2-autocheckers", "B:W22,26:BK4"));
        // A Black king on an edge square that is not a corner: 170 - 15.
        assertEquals(-(245 - 155), evaluate("english", "s2-autocheckers", "B:W22,26:BK12"));
    }

    /** The search's inlined evaluation and the tuner's features are the same function. */
    @Test
    void evaluateEqualsWeightsTimesFeaturesOnRandomPositions() {
        for (String variant : java.util.List.of("international", "english", "russian")) {
            DraughtsRules rules = DraughtsCatalog.variant(variant);
            for (String preset : DraughtsEvaluation.PRESETS) {
                arbiter.eval.Weights w = DraughtsEvaluation.preset(preset).with(java.util.Map.of("mobility", 0.07, "runaway", 0.4));
                DraughtsBoard board = new DraughtsBoard(rules, new DraughtsEvaluation(w, rules.width()));
                double[] f = new double[DraughtsEvaluation.SPECS.size()];
                for (arbiter.game.GameHistory game : DraughtsSearchTest.randomGames(rules, 60, preset.hashCode() + variant.length())) {
                    DraughtsPosition p = (DraughtsPosition) game.current();
                    board.load(p);
                    DraughtsEvaluation.LINEAR.features(p, f);
                    double sum = 0;
                    for (int i = 0; i < f.length; i++) {
                        sum += w.get(i) * f[i];
                    }
                    int white = (int) Math.round(sum * DraughtsEvaluation.SCALE / w.get("man"));
                    assertEquals(p.whiteToMove() ? white : -white, board.evaluate(), variant + " " + preset + " " + p.toText());
                }
            }
        }
    }
}

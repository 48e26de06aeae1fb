package arbiter.engine.backgammon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.engine.EngineRegistry;
import arbiter.eval.WeightSpec;
import arbiter.eval.Weights;
import arbiter.eval.WeightsException;
import arbiter.game.backgammon.BackgammonPosition;
import arbiter.game.backgammon.BackgammonRules;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The named-weight evaluation: specs, presets, JSON, features and the shot count. */
class BackgammonEvaluationTest {
    private static final int N = BackgammonEvaluation.SPECS.size();

    @Test
    void weightsAreNamedPerPhase() {
        int features = BackgammonEvaluation.FEATURES.size();
        assertEquals(2 * features, N);
        Set<String> names = new HashSet<>();
        for (int i = 0; i < N; i++) {
            String name = BackgammonEvaluation.SPECS.get(i).name();
            String phase = i < features ? "contact." : "race.";
            assertEquals(phase + BackgammonEvaluation.FEATURES.get(i % features), name);
            assertTrue(names.add(name), name);
        }
        assertTrue(names.containsAll(List.of("contact.blot", "race.pips", "contact.anchor", "race.off")));
    }

    @Test
    void thesisPresetUsesOnlyThePubevalFamilies() {
        Weights thesis = BackgammonEvaluation.preset("s4-thesis");
        for (WeightSpec s : thesis.specs()) {
            String feature = s.name().substring(s.name().indexOf('.') + 1);
            if (!BackgammonEvaluation.THESIS_FEATURES.contains(feature)) {
                assertEquals(0.0, thesis.get(s.name()), s.name());
            }
        }
        assertTrue(thesis.get("contact.blot") < 0 && thesis.get("contact.point") > 0 && thesis.get("race.off") > 0);
        assertEquals(Weights.defaults(BackgammonEvaluation.SPECS), BackgammonEvaluation.preset("default"));
        WeightsException e = assertThrows(WeightsException.class, () -> BackgammonEvaluation.preset("gnubg"));
        assertTrue(e.getMessage().contains("s4-thesis"), e.getMessage());
    }

    @Test
    void weightsJsonRoundTripAndUnknownWeight() {
        Weights changed = BackgammonEvaluation.preset("default").with(Map.of("contact.blot", -7.5, "race.rolls", 31));
        Weights back = Weights.defaults(BackgammonEvaluation.SPECS).withJson(changed.toJson());
        assertEquals(changed, back);
        assertEquals(-7.5, back.get("contact.blot"));

        WeightsException e = assertThrows(WeightsException.class,
                () -> Weights.defaults(BackgammonEvaluation.SPECS).withJson("{\"contact.blots\": 1}"));
        assertTrue(e.getMessage().contains("unknown weight 'contact.blots'") && e.getMessage().contains("contact.blot"),
                e.getMessage());
        WeightsException viaRegistry = assertThrows(WeightsException.class, () -> EngineRegistry.create(
                ExpectimaxPlayer.ID, BackgammonRules.STANDARD, Map.of(), Map.of("pips", 1)));
        assertTrue(viaRegistry.getMessage().contains("unknown weight 'pips'"), viaRegistry.getMessage());
    }

    @Test
    void evaluationIsTheClampedDotProductOfFeaturesAndWeights() {
        Weights weights = BackgammonEvaluation.preset("default");
        BackgammonEvaluation evaluation = new BackgammonEvaluation(weights);
        double[] w = weights.toArray();
        double[] f = new double[N];
        int contact = 0;
        for (BackgammonPosition rolled : Positions.sample(11, 300, 3)) {
            BackgammonPosition p = rolled.play(rolled.legalMoves().get(0));
            if (p.outcome() != null) {
                continue;
            }
            BackgammonEvaluation.features(p, f);
            double dot = 0;
            for (int i = 0; i < N; i++) {
                dot += w[i] * f[i];
            }
            long expected = Math.max(-BackgammonEvaluation.BOUND, Math.min(BackgammonEvaluation.BOUND, Math.round(dot)));
            assertEquals(expected, evaluation.evaluate(p), p.toText());
            boolean inContact = f[BackgammonEvaluation.BIAS] == 1;
            assertEquals(inContact ? 1.0 : 0.0, f[BackgammonEvaluation.BIAS]);
            assertEquals(inContact ? 0.0 : 1.0, f[BackgammonEvaluation.RACE + BackgammonEvaluation.BIAS]);
            contact += inContact ? 1 : 0;
        }
        assertTrue(contact > 50, "contact positions: " + contact);
    }

    @Test
    void contactAndRaceAreTellApart() {
        int[][] start = boards("B:W24x2,13x5,8x3,6x5:B24x2,13x5,8x3,6x5:-");
        assertTrue(BackgammonEvaluation.contact(start[0], start[1]));
        int[][] race = boards("B:W12x5,6x10:B12x5,6x10:-");
        assertFalse(BackgammonEvaluation.contact(race[0], race[1]));
        int[][] touching = boards("B:W13x5,6x10:B13,6x14:-");
        assertTrue(BackgammonEvaluation.contact(touching[0], touching[1]));
        int[][] bar = boards("B:W6x15:Bbar,1x14:-");
        assertTrue(BackgammonEvaluation.contact(bar[0], bar[1]));
    }

    @Test
    void shotsCountTheRollsThatHit() {
        // White (on roll) has one checker on its 24 point = Black's point 1; Black (just moved) has blots.
        assertEquals(11, shots("W:W24,6x14:B2,6x14:-"), "one pip away: direct only");
        assertEquals(17, shots("W:W24,6x14:B7,6x14:-"), "six pips away: 11 direct + 6 indirect");
        assertEquals(6, shots("W:W24,6x14:B9,6x14:-"), "eight pips away: 6-2, 5-3, 4-4, 2-2");
        assertEquals(0, shots("W:W24,6x14:B9x2,6x13:-"), "no blot");
        // White on the bar enters on Black's home board; Black's points 1-5 made: only a 6 enters.
        assertEquals(11, shots("W:Wbar,6x14:B6,5x2,4x2,3x2,2x2,1x2,7x4:-"), "a 6 enters and hits");
        assertEquals(0, shots("W:Wbar,6x14:B6x2,5x2,4x2,3x2,2x2,1x2,9:-"), "a closed board stops the entering checker");
    }

    private static int shots(String text) {
        double[] f = new double[N];
        BackgammonEvaluation.features(Positions.parse(text), f);
        return (int) f[BackgammonEvaluation.SHOTS];
    }

    /** Boards of a position awaiting dice: index 0 the player not on roll, 1 the player on roll. */
    private static int[][] boards(String text) {
        BackgammonPosition p = Positions.parse(text);
        int[][] b = new int[2][26];
        p.copyBoard(1 - p.sideToMove(), b[0]);
        p.copyBoard(p.sideToMove(), b[1]);
        return b;
    }
}

package arbiter.engine.chess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.engine.EngineRegistry;
import arbiter.eval.WeightSpec;
import arbiter.eval.Weights;
import arbiter.eval.WeightsException;
import arbiter.game.GameHistory;
import arbiter.game.chess.ChessBoard;
import arbiter.game.chess.ChessPosition;
import arbiter.game.chess.ChessRules;
import arbiter.player.Options;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ChessEvaluationTest {
    private static final ChessRules RULES = ChessRules.STANDARD;

    private static ChessPosition fen(String text) {
        return RULES.parsePosition(text);
    }

    private static int evaluate(String preset, ChessPosition p) {
        ChessBoard board = new ChessBoard(new ChessEvaluation(ChessEvaluation.preset(preset)));
        board.load(p);
        return board.evaluate();
    }

    /** The same position with colours swapped: ranks mirrored, case swapped, the other side to move. */
    static String mirror(String fen) {
        String[] f = fen.split(" ");
        String[] ranks = f[0].split("/");
        StringBuilder board = new StringBuilder();
        for (int i = ranks.length - 1; i >= 0; i--) {
            board.append(swapCase(ranks[i])).append(i > 0 ? "/" : "");
        }
        String side = f[1].equals("w") ? "b" : "w";
        String castling = f[2].equals("-") ? "-" : sortCastling(swapCase(f[2]));
        String ep = f[3].equals("-") ? "-" : f[3].charAt(0) + String.valueOf((char) ('1' + '8' - f[3].charAt(1)));
        return board + " " + side + " " + castling + " " + ep + " " + f[4] + " " + f[5];
    }

    private static String swapCase(String s) {
        StringBuilder out = new StringBuilder();
        for (char c : s.toCharArray()) {
            out.append(Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c));
        }
        return out.toString();
    }

    private static String sortCastling(String s) {
        StringBuilder out = new StringBuilder();
        for (char c : "KQkq".toCharArray()) {
            if (s.indexOf(c) >= 0) {
                out.append(c);
            }
        }
        return out.toString();
    }

    @Test
    void colourSymmetric() {
        for (GameHistory game : ChessSearchTest.randomGames(150, 3)) {
            ChessPosition p = (ChessPosition) game.current();
            ChessPosition m = fen(mirror(p.toText()));
            for (String preset : ChessEvaluation.PRESETS) {
                assertEquals(evaluate(preset, p), evaluate(preset, m), preset + " " + p.toText() + " / " + m.toText());
            }
        }
        assertEquals(10, evaluate("default", RULES.start()), "the start position: the tempo only");
        assertEquals(0, evaluate("s3-sehnal", RULES.start()));
    }

    @Test
    void featuresReproduceTheScore() {
        // Linear: White's score = 100 / pawn.mg x sum(weight x feature), before rounding.
        double[] f = new double[ChessEvaluation.SPECS.size()];
        for (String preset : ChessEvaluation.PRESETS) {
            Weights w = ChessEvaluation.preset(preset);
            for (GameHistory game : ChessSearchTest.randomGames(150, preset.hashCode())) {
                ChessPosition p = (ChessPosition) game.current();
                ChessEvaluation.features(p, f);
                double sum = 0;
                for (int i = 0; i < f.length; i++) {
                    sum += w.get(i) * f[i];
                }
                double white = sum * ChessEvaluation.SCALE / w.get("pawn.mg");
                int expected = (int) Math.round(p.sideToMove() == 0 ? white : -white);
                assertEquals(expected, evaluate(preset, p), 1, preset + " " + p.toText());
            }
        }
    }

    @Test
    void taperedTermsSplitByPhase() {
        double[] f = new double[ChessEvaluation.SPECS.size()];
        int pawnMg = index("pawn.mg");
        int pawnEg = index("pawn.eg");
        ChessEvaluation.features(RULES.start(), f);
        assertEquals(0, f[pawnMg]);
        ChessEvaluation.features(fen("4k3/8/8/8/8/8/PP6/4K3 w - - 0 1"), f); // no pieces: all endgame
        assertEquals(0, f[pawnMg]);
        assertEquals(2, f[pawnEg]);
        ChessEvaluation.features(fen("rnbqkbnr/8/8/8/8/8/PP6/RNBQKBNR w - - 0 1"), f); // all pieces: middlegame
        assertEquals(2, f[pawnMg]);
        assertEquals(0, f[pawnEg]);
    }

    private static int index(String name) {
        List<WeightSpec> specs = ChessEvaluation.SPECS;
        for (int i = 0; i < specs.size(); i++) {
            if (specs.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new AssertionError(name);
    }

    @Test
    void s3PresetIsTheThesisFunction() {
        Weights s3 = ChessEvaluation.preset("s3-sehnal");
        Map<String, Double> expected = Map.of("pawn", 10.0, "knight", 30.0, "bishop", 30.0, "rook", 48.0, "queen", 95.0);
        for (Map.Entry<String, Double> e : expected.entrySet()) {
            assertEquals(e.getValue(), s3.get(e.getKey() + ".mg"), e.getKey());
            assertEquals(e.getValue(), s3.get(e.getKey() + ".eg"), e.getKey());
            assertEquals(e.getValue() / 2, s3.get("centre." + e.getKey()), "centre bonus ring x value/2");
        }
        assertEquals(1.0, s3.get("mobility.legal"));
        assertEquals(2.0, s3.get("attackedPieces"));
        assertEquals(0.0, s3.get("centre.king.mg"));
        assertTrue(s3.get("castled.mg") > 0);
        // Untapered: every .mg equals its .eg; our terms are off.
        for (WeightSpec spec : ChessEvaluation.SPECS) {
            if (spec.name().endsWith(".mg")) {
                String base = spec.name().substring(0, spec.name().length() - 3);
                assertEquals(s3.get(spec.name()), s3.get(base + ".eg"), base);
            }
        }
        for (String off : List.of("pawn.doubled.mg", "passed.rank7.eg", "king.shelter.mg", "rook.openFile",
                "bishop.pair", "mobility.knight", "tempo")) {
            assertEquals(0.0, s3.get(off), off);
        }
    }

    @Test
    void s3OverValuesACentralQueenByAlmostThreePawns() {
        // The queen on d4 instead of a1 (minors developed): ring 0.8 against 0.2, x 95/2, x 100/10 per pawn.
        double[] centre = new double[ChessEvaluation.SPECS.size()];
        double[] corner = new double[ChessEvaluation.SPECS.size()];
        ChessEvaluation.features(fen("4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1"), centre);
        ChessEvaluation.features(fen("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"), corner);
        int q = index("centre.queen");
        double s3Bonus = (centre[q] - corner[q]) * ChessEvaluation.preset("s3-sehnal").get(q) * 10;
        assertEquals(285, s3Bonus, 1e-9);
        // Not while a knight or bishop is at home.
        ChessEvaluation.features(fen("4k3/8/8/8/3Q4/8/8/4KB2 w - - 0 1"), centre);
        assertEquals(0, centre[q]);
    }

    @Test
    void scoresAreInCentipawnsWhateverThePresetScale() {
        // A lone extra pawn on a2 in S3's scale (pawn 10): 100 for the pawn, plus its centre and mobility terms.
        ChessPosition p = fen("4k3/8/8/8/8/8/P7/4K3 w - - 0 1");
        double[] f = new double[ChessEvaluation.SPECS.size()];
        ChessEvaluation.features(p, f);
        int s3 = evaluate("s3-sehnal", p);
        double expected = 10 * (10 * f[index("pawn.eg")] + 5 * f[index("centre.pawn")]
                + f[index("mobility.legal")] + 2 * f[index("attackedPieces")]);
        assertEquals(Math.round(expected), s3);
        assertEquals(100 + 10 + 2 * 10, s3, "pawn 100, its ring 0.2 x 5 x 10, two more legal moves x 10");
    }

    @Test
    void weightsRoundTripThroughJson() {
        for (String preset : ChessEvaluation.PRESETS) {
            Weights w = ChessEvaluation.preset(preset);
            Weights back = Weights.defaults(ChessEvaluation.SPECS).withJson(w.toJson());
            assertEquals(w, back, preset);
        }
        Weights changed = ChessEvaluation.preset("default").withJson("{\"passed.rank6.eg\": 75.5, \"tempo\": 0}");
        assertEquals(75.5, changed.get("passed.rank6.eg"));
        assertEquals(changed, Weights.defaults(ChessEvaluation.SPECS).withJson(changed.toJson()));
    }

    @Test
    void unknownWeightNamesTheKey() {
        WeightsException e = assertThrows(WeightsException.class,
                () -> EngineRegistry.create("chess-alphabeta", RULES, Map.of(), Map.of("knigth.mg", 300)));
        assertTrue(e.getMessage().contains("'knigth.mg'"), e.getMessage());
        assertTrue(e.getMessage().contains("knight.mg"), "lists the known names: " + e.getMessage());
        WeightsException json = assertThrows(WeightsException.class,
                () -> ChessEvaluation.preset("default").withJson("{\"queen\": 900}"));
        assertTrue(json.getMessage().contains("'queen'"), json.getMessage());
        assertThrows(WeightsException.class, () -> ChessEvaluation.preset("s4"));
    }

    @Test
    void weightNamesAreUniqueAndReadable() {
        Set<String> names = new HashSet<>();
        for (WeightSpec spec : ChessEvaluation.SPECS) {
            assertTrue(names.add(spec.name()), "duplicate " + spec.name());
            assertTrue(spec.name().matches("[a-z]+([A-Z][a-z]+)*(\\.[a-z]+[0-9]*([A-Z][a-z]+)*)*"), spec.name());
            assertTrue(!spec.description().isBlank(), spec.name());
        }
        assertEquals(ChessEvaluation.SPECS, EngineRegistry.weights("chess-alphabeta", RULES, Options.none()).specs());
    }
}

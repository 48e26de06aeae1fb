package arbiter.game.draughts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import arbiter.game.Games;
import arbiter.game.Move;
import arbiter.game.NotationException;
import arbiter.game.Rules;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Draughts FEN and move text: round trips on random positions, the documented forms, and errors. */
class DraughtsNotationTest {

    static DraughtsPosition position(String variant, String fen) {
        return (DraughtsPosition) Games.rules(variant).parsePosition(fen);
    }

    /** Random positions of a variant: from seeded random games and seeded random placements. */
    static List<DraughtsPosition> randomPositions(DraughtsRules rules, long seed) {
        List<DraughtsPosition> all = new ArrayList<>(
                ReferenceGeneratorTest.randomGamePositions(rules, seed, 40, 250, null));
        ReferenceGenerator ref = new ReferenceGenerator(rules);
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 3000; i++) {
            all.add(ReferenceGeneratorTest.randomPlacement(rules, ref, random));
        }
        return all;
    }

    @ParameterizedTest
    @ValueSource(strings = {"international", "english", "czech", "russian", "brazilian"})
    void fenAndMoveTextRoundTrip(String variant) {
        DraughtsRules rules = (DraughtsRules) Games.rules(variant);
        ReferenceGenerator ref = new ReferenceGenerator(rules);
        boolean algebraic = rules.notation() == SquareNotation.ALGEBRAIC;
        String square = algebraic ? "[a-j](10|[1-9])" : "\\d{1,2}";
        String quietForm = square + "-" + square;
        String captureForm = square + "(" + (algebraic ? ":" : "x") + square + ")+";
        List<String> failures = new ArrayList<>();
        int positions = 0;
        int moves = 0;
        int longForms = 0;
        for (DraughtsPosition p : randomPositions(rules, variant.hashCode())) {
            positions++;
            String fen = p.toText();
            DraughtsPosition back = (DraughtsPosition) rules.parsePosition(fen);
            if (!back.equals(p) || !back.toText().equals(fen)) {
                failures.add("FEN " + fen + " reads back as " + back.toText());
            }
            for (Move move : p.legalMoves()) {
                DraughtsMove m = (DraughtsMove) move;
                moves++;
                String text = p.formatMove(m);
                if (!text.matches(m.isCapture() ? captureForm : quietForm)) {
                    failures.add("FEN " + fen + ": " + m + " written '" + text + "'");
                }
                try {
                    DraughtsMove parsed = p.parseMove(text);
                    if (!parsed.equals(m)) {
                        failures.add("FEN " + fen + ": " + m + " written '" + text + "' reads back as " + parsed);
                    }
                } catch (NotationException e) {
                    failures.add("FEN " + fen + ": " + m + " written '" + text + "' does not read back: "
                            + e.getMessage());
                }
                // The long form (every landing square) exactly when another move has the same ends.
                int squares = text.split("[-x:]").length;
                boolean ambiguous = p.legalMoves().stream().map(o -> (DraughtsMove) o)
                        .anyMatch(o -> !o.equals(m) && o.from() == m.from() && o.to() == m.to());
                if (ambiguous) {
                    longForms++;
                    if (squares != m.captureCount() + 1 || !validPath(ref, p, m, text)) {
                        failures.add("FEN " + fen + ": ambiguous " + m + " written '" + text
                                + "', not a path of " + m.captureCount() + " jumps");
                    }
                } else if (squares != 2) {
                    failures.add("FEN " + fen + ": unambiguous " + m + " written in long form '" + text + "'");
                }
                if (failures.size() > 10) {
                    fail(String.join("\n", failures));
                }
            }
        }
        if (!failures.isEmpty()) {
            fail(String.join("\n", failures));
        }
        System.out.println(variant + " notation: " + positions + " positions, " + moves + " moves, "
                + longForms + " long forms");
        assertTrue(positions > 4000 && moves > 20_000, positions + " positions, " + moves + " moves");
    }

    /**
     * Whether the long form is a real capture path of the move, checked on the reference's grid: each
     * step goes along a diagonal over exactly one piece of the captured set (each taken once), every
     * other square passed is empty (the start square counts as empty).
     */
    static boolean validPath(ReferenceGenerator ref, DraughtsPosition p, DraughtsMove m, String text) {
        String[] tokens = text.split("[-x:]");
        int[] path = new int[tokens.length];
        for (int i = 0; i < tokens.length; i++) {
            path[i] = Character.isDigit(tokens[i].charAt(0)) ? Integer.parseInt(tokens[i]) : ref.square(tokens[i]);
        }
        if (path[0] != m.from() || path[path.length - 1] != m.to()) {
            return false;
        }
        long taken = 0;
        for (int i = 0; i + 1 < path.length; i++) {
            int r = ref.row(path[i]);
            int c = ref.column(path[i]);
            int dr = Integer.signum(ref.row(path[i + 1]) - r);
            int dc = Integer.signum(ref.column(path[i + 1]) - c);
            if (Math.abs(ref.row(path[i + 1]) - r) != Math.abs(ref.column(path[i + 1]) - c) || dr == 0) {
                return false;
            }
            int jumped = 0;
            for (int rr = r + dr, cc = c + dc; rr != ref.row(path[i + 1]); rr += dr, cc += dc) {
                int s = ref.square(rr, cc);
                boolean occupied = s != m.from() && p.pieceAt(s) != 'e';
                if (occupied) {
                    long bit = 1L << (s - 1);
                    if ((m.captured() & bit) == 0 || (taken & bit) != 0 || jumped != 0) {
                        return false;
                    }
                    jumped = s;
                    taken |= bit;
                }
            }
            int land = path[i + 1];
            if (jumped == 0 || (land != m.from() && p.pieceAt(land) != 'e')) {
                return false;
            }
        }
        return taken == m.captured();
    }

    // ------------------------------------------------------------------ FEN forms

    @Test
    void fenRangesAreRead() {
        DraughtsPosition p = position("international", "W:W31-35,K40:B1,2");
        assertTrue(p.whiteToMove());
        for (int s = 1; s <= 50; s++) {
            char expected = (s >= 31 && s <= 35) ? 'w' : s == 40 ? 'W' : (s == 1 || s == 2) ? 'b' : 'e';
            assertEquals(expected, p.pieceAt(s), "square " + s);
        }
        assertEquals("W:W31,32,33,34,35,K40:B1,2", p.toText());
        // Quotes, spaces, a final full stop and the colours in either order are accepted too.
        assertEquals(p, position("international", "\"W:B1,2:W31, 32, 33, 34, 35, K40.\""));
    }

    @Test
    void startPositionsAsFen() {
        StringBuilder white = new StringBuilder();
        StringBuilder black = new StringBuilder();
        for (int s = 1; s <= 20; s++) {
            black.append(s == 1 ? "" : ",").append(s);
            white.append(s == 1 ? "" : ",").append(30 + s);
        }
        assertEquals("W:W" + white + ":B" + black, Games.rules("international").start().toText());
        // English: Black moves first.
        assertTrue(Games.rules("english").start().toText().startsWith("B:W21,22,"));
        // Czech and Russian write algebraic squares (square 21 is a3, 1 is b8).
        String czech = Games.rules("czech").start().toText();
        assertTrue(czech.startsWith("W:Wa3,c3,e3,g3,"), czech);
        assertTrue(czech.contains(":Bb8,d8,f8,h8,"), czech);
    }

    @Test
    void algebraicFenIsReadOnAnyBoard() {
        assertEquals(position("international", "W:W46:B5"), position("international", "W:Wa1:Bj10"));
        assertEquals(position("czech", "W:W22:BK1"), position("czech", "W:Wc3:BKb8"));
    }

    // ------------------------------------------------------------------ move text forms

    @ParameterizedTest
    @ValueSource(strings = {"czech", "russian"})
    void algebraicMoves(String variant) {
        DraughtsPosition start = (DraughtsPosition) Games.rules(variant).start();
        DraughtsMove c3d4 = new DraughtsMove(22, 18, 0L, false);
        assertEquals("c3-d4", start.formatMove(c3d4));
        assertEquals(c3d4, start.parseMove("c3-d4"));
        assertEquals(c3d4, start.parseMove("22-18"));

        DraughtsPosition p = position(variant, "W:Wc3:Bd4");
        DraughtsMove c3e5 = new DraughtsMove(22, 15, 1L << 17, false);
        assertEquals("c3:e5", p.formatMove(c3e5));
        assertEquals(c3e5, p.parseMove("c3:e5"));
        assertEquals(c3e5, p.parseMove("c3xe5"));
        assertEquals(c3e5, p.parseMove("22x15"));
        assertEquals(c3e5, p.parseMove("c3:e5!"));
    }

    @Test
    void numericMoves() {
        DraughtsPosition start = (DraughtsPosition) Games.rules("international").start();
        DraughtsMove m = new DraughtsMove(32, 28, 0L, false);
        assertEquals("32-28", start.formatMove(m));
        assertEquals(m, start.parseMove("32-28"));
        assertEquals(m, start.parseMove(" 32-28?! "));
        DraughtsPosition p = position("international", "W:W32:B28");
        DraughtsMove x = new DraughtsMove(32, 23, 1L << 27, false);
        assertEquals("32x23", p.formatMove(x));
        assertEquals(x, p.parseMove("32x23"));
    }

    @Test
    void longFormWhenTheShortFormIsAmbiguous() {
        // A man on 26 (d2) can take 22 and 14 via 17, or 23 and 15 via 19: both end on 10 (d6).
        String fen = "W:W26:B14,15,22,23";
        DraughtsMove left = new DraughtsMove(26, 10, (1L << 21) | (1L << 13), false);
        DraughtsMove right = new DraughtsMove(26, 10, (1L << 22) | (1L << 14), false);

        DraughtsPosition english = position("english", fen);
        assertEquals(List.of(left, right).size(), english.legalMoves().size());
        assertEquals("26x17x10", english.formatMove(left));
        assertEquals("26x19x10", english.formatMove(right));
        assertEquals(left, english.parseMove("26x17x10"));
        assertEquals(right, english.parseMove("26x19x10"));
        NotationException e = assertThrows(NotationException.class, () -> english.parseMove("26x10"));
        assertTrue(e.getMessage().contains("ambiguous move '26x10'"), e.getMessage());
        assertTrue(e.getMessage().contains("26x17x10") && e.getMessage().contains("26x19x10"), e.getMessage());

        DraughtsPosition czech = position("czech", fen);
        assertEquals("d2:b4:d6", czech.formatMove(left));
        assertEquals("d2:f4:d6", czech.formatMove(right));
        assertEquals(right, czech.parseMove("d2:f4:d6"));
        NotationException ce = assertThrows(NotationException.class, () -> czech.parseMove("d2:d6"));
        assertTrue(ce.getMessage().contains("ambiguous"), ce.getMessage());
    }

    /**
     * Known bug in DraughtsNotation.parse (found by the round trip above, variants without majority
     * capture): when a shorter capture's complete long form is also a sub-sequence of a longer
     * capture's path between the same squares, or is a single jump whose long form is the short form,
     * reading back the text the notation itself wrote fails as "ambiguous".
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = ';', value = {
        // King on 2 takes 7 then 8 (2x11x4); or 6, 14, 15, 8 (2x9x18x11x4): both end on 4.
        "english; W:WK2:B6,7,8,14,15",
        // Flying king on c3 takes d2 to e1 (one jump, long form c3:e1), or circles d4, d6, b6, d2 to e1.
        "russian; W:WKc3:Bb6,d6,d4,d2",
        "czech; W:WKc3:Bb6,d6,d4,d2"})
    void everyWrittenCaptureReadsBack(String variant, String fen) {
        DraughtsPosition p = position(variant, fen);
        for (Move move : p.legalMoves()) {
            String text = p.formatMove(move);
            NotationException error = null;
            Move back = null;
            try {
                back = p.parseMove(text);
            } catch (NotationException e) {
                error = e;
            }
            assertEquals(move, back, "in " + fen + " the move " + move + " is written '" + text + "' which reads "
                    + (error == null ? "back as " + back : "back as an error: " + error.getMessage()));
        }
    }

    // ------------------------------------------------------------------ errors

    static void assertError(String expectedInMessage, Runnable action) {
        NotationException e = assertThrows(NotationException.class, action::run);
        assertTrue(e.getMessage().contains(expectedInMessage),
                "message '" + e.getMessage() + "' should contain '" + expectedInMessage + "'");
    }

    @Test
    void malformedFen() {
        Rules rules = Games.rules("international");
        assertError("malformed FEN 'X:W31:B1': must start with the side to move", () -> rules.parsePosition("X:W31:B1"));
        assertError("malformed FEN", () -> rules.parsePosition(""));
        assertError("section 2 'Q31' must start with W or B", () -> rules.parsePosition("W:Q31:B1"));
        assertError("colour W is listed twice", () -> rules.parsePosition("W:W31:B1:W32"));
        assertError("empty square in the list of W", () -> rules.parsePosition("W:W31,,32:B1"));
        assertError("range '35-31' goes backwards", () -> rules.parsePosition("W:W35-31:B1"));
        assertError("square 31 is given twice", () -> rules.parsePosition("W:W31:B31"));
    }

    @Test
    void unknownSquareInFen() {
        assertError("'51' is not a square of the 10x10 board", () -> Games.rules("international").parsePosition("W:W51:B1"));
        assertError("'33' is not a square of the 8x8 board", () -> Games.rules("english").parsePosition("B:W33:B1"));
        assertError("'a2' is not a square", () -> Games.rules("czech").parsePosition("W:Wa2:Bb8"));
        assertError("'z9' is not a square", () -> Games.rules("russian").parsePosition("W:Wz9:Bb8"));
    }

    @Test
    void badMoveText() {
        DraughtsPosition start = (DraughtsPosition) Games.rules("international").start();
        assertError("unparsable move 'hello'", () -> start.parseMove("hello"));
        assertError("unparsable move '32'", () -> start.parseMove("32"));
        assertError("'99' is not a square of the 10x10 board", () -> start.parseMove("32-99"));
        assertError("'a2' is not a square", () -> start.parseMove("a2-b3"));
    }

    @Test
    void illegalMoves() {
        DraughtsPosition start = (DraughtsPosition) Games.rules("international").start();
        assertError("illegal move '32-23'", () -> start.parseMove("32-23"));
        assertError("no legal move goes from 32 to 23", () -> start.parseMove("32-23"));
        assertError("no legal move goes from 46 to 41", () -> start.parseMove("46-41"));
        // A capture is compulsory: the quiet move is illegal.
        DraughtsPosition capture = position("international", "W:W32,45:B27");
        assertError("no legal move goes from 45 to 40", () -> capture.parseMove("45-40"));
        // A long form naming squares no capture path visits.
        DraughtsPosition s0 = position("international", "W:W36:B31,32");
        assertError("no capture path lands on those squares", () -> s0.parseMove("36x31x38"));
        // Algebraic variants name squares algebraically.
        DraughtsPosition czech = (DraughtsPosition) Games.rules("czech").start();
        assertError("no legal move goes from c3 to c5", () -> czech.parseMove("c3-c5"));
        assertError("the game is over", () -> position("international", "W:W:B1").parseMove("1-6"));
    }

    @Test
    void unknownVariantOrRule() {
        assertError("unknown game variant 'chess960'", () -> Games.rules("chess960"));
        assertError("unknown rule 'flying'", () -> Games.rules("international", Map.of("flying", "true")));
        assertError("rule majorityCapture must be true or false; got 'yes'",
                () -> Games.rules("english", Map.of("majorityCapture", "yes")));
        assertError("rule capturePromotion must be one of",
                () -> Games.rules("english", Map.of("capturePromotion", "fly")));
    }
}

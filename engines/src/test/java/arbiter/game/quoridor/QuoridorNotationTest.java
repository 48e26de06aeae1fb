package arbiter.game.quoridor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.game.Move;
import arbiter.game.NotationException;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class QuoridorNotationTest {
    private static final QuoridorRules STANDARD = QuoridorRules.STANDARD;

    @Test
    void positionAndMoveTextRoundTripOnRandomPositions() {
        SplittableRandom random = new SplittableRandom(3);
        int moves = 0;
        for (QuoridorRules rules : QuoridorGeneratorTest.ruleSets()) {
            for (QuoridorPosition p : QuoridorGeneratorTest.randomPositions(rules, random, 150)) {
                QuoridorPosition back = rules.parsePosition(p.toText());
                assertEquals(p, back, p.toText());
                assertEquals(p.toText(), back.toText());
                assertEquals(p.hash(), back.hash());
                for (Move m : p.legalMoves()) {
                    String text = p.formatMove(m);
                    assertEquals(m, p.parseMove(text), text);
                    assertEquals(m, p.parseMove(" " + text.toUpperCase() + " "), text);
                    moves++;
                }
            }
        }
        assertTrue(moves > 50_000, "moves " + moves);
    }

    @Test
    void moveAndPositionTextExamples() {
        QuoridorPosition p = STANDARD.start();
        p = p.play(p.parseMove("e2"));
        p = p.play(p.parseMove("e3h"));
        assertEquals("e2,e9/10,9/e3h/1", p.toText());
        QuoridorPosition q = STANDARD.parsePosition(" E2, E9 / 10, 8 / e4v, E3H / 1 ");
        assertEquals("e2,e9/10,8/e3h,e4v/1", q.toText());
        assertEquals(new QuoridorMove.Wall(4, 2, true), STANDARD.start().parseMove("e3h"));
        assertEquals(new QuoridorMove.Step(4, 1), STANDARD.start().parseMove("e2"));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "",
        "e1,e9/10,10/-",
        "e1,e9/10,10/-/1/x",
        "e1/10,10/-/1",
        "e1,e9,e5/10,10/-/1",
        "e1,j9/10,10/-/1",
        "e1,e10/10,10/-/1",
        "e1,e1/10,10/-/1",
        "e1,e9/10/-/1",
        "e1,e9/11,10/-/1",
        "e1,e9/x,10/-/1",
        "e1,e9/10,10/e3h/1",
        "e1,e9/9,10/e1h/1",
        "e1,e9/9,10/i3h/1",
        "e1,e9/9,10/e3x/1",
        "e1,e9/8,10/e3h,e3v/1",
        "e1,e9/8,10/e3h,f3h/1",
        "e1,e9/10,10/-/3",
        "e1,e9/10,10/-/0",
        "e1,e9/10,10/-/w",
        "e1,e9/8,8/b5h,d5h,f5h,h5h,a6h,a5v/1",
        "e9,e1/10,10/-/1",
    })
    void malformedPositionsAreRefusedClearly(String text) {
        NotationException e = assertThrows(NotationException.class, () -> STANDARD.parsePosition(text));
        assertTrue(e.getMessage().startsWith("malformed Quoridor position '" + text + "': "), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "x", "e", "e0", "j1", "e10", "e3x", "e3hv", "e2-e3", "pas"})
    void unparsableMovesAreRefusedClearly(String text) {
        NotationException e = assertThrows(NotationException.class, () -> STANDARD.start().parseMove(text));
        assertTrue(e.getMessage().startsWith("unparsable Quoridor move '" + text + "': "), e.getMessage());
    }

    @Test
    void illegalMovesSayWhy() {
        QuoridorPosition start = STANDARD.start();
        assertTrue(assertThrows(NotationException.class, () -> start.parseMove("e5")).getMessage()
                .endsWith("White's pawn on e1 cannot reach e5"));
        assertTrue(assertThrows(NotationException.class, () -> start.parseMove("e1h")).getMessage()
                .contains("anchor is its north-west square: files a-h, ranks 2-9"));
        assertTrue(assertThrows(NotationException.class, () -> start.parseMove("i3v")).getMessage()
                .contains("anchor"));
        QuoridorPosition noWalls = QuoridorGeneratorTest.rules(Map.of("walls", "0")).start();
        assertTrue(assertThrows(NotationException.class, () -> noWalls.parseMove("e3h")).getMessage()
                .endsWith("White has no walls left"));
        QuoridorPosition small = QuoridorGeneratorTest.rules(Map.of("boardSize", "5")).start();
        assertTrue(assertThrows(NotationException.class, () -> small.parseMove("f1")).getMessage()
                .contains("not a square of the 5x5 board"));
    }
}

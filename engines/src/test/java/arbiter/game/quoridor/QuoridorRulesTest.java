package arbiter.game.quoridor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.game.EndReason;
import arbiter.game.GameFamily;
import arbiter.game.Games;
import arbiter.game.Move;
import arbiter.game.NotationException;
import arbiter.game.Outcome;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class QuoridorRulesTest {
    private static final QuoridorRules STANDARD = QuoridorRules.STANDARD;
    private static final QuoridorRules NO_DIAGONALS = QuoridorGeneratorTest.rules(Map.of("diagonalJumps", "false"));

    /** The pawn moves of a position, as text, sorted. */
    private static Set<String> pawnMoves(QuoridorPosition p) {
        Set<String> set = new TreeSet<>();
        for (Move m : p.legalMoves()) {
            if (!(m instanceof QuoridorMove.Wall)) {
                set.add(p.formatMove(m));
            }
        }
        return set;
    }

    private static boolean legal(QuoridorPosition p, String move) {
        for (Move m : p.legalMoves()) {
            if (p.formatMove(m).equals(move)) {
                return true;
            }
        }
        return false;
    }

    @Test
    void variantAndParameters() {
        assertEquals(GameFamily.QUORIDOR, Games.rules("quoridor").family());
        assertEquals(0, STANDARD.repetitionLimit());
        assertEquals(Map.of("boardSize", "9", "walls", "10", "diagonalJumps", "true", "players", "2"),
                STANDARD.parameters());
        QuoridorRules four = QuoridorGeneratorTest.rules(Map.of("players", "4"));
        assertEquals(5, four.walls());
        assertEquals(4, four.playerCount());
        assertEquals("West", four.playerName(1));
        assertEquals(3, QuoridorGeneratorTest.rules(Map.of("players", "4", "walls", "3")).walls());
        assertThrows(NotationException.class, () -> Games.rules("quoridor", Map.of("boardSize", "8")));
        assertThrows(NotationException.class, () -> Games.rules("quoridor", Map.of("boardSize", "11")));
        assertThrows(NotationException.class, () -> Games.rules("quoridor", Map.of("players", "3")));
        assertThrows(NotationException.class, () -> Games.rules("quoridor", Map.of("walls", "-1")));
        assertThrows(NotationException.class, () -> Games.rules("quoridor", Map.of("diagonalJumps", "maybe")));
        NotationException unknown = assertThrows(NotationException.class,
                () -> Games.rules("quoridor", Map.of("wallz", "3")));
        assertTrue(unknown.getMessage().contains("boardSize, walls, diagonalJumps, players"), unknown.getMessage());
    }

    @Test
    void startPosition() {
        QuoridorPosition start = STANDARD.start();
        assertEquals("e1,e9/10,10/-/1", start.toText());
        assertEquals(Set.of("d1", "e2", "f1"), pawnMoves(start));
        assertEquals(8, start.distanceToGoal(0));
        assertNull(start.outcome());
        QuoridorPosition four = QuoridorGeneratorTest.rules(Map.of("players", "4")).start();
        assertEquals("e1,a5,e9,i5/5,5,5,5/-/1", four.toText());
        assertEquals(131, four.legalMoves().size());
    }

    @Test
    void straightJumpOverAnAdjacentPawn() {
        QuoridorPosition p = STANDARD.parsePosition("e4,e5/10,10/-/1");
        assertEquals(Set.of("d4", "e3", "e6", "f4"), pawnMoves(p));
    }

    @Test
    void diagonalJumpWhenAWallIsBehindThePawn() {
        // e6h separates e6 from e5: no straight jump over the pawn on e5.
        QuoridorPosition p = STANDARD.parsePosition("e4,e5/10,9/e6h/1");
        assertEquals(Set.of("d4", "d5", "e3", "f4", "f5"), pawnMoves(p));
        QuoridorPosition off = NO_DIAGONALS.parsePosition("e4,e5/10,9/e6h/1");
        assertEquals(Set.of("d4", "e3", "f4"), pawnMoves(off));
    }

    @Test
    void diagonalJumpAtTheEdge() {
        QuoridorPosition p = STANDARD.parsePosition("e8,e9/10,10/-/1");
        assertTrue(pawnMoves(p).containsAll(Set.of("d9", "f9")), pawnMoves(p).toString());
        assertEquals(Set.of("d8", "d9", "e7", "f8", "f9"), pawnMoves(p));
        QuoridorPosition off = NO_DIAGONALS.parsePosition("e8,e9/10,10/-/1");
        assertEquals(Set.of("d8", "e7", "f8"), pawnMoves(off));
    }

    @Test
    void diagonalJumpBlockedByAWallOnOneSide() {
        // d6v separates d5 from e5 (and d6 from e6): only the east side is left.
        QuoridorPosition p = STANDARD.parsePosition("e4,e5/10,8/d6v,e6h/1");
        assertEquals(Set.of("d4", "e3", "f4", "f5"), pawnMoves(p));
    }

    @Test
    void wallsAreTwoCellsLongAndBlockBothCells() {
        // e3h separates e3|e2 and f3|f2.
        QuoridorPosition p = STANDARD.parsePosition("e2,e9/9,10/e3h/1");
        assertFalse(pawnMoves(p).contains("e3"));
        QuoridorPosition q = STANDARD.parsePosition("f2,e9/9,10/e3h/1");
        assertFalse(pawnMoves(q).contains("f3"));
        QuoridorPosition r = STANDARD.parsePosition("g2,e9/9,10/e3h/1");
        assertTrue(pawnMoves(r).contains("g3"));
        // e3v separates e3|f3 and e2|f2.
        QuoridorPosition v = STANDARD.parsePosition("e2,e9/9,10/e3v/1");
        assertEquals(Set.of("d2", "e1", "e3"), pawnMoves(v));
    }

    @Test
    void wallsMayNotOverlapOrCross() {
        QuoridorPosition p = STANDARD.start().play(STANDARD.start().parseMove("e3h"));
        assertEquals(9, p.wallsLeft(0));
        for (String bad : List.of("e3h", "d3h", "f3h", "e3v")) {
            assertFalse(legal(p, bad), bad);
            NotationException e = assertThrows(NotationException.class, () -> p.parseMove(bad));
            assertTrue(e.getMessage().contains(bad.equals("e3v") ? "crosses e3h" : "overlaps e3h"), e.getMessage());
        }
        for (String fine : List.of("c3h", "g3h", "e2h", "e4h", "d3v", "f3v", "e2v", "e4v")) {
            assertTrue(legal(p, fine), fine);
        }
        QuoridorPosition v = STANDARD.start().play(STANDARD.start().parseMove("e3v"));
        for (String bad : List.of("e2v", "e3v", "e4v", "e3h")) {
            assertFalse(legal(v, bad), bad);
        }
        assertTrue(legal(v, "e5v"));
        assertTrue(legal(v, "e1v") == false, "rank 1 is no anchor");
        assertTrue(legal(v, "d3h") && legal(v, "f3h"), "T-junctions are fine");
    }

    @Test
    void aWallThatCutsOffAPlayerIsIllegal() {
        // b5h, d5h, f5h, h5h close ranks 4|5 except on file a; a6h closes a5|a6 and b5|b6.
        QuoridorPosition p = STANDARD.parsePosition("e1,e9/7,8/b5h,d5h,f5h,h5h,a6h/1");
        assertFalse(legal(p, "a5v"));
        NotationException e = assertThrows(NotationException.class, () -> p.parseMove("a5v"));
        assertTrue(e.getMessage().contains("no path"), e.getMessage());
        QuoridorPosition before = STANDARD.parsePosition("e1,e9/8,8/b5h,d5h,f5h,h5h/1");
        assertTrue(legal(before, "a5v"));
        assertEquals(14, p.distanceToGoal(0));
    }

    @Test
    void reachingTheGoalRowWins() {
        QuoridorPosition p = STANDARD.parsePosition("e8,a5/10,10/-/1");
        QuoridorPosition won = p.play(p.parseMove("e9"));
        assertEquals(new Outcome.Win(0, EndReason.GOAL_REACHED), won.outcome());
        assertTrue(won.legalMoves().isEmpty());
        assertEquals(0, won.perft(1));
        QuoridorPosition black = STANDARD.parsePosition("a5,e2/10,10/-/2");
        assertEquals(new Outcome.Win(1, EndReason.GOAL_REACHED), black.play(black.parseMove("e1")).outcome());
    }

    @Test
    void aPlayerWithNoMoveAtAllPasses() {
        QuoridorRules rules = QuoridorGeneratorTest.rules(Map.of("walls", "2", "diagonalJumps", "false"));
        QuoridorPosition p = rules.parsePosition("e4,e5/0,0/d4v,e4h,e5v,e6h/1");
        assertEquals(List.of(new QuoridorMove.Pass()), p.legalMoves());
        assertEquals(new QuoridorMove.Pass(), p.parseMove("pass"));
        QuoridorPosition after = p.play(new QuoridorMove.Pass());
        assertEquals("e4,e5/0,0/d4v,e4h,e5v,e6h/2", after.toText());
        assertThrows(NotationException.class, () -> STANDARD.start().parseMove("pass"));
    }

    @Test
    void wallsAreIrreversiblePawnMovesAreNot() {
        QuoridorPosition start = STANDARD.start();
        assertTrue(start.isIrreversible(start.parseMove("a2h")));
        assertFalse(start.isIrreversible(start.parseMove("e2")));
    }

    @Test
    void fourPlayersTakeTurnsClockwise() {
        QuoridorRules rules = QuoridorGeneratorTest.rules(Map.of("players", "4"));
        QuoridorPosition p = rules.start();
        p = p.play(p.parseMove("e2"));
        assertEquals(1, p.sideToMove());
        assertTrue(legal(p, "b5"));
        p = p.play(p.parseMove("b5"));
        p = p.play(p.parseMove("e8"));
        p = p.play(p.parseMove("h5"));
        assertEquals(0, p.sideToMove());
        assertEquals("e2,b5,e8,h5/5,5,5,5/-/1", p.toText());
        QuoridorPosition west = rules.parsePosition("e1,h5,e9,i2/5,5,5,5/-/2");
        assertEquals(new Outcome.Win(1, EndReason.GOAL_REACHED), west.play(west.parseMove("i5")).outcome());
    }
}

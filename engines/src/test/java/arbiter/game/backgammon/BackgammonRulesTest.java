package arbiter.game.backgammon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.game.EndReason;
import arbiter.game.Games;
import arbiter.game.GameFamily;
import arbiter.game.Move;
import arbiter.game.NotationException;
import arbiter.game.Outcome;
import arbiter.game.Position;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class BackgammonRulesTest {
    private static final BackgammonRules RULES = BackgammonRules.STANDARD;

    private static BackgammonPosition position(String text) {
        return RULES.parsePosition(text);
    }

    /** The legal moves as text, sorted. */
    private static Set<String> moves(BackgammonPosition p) {
        Set<String> set = new TreeSet<>();
        for (Move m : p.legalMoves()) {
            set.add(p.formatMove(m));
        }
        return set;
    }

    @Test
    void registeredAsAVariant() {
        assertEquals(GameFamily.BACKGAMMON, Games.rules("backgammon").family());
        assertEquals(0, RULES.repetitionLimit());
        assertEquals(Map.of("gammons", "false"), Games.rules("backgammon", Map.of("gammons", "false")).parameters());
        assertThrows(NotationException.class, () -> Games.rules("backgammon", Map.of("cube", "true")));
    }

    @Test
    void startAwaitsTheOpeningRoll() {
        BackgammonPosition start = RULES.start();
        assertEquals("O:W24x2,13x5,8x3,6x5:B24x2,13x5,8x3,6x5:-", start.toText());
        assertTrue(start.needsDice());
        assertTrue(start.legalMoves().isEmpty());
        assertNull(start.outcome());
    }

    @Test
    void openingRollDecidesWhoStartsAndTiesAreRefused() {
        BackgammonPosition start = RULES.start();
        BackgammonPosition white = start.withDice(3, 1);
        assertEquals(0, white.sideToMove());
        assertFalse(white.needsDice());
        assertEquals(16, white.legalMoves().size());
        assertTrue(moves(white).contains("8/5 6/5"));
        BackgammonPosition black = start.withDice(1, 3);
        assertEquals(1, black.sideToMove());
        assertEquals(moves(white), moves(black));
        NotationException tie = assertThrows(NotationException.class, () -> start.withDice(4, 4));
        assertTrue(tie.getMessage().contains("tie"), tie.getMessage());
    }

    @Test
    void impossibleDiceAreRefused() {
        BackgammonPosition start = RULES.start();
        assertThrows(NotationException.class, () -> start.withDice(7, 1));
        assertThrows(NotationException.class, () -> start.withDice(0, 3));
        BackgammonPosition rolled = start.withDice(6, 5);
        assertThrows(IllegalStateException.class, () -> rolled.withDice(6, 5));
    }

    @Test
    void doublesPlayFourTimes() {
        BackgammonPosition p = position("W:W24x2,13x5,8x3,6x5:B24x2,13x5,8x3,6x5:55");
        // (13/8 steps, 8/3 steps) = (4,0), (3,1), (2,2), (1,3): the 8-point has only three checkers.
        assertEquals(Set.of("13/8(4)", "13/8(2) 13/3", "13/3(2)", "13/3 8/3(2)"), moves(p));
        for (Move m : p.legalMoves()) {
            assertEquals(4, ((BackgammonMove) m).steps().size());
        }
    }

    @Test
    void whenOnlyOneDieCanBeUsedItMustBeTheLarger() {
        // Either die alone can move the checker on 16, but never both: 5 is blocked.
        BackgammonPosition p = position("W:W16,2x7,1x7:B20x2,6x13:65");
        assertEquals(Set.of("16/10"), moves(p));
        assertThrows(NotationException.class, () -> p.parseMove("16/11"));
        // With the 6 blocked too, the 5 is played.
        BackgammonPosition q = position("W:W16,2x7,1x7:B20x2,15x2,6x11:65");
        assertEquals(Set.of("16/11"), moves(q));
    }

    @Test
    void asManyDiceAsPossibleMustBeUsed() {
        // 13/9 would leave the 2 unplayable; playing both dice is possible, so it is illegal.
        BackgammonPosition p = position("W:W13,8,2x13:B24x11,19x2,18x2:42");
        assertEquals(Set.of("13/11 8/4", "8/2"), moves(p));
        assertThrows(NotationException.class, () -> p.parseMove("13/9"));
    }

    @Test
    void checkersOnTheBarEnterFirst() {
        BackgammonPosition p = position("W:Wbar,24,13x5,8x3,6x5:B24x2,13x5,8x3,6x4,5:61");
        assertFalse(p.legalMoves().isEmpty());
        for (Move m : p.legalMoves()) {
            assertEquals(BackgammonMove.BAR, ((BackgammonMove) m).steps().get(0).from(), p.formatMove(m));
        }
        assertTrue(moves(p).contains("bar/24 13/7"));
        assertTrue(moves(p).contains("bar/18"));
        // Two on the bar, only the 5 enters: one checker enters and the 6 is lost.
        BackgammonPosition two = position("W:Wbarx2,13x5,8x3,6x5:B13x13,6x2:65");
        assertEquals(Set.of("bar/20"), moves(two));
    }

    @Test
    void aClosedBoardLeavesOnlyThePass() {
        BackgammonPosition p = position("W:Wbar,13x4,8x5,6x5:B6x3,5x3,4x2,3x2,2x2,1x3:64");
        assertEquals(List.of(BackgammonMove.PASS), p.legalMoves());
        assertEquals("pass", p.formatMove(BackgammonMove.PASS));
        assertEquals(BackgammonMove.PASS, p.parseMove("pass"));
        assertEquals(BackgammonMove.PASS, p.parseMove(""));
        BackgammonPosition after = p.play(BackgammonMove.PASS);
        assertEquals("B:Wbar,13x4,8x5,6x5:B6x3,5x3,4x2,3x2,2x2,1x3:-", after.toText());
        BackgammonPosition open = position("W:W13x5,8x5,6x5:B6x3,5x3,4x2,3x2,2x2,1x3:64");
        assertThrows(NotationException.class, () -> open.parseMove("pass"));
    }

    @Test
    void bearingOffUsesALargerDieOnlyFromTheHighestPoint() {
        BackgammonPosition p = position("W:W6,3:B1x15:54");
        assertEquals(Set.of("6/1 3/off", "6/2 3/off"), moves(p));
        BackgammonPosition low = position("W:W2,1:B1x15:65");
        assertEquals(Set.of("2/off 1/off"), moves(low));
        // Not all home: the first die must bring the checker on 7 home before anything bears off.
        BackgammonPosition notHome = position("W:W7,2,1:B1x15:65");
        assertEquals(Set.of("7/1 2/off", "7/off"), moves(notHome));
        assertEquals(notHome.parseMove("7/off"), notHome.parseMove("7/2 2/off"));
    }

    @Test
    void hittingSendsTheBlotToTheBar() {
        BackgammonPosition p = position("W:W24x2,13x5,8x3,6x5:B24x2,13x5,8x3,6x4,14:21");
        // Black's 14 is White's 11: 13/11* hits it.
        Move hit = p.parseMove("13/11* 6/5");
        assertEquals("13/11* 6/5", p.formatMove(hit));
        BackgammonPosition after = p.play(hit);
        assertEquals(1, after.bar(1));
        assertEquals(0, after.checkers(1, 14));
        assertEquals(1, after.sideToMove());
        assertTrue(after.needsDice());
    }

    @Test
    void hitsOnTheWayAreShownAndParsed() {
        // Black blots on White's 21 and 23: 24/20 must hit on the way, either way round.
        BackgammonPosition p = position("W:W24,6x14:B4,2,6x13:31");
        Set<String> all = moves(p);
        assertTrue(all.contains("24/21*/20"), all.toString());
        assertTrue(all.contains("24/23*/20"), all.toString());
        NotationException e = assertThrows(NotationException.class, () -> p.parseMove("24/20"));
        assertTrue(e.getMessage().startsWith("ambiguous move '24/20'"), e.getMessage());
        assertEquals(p.parseMove("24/21*/20"), p.parseMove("24/21/20"));
    }

    @Test
    void pathsToTheSamePositionAreOneMove() {
        BackgammonPosition p = RULES.start().withDice(3, 1);
        Set<BackgammonPosition> results = new HashSet<>();
        for (Move m : p.legalMoves()) {
            results.add(p.play(m));
        }
        assertEquals(p.legalMoves().size(), results.size());
        assertEquals(1, moves(p).stream().filter("24/20"::equals).count());
        assertEquals(p.parseMove("24/20"), p.parseMove("24/23 23/20"));
        assertEquals(p.parseMove("24/20"), p.parseMove("24/21 21/20"));
        assertEquals(p.parseMove("8/5 6/5"), p.parseMove("6/5 8/5"));
    }

    @Test
    void winsScoreSingleGammonAndBackgammon() {
        assertWin("W:W1:B6x14:21", 1);
        assertWin("W:W1:B6x15:21", 2);
        assertWin("W:W1:B6x14,19:21", 3);
        assertWin("W:W1:B6x14,bar:21", 3);
        BackgammonRules single = RULES.withOverrides(Map.of("gammons", "false"));
        Position p = single.parsePosition("W:W1:B6x14,19:21");
        Outcome outcome = p.play(p.legalMoves().get(0)).outcome();
        assertEquals(new Outcome.Win(0, EndReason.BORNE_OFF, 1), outcome);
    }

    private static void assertWin(String text, int points) {
        BackgammonPosition p = position(text);
        assertEquals(Set.of("1/off"), moves(p));
        BackgammonPosition end = p.play(p.legalMoves().get(0));
        assertEquals(new Outcome.Win(0, EndReason.BORNE_OFF, points), end.outcome());
        assertFalse(end.needsDice());
        assertTrue(end.legalMoves().isEmpty());
        assertEquals(0, end.perft(1));
    }

    @Test
    void perftAgreesWithPlayingMovesThroughTheApi() {
        SplittableRandom random = new SplittableRandom(7);
        List<BackgammonPosition> games = RandomGames.game(random);
        for (int i = 0; i < games.size(); i += Math.max(1, games.size() / 12)) {
            BackgammonPosition rolled = games.get(i);
            assertEquals(slowPerft(rolled, 2), rolled.perft(2), rolled.toText());
        }
        BackgammonPosition start = RULES.start();
        assertEquals(slowPerft(start, 1), start.perft(1));
    }

    /** Perft through legalMoves/play/withDice: the 21 rolls (30 at the opening) are chance children. */
    private static long slowPerft(BackgammonPosition p, int depth) {
        if (p.outcome() != null) {
            return 0;
        }
        if (p.needsDice()) {
            long sum = 0;
            for (int a = 1; a <= 6; a++) {
                for (int b = 1; b <= 6; b++) {
                    if (p.isOpening() ? a != b : a >= b) {
                        sum += slowPerft(p.withDice(a, b), depth);
                    }
                }
            }
            return sum;
        }
        if (depth == 1) {
            return p.legalMoves().size();
        }
        long sum = 0;
        for (Move m : p.legalMoves()) {
            sum += slowPerft(p.play(m), depth - 1);
        }
        return sum;
    }

    @Test
    void perftFromTheOpening() {
        BackgammonPosition start = RULES.start();
        // 15 distinct opening rolls, each played by either side, equal move counts by symmetry.
        long perOpeningRoll = 0;
        for (int a = 2; a <= 6; a++) {
            for (int b = 1; b < a; b++) {
                perOpeningRoll += start.withDice(a, b).legalMoves().size();
            }
        }
        assertEquals(2 * perOpeningRoll, start.perft(1));
        assertEquals(slowPerft(start, 2), start.perft(2));
    }

    @Test
    void hashesFollowEquality() {
        BackgammonPosition a = RULES.start().withDice(6, 5);
        BackgammonPosition b = RULES.start().withDice(6, 5);
        assertEquals(a, b);
        assertEquals(a.hash(), b.hash());
        assertFalse(a.hash() == RULES.start().hash());
        assertFalse(a.hash() == RULES.start().withDice(5, 6).hash(), "side to move differs");
    }
}

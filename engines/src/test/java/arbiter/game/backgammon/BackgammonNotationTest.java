package arbiter.game.backgammon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.game.Move;
import arbiter.game.NotationException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BackgammonNotationTest {
    private static final BackgammonRules RULES = BackgammonRules.STANDARD;

    private static List<BackgammonPosition> randomPositions() {
        SplittableRandom random = new SplittableRandom(99);
        List<BackgammonPosition> positions = new ArrayList<>();
        for (int game = 0; game < 6; game++) {
            for (BackgammonPosition rolled : RandomGames.game(random)) {
                positions.add(rolled);
                BackgammonPosition after = rolled.play(rolled.legalMoves().get(0));
                positions.add(after); // awaiting dice, or the finished game
            }
        }
        positions.add(RULES.start());
        return positions;
    }

    @Test
    void positionTextRoundTrips() {
        for (BackgammonPosition p : randomPositions()) {
            BackgammonPosition back = RULES.parsePosition(p.toText());
            assertEquals(p, back, p.toText());
            assertEquals(p.toText(), back.toText());
            assertEquals(p.hash(), back.hash());
        }
    }

    @Test
    void moveTextRoundTrips() {
        int moves = 0;
        for (BackgammonPosition p : randomPositions()) {
            for (Move m : p.legalMoves()) {
                String text = p.formatMove(m);
                assertEquals(m, p.parseMove(text), () -> text + " in " + p.toText());
                // The one-step-per-die form reads back too.
                assertEquals(m, p.parseMove(m.toString()), () -> m + " in " + p.toText());
                moves++;
            }
        }
        assertTrue(moves > 1000, "moves checked: " + moves);
    }

    @Test
    void commonVariantsAreRead() {
        BackgammonPosition p = RULES.parsePosition("W:W24x2,13x5,8x3,6x5:B24x2,13x5,8x3,6x5:33");
        Move pointOn5 = p.parseMove("8/5(2) 6/3(2)");
        assertEquals(pointOn5, p.parseMove("8/5 8/5 6/3 6/3"));
        assertEquals(pointOn5, p.parseMove(" 6/3, 8/5 6-3 8-5 "));
        assertEquals("8/5(2) 6/3(2)", p.formatMove(pointOn5));
        assertEquals(p.parseMove("24/21(2) 13/10(2)"), p.parseMove("13/10(2) 24/21(2)"));
        assertEquals(p.parseMove("24/15 13/10"), p.parseMove("24/21/18/15 13/10"));

        BackgammonPosition bar = RULES.parsePosition("W:Wbar,24,13x5,8x3,6x5:B24x2,13x5,8x3,6x4,5:61");
        Move enter = bar.parseMove("bar/24 13/7");
        assertEquals(enter, bar.parseMove("25/24 13/7"));
        assertEquals(enter, bar.parseMove("BAR/24 13/7"));
        assertEquals(enter, bar.parseMove("b/24 13/7"));

        BackgammonPosition home = RULES.parsePosition("W:W6,3:B1x15:54");
        assertEquals(home.parseMove("6/2 3/off"), home.parseMove("6/2 3/0"));
        assertEquals(home.parseMove("6/2 3/off"), home.parseMove("3/o 6/2"));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "",
        "X:W24x2:B24x2:-",
        "W:W24x2,13x5,8x3,6x5",
        "W:B24x2:W24x2:-",
        "W:W24x16:B6:-",
        "W:W24x2,24x3:B6:-",
        "W:W26:B6:-",
        "W:W0:B6:-",
        "W:W6x0:B6:-",
        "W:Wabc:B6:-",
        "W:W6:B19:-",
        "W:W6:B6:71",
        "W:W6:B6:03",
        "W:W6:B6:6-5-4",
        "O:W6:B6:65",
        "W:W:B6:65",
        "W:W:B:-",
        "W:W6:B6:-:extra",
    })
    void malformedPositionTextIsRefusedClearly(String text) {
        NotationException e = assertThrows(NotationException.class, () -> RULES.parsePosition(text));
        assertTrue(e.getMessage().startsWith("malformed backgammon position '" + text + "': "), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void impossibleDiceAreNamed() {
        NotationException seven = assertThrows(NotationException.class, () -> RULES.parsePosition("W:W6:B6:71"));
        assertTrue(seven.getMessage().contains("impossible dice 7-1"), seven.getMessage());
        NotationException zero = assertThrows(NotationException.class, () -> Dice.parse("0-3"));
        assertEquals("impossible dice 0-3: each die must be 1 to 6", zero.getMessage());
        assertThrows(NotationException.class, () -> Dice.parse("6"));
        assertThrows(NotationException.class, () -> Dice.parse("six-five"));
        assertEquals(new Dice(6, 5), Dice.parse("6-5"));
        assertEquals(new Dice(5, 6), Dice.parse("56"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"24/x", "abc", "24", "24/25", "18/24", "13/7(5)", "13/7(2", "off/3", "27/21"})
    void unparsableMovesAreRefusedClearly(String text) {
        BackgammonPosition p = RULES.start().withDice(6, 5);
        NotationException e = assertThrows(NotationException.class, () -> p.parseMove(text));
        assertTrue(e.getMessage().startsWith("unparsable backgammon move '" + text + "': "), e.getMessage());
    }

    @Test
    void illegalMovesAreRefusedClearly() {
        BackgammonPosition p = RULES.start().withDice(6, 5);
        NotationException wrongDice = assertThrows(NotationException.class, () -> p.parseMove("24/20 13/8"));
        assertTrue(wrongDice.getMessage().startsWith("illegal move '24/20 13/8' in position "), wrongDice.getMessage());
        NotationException noChecker = assertThrows(NotationException.class, () -> p.parseMove("20/14 20/15"));
        assertTrue(noChecker.getMessage().contains("no White checker to move from 20"), noChecker.getMessage());
        NotationException noDice = assertThrows(NotationException.class, () -> RULES.start().parseMove("24/18"));
        assertTrue(noDice.getMessage().contains("dice are not rolled"), noDice.getMessage());
    }
}

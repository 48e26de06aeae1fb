package arbiter.game.chess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.game.Move;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Text round trips on thousands of positions from seeded random play. */
class ChessRoundTripTest {
    private static List<ChessPosition> positions;

    @BeforeAll
    static void play() {
        positions = RandomPlay.positions(7_031_957L, 60, 250);
        assertTrue(positions.size() > 3000, "only " + positions.size() + " positions");
    }

    @Test
    void fenOutAndInGivesTheSamePosition() {
        for (ChessPosition p : positions) {
            ChessPosition back = ChessRules.STANDARD.parsePosition(p.toText());
            assertEquals(p, back, p.toText());
            assertEquals(p.hash(), back.hash(), p.toText());
            assertEquals(p.toText(), back.toText());
            assertEquals(p.legalMoves(), back.legalMoves(), p.toText());
        }
    }

    @Test
    void sanAndUciRoundTripForEveryLegalMove() {
        int moves = 0;
        for (ChessPosition p : positions) {
            Set<String> sans = new HashSet<>();
            Set<String> ucis = new HashSet<>();
            for (Move m : p.legalMoves()) {
                String san = p.formatMove(m);
                String uci = p.formatUci(m);
                assertTrue(sans.add(san), "SAN " + san + " twice in " + p.toText());
                assertTrue(ucis.add(uci), "UCI " + uci + " twice in " + p.toText());
                assertEquals(m, p.parseMove(san), san + " in " + p.toText());
                assertEquals(m, p.parseMove(uci), uci + " in " + p.toText());
                moves++;
            }
        }
        assertTrue(moves > 50_000, "only " + moves + " moves checked");
    }

    @Test
    void checkSignsMatchThePositionAfter() {
        for (int i = 0; i < positions.size(); i += 3) {
            ChessPosition p = positions.get(i);
            for (Move m : p.legalMoves()) {
                String san = p.formatMove(m);
                ChessPosition after = p.play(m);
                String expected = !after.inCheck() ? "" : after.legalMoves().isEmpty() ? "#" : "+";
                String suffix = san.endsWith("#") ? "#" : san.endsWith("+") ? "+" : "";
                assertEquals(expected, suffix, san + " in " + p.toText());
            }
        }
    }

    @Test
    void incrementalStateMatchesAFreshParse() {
        // play() goes through make; parsing its FEN rebuilds everything from scratch.
        for (ChessPosition p : positions) {
            assertEquals(p.perft(2), ChessRules.STANDARD.parsePosition(p.toText()).perft(2));
        }
    }
}

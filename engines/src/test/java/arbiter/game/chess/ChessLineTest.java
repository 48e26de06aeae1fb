package arbiter.game.chess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.game.Move;
import arbiter.game.NotationException;
import arbiter.game.Position;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The line methods walk a principal variation on one board by make; they must give exactly what
 * playing each move into a new position gives (SAN with check and mate signs, the legal prefix).
 */
class ChessLineTest {
    /** Random lines (biased to castling, en passant, promotion, captures) from random positions, some spoilt. */
    private static List<Object[]> lines() {
        SplittableRandom random = new SplittableRandom(42);
        List<Object[]> out = new ArrayList<>();
        for (ChessPosition start : RandomPlay.positions(7, 300, 120)) {
            List<Move> line = new ArrayList<>();
            ChessPosition p = start;
            int length = 1 + random.nextInt(16);
            for (int i = 0; i < length && p.outcome() == null; i++) {
                Move m = RandomPlay.pick(p, random);
                line.add(m);
                p = p.play(m);
            }
            if (line.size() > 2 && random.nextInt(4) == 0) {
                // An illegal move somewhere: the line stops before it.
                line.set(1 + random.nextInt(line.size() - 1), line.get(0));
            }
            out.add(new Object[] {start, line});
        }
        return out;
    }

    /** The line by playing each move into a new position (the general method of Position). */
    private static List<String> sanByPositions(Position start, List<Move> line, int max) {
        List<String> out = new ArrayList<>();
        Position p = start;
        for (int i = 0; i < line.size() && i < max; i++) {
            if (!p.legalMoves().contains(line.get(i))) {
                break;
            }
            out.add(p.formatMove(line.get(i)));
            p = p.play(line.get(i));
        }
        return out;
    }

    @Test
    @SuppressWarnings("unchecked")
    void formatLineGivesTheSanOfPlayingEachMove() {
        int checks = 0;
        int spoilt = 0;
        for (Object[] c : lines()) {
            ChessPosition start = (ChessPosition) c[0];
            List<Move> line = (List<Move>) c[1];
            List<String> expected = sanByPositions(start, line, 12);
            assertEquals(expected, start.formatLine(line, 12), () -> start.toText() + " " + line);
            checks += (int) expected.stream().filter(s -> s.endsWith("+") || s.endsWith("#")).count();
            spoilt += expected.size() < Math.min(12, line.size()) ? 1 : 0;
        }
        assertTrue(checks > 20 && spoilt > 20, "the sample has checks (" + checks + ") and spoilt lines (" + spoilt + ")");
    }

    @Test
    @SuppressWarnings("unchecked")
    void parseUciLineReadsTheLegalPrefixAsMoveByMoveParsingDoes() {
        for (Object[] c : lines()) {
            ChessPosition start = (ChessPosition) c[0];
            List<String> texts = new ArrayList<>();
            ChessPosition p = start;
            for (Move m : (List<Move>) c[1]) {
                texts.add(((ChessMove) m).uci()); // the UCI text even of an illegal move
            }
            List<Move> expected = new ArrayList<>();
            for (String text : texts) {
                if (expected.size() == 12) {
                    break;
                }
                Move m;
                try {
                    m = p.parseMove(text);
                } catch (NotationException e) {
                    break;
                }
                expected.add(m);
                p = p.play(m);
            }
            assertEquals(expected, start.parseUciLine(texts, 12), () -> start.toText() + " " + texts);
        }
        ChessPosition start = ChessRules.STANDARD.start();
        assertEquals(List.of(), start.parseUciLine(List.of("e2e5"), 12));
        assertEquals(1, start.parseUciLine(List.of("e2e4", "e7e8q"), 12).size(), "a promotion that is not one stops the line");
        assertEquals(1, start.parseUciLine(List.of("e2e4", "junk"), 12).size());
        assertEquals(1, start.parseUciLine(List.of("e2e4", "e7e5x"), 12).size());
    }
}

package arbiter.game.chess;

import arbiter.game.Move;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Positions reached by seeded random play, biased toward the special moves (castling, en passant,
 * promotion, double steps, captures) so that the samples exercise every rule.
 */
final class RandomPlay {
    private RandomPlay() {
    }

    /** Every position of {@code games} random games of up to {@code maxPlies} plies (start excluded). */
    static List<ChessPosition> positions(long seed, int games, int maxPlies) {
        SplittableRandom random = new SplittableRandom(seed);
        List<ChessPosition> all = new ArrayList<>();
        for (int g = 0; g < games; g++) {
            ChessPosition p = ChessRules.STANDARD.start();
            int plies = 1 + random.nextInt(maxPlies);
            for (int i = 0; i < plies && p.outcome() == null; i++) {
                p = p.play(pick(p, random));
                all.add(p);
            }
        }
        return all;
    }

    /** A random legal move; half the time one of the special moves if there are any. */
    static Move pick(ChessPosition p, SplittableRandom random) {
        List<Move> moves = p.legalMoves();
        if (random.nextBoolean()) {
            List<Move> special = new ArrayList<>();
            for (Move m : moves) {
                if (isSpecial(p, (ChessMove) m)) {
                    special.add(m);
                }
            }
            if (!special.isEmpty()) {
                return special.get(random.nextInt(special.size()));
            }
        }
        return moves.get(random.nextInt(moves.size()));
    }

    static boolean isSpecial(ChessPosition p, ChessMove m) {
        return isCastling(p, m) || isEnPassant(p, m) || m.promotion() != ChessMove.NONE
                || (isPawn(p, m) && Math.abs(m.to() - m.from()) == 16) || p.pieceAt(m.to()) != '.';
    }

    static boolean isPawn(ChessPosition p, ChessMove m) {
        return Character.toUpperCase(p.pieceAt(m.from())) == 'P';
    }

    static boolean isCastling(ChessPosition p, ChessMove m) {
        return Character.toUpperCase(p.pieceAt(m.from())) == 'K' && Math.abs(m.to() - m.from()) == 2;
    }

    static boolean isEnPassant(ChessPosition p, ChessMove m) {
        return isPawn(p, m) && (m.to() & 7) != (m.from() & 7) && p.pieceAt(m.to()) == '.';
    }

    static boolean hasMove(ChessPosition p, java.util.function.BiPredicate<ChessPosition, ChessMove> test) {
        for (Move m : p.legalMoves()) {
            if (test.test(p, (ChessMove) m)) {
                return true;
            }
        }
        return false;
    }
}

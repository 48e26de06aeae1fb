package arbiter.game.chess;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import arbiter.game.Move;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiPredicate;
import org.junit.jupiter.api.Test;

/**
 * Perft against an independent oracle: stockfish {@code go perft} on positions from seeded random
 * play, chosen so that castling, en passant and promotion are all possible in some of them. Fails
 * (does not skip) when stockfish is missing: CI installs it.
 */
class ChessStockfishPerftTest {
    private static final int PER_KIND = 15;
    /** Positions whose depth-3 count is below this are also compared at depth 4. */
    private static final long DEPTH_4_LIMIT = 150_000;

    @Test
    void perftAgreesWithStockfishOnRandomPositions() throws Exception {
        List<ChessPosition> samples = samples();
        assertTrue(samples.size() >= 50, "only " + samples.size() + " sample positions");
        int depth4 = 0;
        try (StockfishOracle stockfish = new StockfishOracle()) {
            for (ChessPosition p : samples) {
                long ours = compare(stockfish, p, 3);
                if (ours < DEPTH_4_LIMIT) {
                    compare(stockfish, p, 4);
                    depth4++;
                }
            }
        }
        assertTrue(depth4 >= 20, "only " + depth4 + " positions compared at depth 4");
    }

    /** Compares one count; on a mismatch names the root moves whose subtrees differ. */
    private static long compare(StockfishOracle stockfish, ChessPosition p, int depth) throws Exception {
        String fen = p.toText();
        StockfishOracle.Perft expected = stockfish.perft(fen, depth);
        long ours = p.perft(depth);
        if (ours != expected.nodes()) {
            Map<String, Long> divide = new LinkedHashMap<>();
            for (Move m : p.legalMoves()) {
                divide.put(p.formatUci(m), p.play(m).perft(depth - 1));
            }
            Set<String> moves = new LinkedHashSet<>(expected.divide().keySet());
            moves.addAll(divide.keySet());
            List<String> differences = new ArrayList<>();
            for (String move : moves) {
                Long theirs = expected.divide().get(move);
                Long mine = divide.get(move);
                if (!java.util.Objects.equals(theirs, mine)) {
                    differences.add(move + " stockfish " + theirs + " ours " + mine);
                }
            }
            fail("perft " + depth + " of '" + fen + "': stockfish " + expected.nodes() + ", ours " + ours
                    + "; differing root moves: " + differences);
        }
        return ours;
    }

    /**
     * Positions from random games: some where castling is legal, some with a legal en passant
     * capture, some with a promotion, some in check, and plain ones of every game length.
     */
    static List<ChessPosition> samples() {
        List<ChessPosition> pool = RandomPlay.positions(20_240_601L, 400, 160);
        List<ChessPosition> chosen = new ArrayList<>();
        take(pool, chosen, RandomPlay::isCastling, PER_KIND);
        take(pool, chosen, RandomPlay::isEnPassant, PER_KIND);
        take(pool, chosen, (p, m) -> m.promotion() != ChessMove.NONE, PER_KIND);
        take(pool, chosen, (p, m) -> p.inCheck(), PER_KIND);
        // Plain positions spread over the pool (early, middle and late in games).
        for (int i = 0; i < pool.size(); i += pool.size() / PER_KIND) {
            chosen.add(pool.get(i));
        }
        return chosen;
    }

    private static void take(List<ChessPosition> pool, List<ChessPosition> chosen,
                             BiPredicate<ChessPosition, ChessMove> kind, int count) {
        int found = 0;
        for (int i = 0; i < pool.size() && found < count; i += 7) {
            ChessPosition p = pool.get(i);
            if (RandomPlay.hasMove(p, kind)) {
                chosen.add(p);
                found++;
            }
        }
        for (int i = 0; i < pool.size() && found < count; i++) {
            ChessPosition p = pool.get(i);
            if (!chosen.contains(p) && RandomPlay.hasMove(p, kind)) {
                chosen.add(p);
                found++;
            }
        }
        assertTrue(found == count, "random play gave only " + found + " positions of a kind, wanted " + count);
    }
}

package arbiter.game.chess;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Perft counts from the chessprogramming wiki "Perft Results" page (each count also checked with
 * stockfish {@code go perft}). Every row runs in about a second or less.
 */
class ChessPerftTest {
    static final String START = ChessFen.START;
    static final String KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    @ParameterizedTest(name = "{0} depth {2}")
    @CsvSource(delimiter = ';', value = {
        "start; rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; 1; 20",
        "start; rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; 2; 400",
        "start; rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; 3; 8902",
        "start; rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; 4; 197281",
        "start; rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; 5; 4865609",
        "start; rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; 6; 119060324",
        "kiwipete; r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1; 1; 48",
        "kiwipete; r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1; 2; 2039",
        "kiwipete; r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1; 3; 97862",
        "kiwipete; r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1; 4; 4085603",
        "kiwipete; r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1; 5; 193690690",
        "position 3; 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1; 1; 14",
        "position 3; 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1; 4; 43238",
        "position 3; 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1; 6; 11030083",
        "position 4; r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1; 1; 6",
        "position 4; r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1; 3; 9467",
        "position 4; r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1; 5; 15833292",
        "position 4 mirrored; r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1; 5; 15833292",
        "position 5; rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8; 1; 44",
        "position 5; rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8; 3; 62379",
        "position 5; rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8; 5; 89941194",
        "position 6; r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10; 1; 46",
        "position 6; r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10; 3; 89890",
        "position 6; r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10; 5; 164075551",
    })
    void matchesPublishedCounts(String name, String fen, int depth, long expected) {
        assertEquals(expected, ChessRules.STANDARD.parsePosition(fen).perft(depth), name + " depth " + depth);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
        // Depth 0 is the position itself; depth 1 counts the legal moves.
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; 0; 1",
        // Checkmated and stalemated: no moves.
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3; 1; 0",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1; 1; 0",
    })
    void edgeDepths(String fen, int depth, long expected) {
        assertEquals(expected, ChessRules.STANDARD.parsePosition(fen).perft(depth));
    }

    /** The generator's move list agrees with the counting path at every node of a small tree. */
    @org.junit.jupiter.api.Test
    void listedMovesAgreeWithCountedMoves() {
        ChessPosition kiwipete = ChessRules.STANDARD.parsePosition(KIWIPETE);
        long viaLists = 0;
        for (var move : kiwipete.legalMoves()) {
            ChessPosition next = kiwipete.play(move);
            for (var reply : next.legalMoves()) {
                viaLists += next.play(reply).legalMoves().size();
            }
        }
        assertEquals(97862, viaLists);
    }
}

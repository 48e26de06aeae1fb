package arbiter.game.chess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.game.Move;
import arbiter.game.NotationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ChessNotationTest {
    private static final ChessRules RULES = ChessRules.STANDARD;
    private static final String KIWIPETE = ChessPerftTest.KIWIPETE;

    @ParameterizedTest(name = "{1} in {0}")
    @CsvSource(delimiter = ';', value = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; e2e4; e4",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; g1f3; Nf3",
        // Disambiguation by file, by rank, by both.
        "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1; b1d2; Nbd2",
        "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1; f1d2; Nfd2",
        "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1; a1a3; R1a3",
        "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1; a5a3; R5a3",
        "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1; a1b2; Qa1b2",
        "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1; c1b2; Qcb2",
        "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1; a3b2; Q3b2",
        // A pinned rival does not count: the b1 knight is pinned by the rook on a1.
        "4k3/8/8/8/8/8/8/rN2KN2 w - - 0 1; f1d2; Nd2",
        // Captures, en passant, castling, promotion, check and mate.
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1; e5f7; Nxf7",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1; d5e6; dxe6",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1; e1g1; O-O",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1; e1c1; O-O-O",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1; f3f6; Qxf6",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1; e5d6; exd6",
        "4k3/P7/8/8/8/8/8/4K3 w - - 0 1; a7a8q; a8=Q+",
        "4k3/P7/8/8/8/8/8/4K3 w - - 0 1; a7a8n; a8=N",
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4; h5f7; Qxf7#",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1; a1a8; Ra8#",
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1; a1a8; Ra8+",
    })
    void formatsSan(String fen, String uci, String san) {
        ChessPosition p = RULES.parsePosition(fen);
        Move move = p.parseMove(uci);
        assertEquals(san, p.formatMove(move));
        assertEquals(uci, p.formatUci(move));
        assertEquals(move, p.parseMove(san));
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = ';', value = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1; 0-0; e1g1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1; 0-0-0; e1c1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1; O-O!; e1g1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1; Qxf6; f3f6",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1; Qxf6!?; f3f6",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1; Qf6; f3f6",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1; Qf3xf6; f3f6",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1; Ne5xf7; e5f7",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1; Nef7; e5f7",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1; exd6 e.p.; e5d6",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1; ed6; e5d6",
        "4k3/8/8/8/4p3/3P4/8/4K3 w - - 0 1; de4; d3e4",
        "4k3/P7/8/8/8/8/8/4K3 w - - 0 1; a8Q; a7a8q",
        "4k3/P7/8/8/8/8/8/4K3 w - - 0 1; a8=q+; a7a8q",
        "4k3/P7/8/8/8/8/8/4K3 w - - 0 1; a7a8R; a7a8r",
        "4k3/P7/8/8/8/8/8/4K3 w - - 0 1; a7-a8=N; a7a8n",
    })
    void readsTolerantly(String fen, String text, String uci) {
        ChessPosition p = RULES.parsePosition(fen);
        assertEquals(uci.toLowerCase(java.util.Locale.ROOT), p.formatUci(p.parseMove(text)));
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = ';', value = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; Nf9; unparsable move 'Nf9': expected SAN",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; hello; unparsable move 'hello'",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; 0000; unparsable move '0000'",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; e5; illegal move 'e5' in position 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1': no white pawn can move to e5",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; Nd4; no white knight can move to d4",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; Nxf3; no white knight can capture on f3",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; O-O; castling kingside is not legal here",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; e2e5; the pawn on e2 cannot move to e5",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; e7e5; the piece on e7 is not White's",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; e4e5; there is no piece on e4",
        "4k3/P7/8/8/8/8/8/4K3 w - - 0 1; a7a8; a pawn reaching the last rank must promote",
        "4k3/P7/8/8/8/8/8/4K3 w - - 0 1; a8; a pawn reaching the last rank must promote",
        "4k3/P7/8/8/8/8/8/4K3 w - - 0 1; a7a8k; unparsable move 'a7a8k'",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; e2e4q; the move from e2 to e4 is not a promotion",
        "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1; Nd2; ambiguous move 'Nd2' in position '4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1': it matches Nbd2, Nfd2",
        "4k3/8/8/8/8/8/8/4K2r w - - 0 1; Kf1; no white king can move to f1 (White is in check)",
        // A pawn move without origin file is a push, not a capture.
        "4k3/8/8/8/4p3/3P4/8/4K3 w - - 0 1; e4; no white pawn can move to e4",
    })
    void rejectsBadMovesWithClearMessages(String fen, String text, String expected) {
        ChessPosition p = RULES.parsePosition(fen);
        NotationException e = assertThrows(NotationException.class, () -> p.parseMove(text));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertTrue(e.getMessage().contains("'" + text + "'"), e.getMessage());
    }

    @Test
    void emptyMoveText() {
        NotationException e = assertThrows(NotationException.class, () -> RULES.start().parseMove("  "));
        assertTrue(e.getMessage().startsWith("empty move text"), e.getMessage());
    }

    @Test
    void kiwipeteSanIsUniqueAndRoundTrips() {
        ChessPosition p = RULES.parsePosition(KIWIPETE);
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (Move m : p.legalMoves()) {
            String san = p.formatMove(m);
            assertTrue(seen.add(san), "duplicate SAN " + san);
            assertEquals(m, p.parseMove(san));
        }
        assertEquals(48, seen.size());
    }

    @Test
    void chessMoveValues() {
        ChessMove m = new ChessMove(12, 28);
        assertEquals("e2e4", m.uci());
        assertEquals("e7e8q", new ChessMove(52, 60, ChessMove.QUEEN).toString());
        assertEquals(m, RULES.start().parseMove("e4"));
        assertThrows(IllegalArgumentException.class, () -> new ChessMove(64, 0));
        assertThrows(IllegalArgumentException.class, () -> new ChessMove(52, 60, 6));
    }
}

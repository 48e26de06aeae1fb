package arbiter.game.chess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.game.NotationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ChessFenTest {
    private static final ChessRules RULES = ChessRules.STANDARD;

    @Test
    void countersMayBeLeftOut() {
        ChessPosition p = RULES.parsePosition("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -");
        assertEquals(ChessPerftTest.KIWIPETE, p.toText());
        assertEquals(0, p.halfmoveClock());
        assertEquals(1, p.fullmoveNumber());
        assertEquals(5, RULES.parsePosition("4k3/8/8/8/8/8/8/4K3 b - - 5").halfmoveClock());
        assertEquals("4k3/8/8/8/8/8/8/4K3 w - - 0 1", RULES.parsePosition("  4k3/8/8/8/8/8/8/4K3   w  -  -  ").toText());
    }

    @Test
    void fieldsReadBack() {
        ChessPosition p = RULES.parsePosition("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w Kq f6 0 3");
        assertEquals("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w Kq f6 0 3", p.toText());
        assertEquals(45, p.enPassantSquare());
        assertEquals(3, p.fullmoveNumber());
        assertEquals('P', p.pieceAt(36));
        assertEquals('p', p.pieceAt(35));
        assertEquals('.', p.pieceAt(27));
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = ';', value = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQx - 0 1; castling field 'KQx' has 'x', expected '-' or letters from KQkq",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1; castling field 'KK' repeats 'K'",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1; castling field 'KQkq' has 'K' but there is no white rook on h1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1; has 0 white kings, expected 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1; has 9 ranks, expected 8",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1; has 7 ranks, expected 8",
        "rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; placement rank 8 'rnbqkbnrr' covers 9 squares, expected 8",
        "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; placement rank 7 'ppppppp' covers 7 squares, expected 8",
        "rnbqkbnr/pppppppp/8/8/4X3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; placement rank 4 '4X3' has 'X', expected one of PNBRQK pnbrqk 1-8",
        "Pnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR w KQkq - 0 1; has a pawn on a8; pawns cannot stand on the first or last rank",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1; side-to-move field 'x' must be 'w' or 'b'",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1; en passant field 'e4' must be on rank 6 with White to move",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1; en passant field 'e3' needs a white pawn on e4",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1; en passant field 'e9' must be '-' or a square",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -3 1; halfmove clock field '-3' must be a whole number",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x; fullmove number field 'x' must be a whole number",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w; expected 6 fields",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra; expected 6 fields",
        "4k3/8/8/8/8/8/8/r3K3 b - - 0 1; the side not to move (White) is in check",
        "4k3/8/8/8/8/8/8/4K2r w - - 0 1 w; got 7",
    })
    void malformedFenNamesTheFieldAndWhy(String fen, String expected) {
        NotationException e = assertThrows(NotationException.class, () -> RULES.parsePosition(fen));
        assertTrue(e.getMessage().startsWith("malformed FEN '" + fen.trim() + "': "), e.getMessage());
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    @Test
    void emptyFen() {
        NotationException e = assertThrows(NotationException.class, () -> RULES.parsePosition(" "));
        assertTrue(e.getMessage().contains("empty"), e.getMessage());
    }
}

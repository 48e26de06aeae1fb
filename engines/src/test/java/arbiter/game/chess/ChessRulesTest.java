package arbiter.game.chess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.game.EndReason;
import arbiter.game.GameHistory;
import arbiter.game.Games;
import arbiter.game.Move;
import arbiter.game.NotationException;
import arbiter.game.Outcome;
import arbiter.game.Rules;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ChessRulesTest {
    private static final ChessRules RULES = ChessRules.STANDARD;

    private static ChessPosition fen(String text) {
        return RULES.parsePosition(text);
    }

    /** Plays moves given as SAN or UCI. */
    private static ChessPosition play(ChessPosition p, String... moves) {
        for (String m : moves) {
            p = p.play(p.parseMove(m));
        }
        return p;
    }

    private static Set<String> uciMoves(ChessPosition p) {
        Set<String> set = new HashSet<>();
        for (Move m : p.legalMoves()) {
            set.add(p.formatUci(m));
        }
        return set;
    }

    @Test
    void registeredAsVariantChess() {
        Rules rules = Games.rules("chess");
        assertEquals("chess", rules.id());
        assertEquals(arbiter.game.GameFamily.CHESS, rules.family());
        assertEquals("White", rules.playerName(0));
        assertEquals("Black", rules.playerName(1));
        assertEquals(3, rules.repetitionLimit());
        assertTrue(rules.parameters().isEmpty());
        assertTrue(Games.variants().contains("chess"));
        assertEquals(ChessFen.START, rules.start().toText());
        assertEquals(0, rules.start().sideToMove());
        NotationException e = assertThrows(NotationException.class, () -> Games.rules("chess", Map.of("x", "1")));
        assertTrue(e.getMessage().contains("unknown rule 'x' for chess"), e.getMessage());
    }

    @Test
    void foolsMateIsCheckmate() {
        ChessPosition before = play(RULES.start(), "f3", "e5", "g4");
        Move mate = before.parseMove("Qh4");
        assertEquals("Qh4#", before.formatMove(mate));
        ChessPosition after = before.play(mate);
        assertTrue(after.inCheck());
        assertTrue(after.legalMoves().isEmpty());
        assertEquals(new Outcome.Win(1, EndReason.CHECKMATE), after.outcome());
        assertEquals(1.0, after.outcome().scoreFor(1));
    }

    @Test
    void stalemateIsDraw() {
        ChessPosition p = fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        assertFalse(p.inCheck());
        assertTrue(p.legalMoves().isEmpty());
        assertEquals(new Outcome.Draw(EndReason.STALEMATE), p.outcome());
    }

    @Test
    void fiftyMoveRuleDrawsAtHundredPliesUnlessTheMoveMates() {
        ChessPosition p = fen("7k/8/6K1/8/8/8/8/R7 w - - 99 80");
        assertNull(p.outcome());
        ChessPosition quiet = play(p, "Ra2");
        assertEquals(100, quiet.halfmoveClock());
        assertEquals(new Outcome.Draw(EndReason.NO_PROGRESS), quiet.outcome());
        ChessPosition mated = play(p, "Ra8");
        assertEquals(100, mated.halfmoveClock());
        assertEquals(new Outcome.Win(0, EndReason.CHECKMATE), mated.outcome());
        // A pawn move or a capture resets the clock.
        assertEquals(0, play(fen("7k/8/6K1/8/8/8/P7/8 w - - 99 80"), "a4").halfmoveClock());
        assertEquals(0, play(fen("7k/8/6K1/8/8/8/8/r5R1 w - - 99 80"), "Rxa1").halfmoveClock());
    }

    @Test
    void threefoldRepetitionThroughGameHistory() {
        GameHistory game = new GameHistory(RULES.start());
        String[] shuffle = {"Nf3", "Nf6", "Ng1", "Ng8"};
        for (String san : shuffle) {
            game.play(game.current().parseMove(san));
        }
        assertEquals(2, game.repetitions());
        assertNull(game.outcome());
        for (String san : shuffle) {
            game.play(game.current().parseMove(san));
        }
        assertEquals(3, game.repetitions());
        assertEquals(new Outcome.Draw(EndReason.REPETITION), game.outcome());
    }

    @Test
    void repetitionCountsEnPassantOnlyWhenTheCaptureIsLegal() {
        // After 1.e4 no black pawn can take en passant: same position as without the ep square.
        ChessPosition afterE4 = play(RULES.start(), "e4");
        assertEquals(20, afterE4.enPassantSquare());
        ChessPosition noEp = fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        assertEquals(noEp.hash(), afterE4.hash());
        assertEquals(noEp, afterE4);
        // Here d4xe3 is legal: the ep square makes it a different position.
        ChessPosition epLegal = fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
        ChessPosition epGone = fen("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1");
        assertNotEquals(epGone.hash(), epLegal.hash());
        assertNotEquals(epGone, epLegal);
        // An en passant capture that would expose the king is not legal, so it does not count.
        ChessPosition epPinned = fen("8/8/8/KPp4r/8/8/8/7k w - c6 0 1");
        assertEquals(fen("8/8/8/KPp4r/8/8/8/7k w - - 0 1").hash(), epPinned.hash());
        // Castling rights and side to move do count.
        assertNotEquals(fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").hash(), fen("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1").hash());
        assertNotEquals(fen("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1").hash(), fen("r3k2r/8/8/8/8/8/8/R3K2R b - - 0 1").hash());
        // The move counters do not.
        assertEquals(fen("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1").hash(), fen("r3k2r/8/8/8/8/8/8/R3K2R w - - 37 60").hash());
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1, true",          // K v K
        "4k3/8/8/8/8/8/8/4KN2 w - - 0 1, true",         // K+N v K
        "4kb2/8/8/8/8/8/8/4K3 w - - 0 1, true",         // K v K+B
        "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1, true",       // K+B v K+B, both bishops on dark squares (c1, f8)
        "4k3/8/8/8/8/8/8/2B1Kb2 w - - 0 1, false",      // K+B v K+B on different colours (c1, f1): mate possible
        "4k3/8/8/8/8/8/8/3NKN2 w - - 0 1, false",       // K+N+N v K
        "4kn2/8/8/8/8/8/8/4KN2 w - - 0 1, false",       // K+N v K+N
        "4k3/8/8/8/8/8/8/4KB1N w - - 0 1, false",       // K+B+N v K
        "4k3/8/8/8/8/8/P7/4K3 w - - 0 1, false",        // a pawn
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1, false",        // a rook
    })
    void insufficientMaterial(String text, boolean dead) {
        ChessPosition p = fen(text);
        assertEquals(dead, p.insufficientMaterial());
        assertEquals(dead ? new Outcome.Draw(EndReason.INSUFFICIENT_MATERIAL) : null, p.outcome());
    }

    @Test
    void castlingNotOutOfThroughOrIntoCheck() {
        Set<String> free = uciMoves(fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
        assertTrue(free.contains("e1g1") && free.contains("e1c1"));
        // f1 attacked: no O-O; b1 attacked does not stop O-O-O (the king does not cross b1).
        Set<String> through = uciMoves(fen("1r3r2/6k1/8/8/8/8/8/R3K2R w KQ - 0 1"));
        assertFalse(through.contains("e1g1"));
        assertTrue(through.contains("e1c1"));
        // d1 attacked: no O-O-O.
        assertFalse(uciMoves(fen("3r4/6k1/8/8/8/8/8/R3K2R w KQ - 0 1")).contains("e1c1"));
        // Into check on g1 / c1.
        Set<String> into = uciMoves(fen("2r3r1/4k3/8/8/8/8/8/R3K2R w KQ - 0 1"));
        assertFalse(into.contains("e1g1") || into.contains("e1c1"));
        // Out of check.
        Set<String> inCheck = uciMoves(fen("4r3/6k1/8/8/8/8/8/R3K2R w KQ - 0 1"));
        assertFalse(inCheck.contains("e1g1") || inCheck.contains("e1c1"));
        // Blocked by a piece between king and rook (b1 counts for queenside).
        assertFalse(uciMoves(fen("6k1/8/8/8/8/8/8/RN2K2R w KQ - 0 1")).contains("e1c1"));
        // Castling moves the rook.
        ChessPosition castled = play(fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), "O-O", "O-O-O");
        assertEquals("2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2", castled.toText());
    }

    @Test
    void castlingRightsLostByKingOrRookMoveOrRookCapture() {
        ChessPosition p = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assertEquals("Qkq", play(p, "Rh2").toText().split(" ")[2]);
        assertEquals("kq", play(p, "Kd1").toText().split(" ")[2]);
        assertEquals("Kk", play(p, "Rxa8").toText().split(" ")[2]);
        assertEquals("Kkq", play(p, "Rb1").toText().split(" ")[2]);
    }

    @Test
    void enPassant() {
        // Plain capture removes the passed pawn.
        ChessPosition p = play(fen("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"), "d5");
        assertEquals("d6", ChessNotation.squareName(p.enPassantSquare()));
        Move ep = p.parseMove("exd6");
        assertEquals("exd6", p.formatMove(ep));
        assertEquals("4k3/8/3P4/8/8/8/8/4K3 b - - 0 2", p.play(ep).toText());
        // Only right after the double step.
        assertFalse(uciMoves(play(p, "Ke2", "Ke7")).contains("e5d6"));
        // Pinned along the rank: taking would leave both pawns' squares empty and the king in check.
        assertFalse(uciMoves(fen("8/8/8/KPp4r/8/8/8/7k w - c6 0 1")).contains("b5c6"));
        // Diagonal pin on the capturing pawn: capture along the pin line is allowed, off it not.
        Set<String> pinned = uciMoves(fen("6bk/8/8/2pP4/8/8/K7/8 w - c6 0 1"));
        assertFalse(pinned.contains("d5c6"));
        Set<String> alongPin = uciMoves(fen("6bk/8/8/3Pp3/8/8/K7/8 w - e6 0 1"));
        assertTrue(alongPin.contains("d5e6"));
        // The en passant capture removes the checking pawn: a legal evasion.
        assertTrue(uciMoves(fen("8/8/8/3pP3/4K3/8/8/7k w - d6 0 1")).contains("e5d6"));
        // Taking the checking pawn would open a bishop's diagonal onto the king: illegal.
        assertFalse(uciMoves(fen("3b3k/8/8/5Pp1/7K/8/8/8 w - g6 0 1")).contains("f5g6"));
    }

    @Test
    void promotionToAllFourPieces() {
        ChessPosition p = fen("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
        Set<String> moves = uciMoves(p);
        for (String m : List.of("b7b8q", "b7b8r", "b7b8b", "b7b8n", "b7a8q", "b7a8r", "b7a8b", "b7a8n")) {
            assertTrue(moves.contains(m), m);
        }
        assertEquals("b8=Q+", p.formatMove(p.parseMove("b7b8q")));
        assertEquals("b8=R+", p.formatMove(p.parseMove("b8=R")));
        assertEquals("b8=B", p.formatMove(p.parseMove("b8B")));
        assertEquals("bxa8=N", p.formatMove(p.parseMove("bxa8=N")));
        assertEquals('Q', play(p, "b8=Q").pieceAt(57));
        assertEquals('R', play(p, "b8=R").pieceAt(57));
        assertEquals('B', play(p, "b8=B").pieceAt(57));
        assertEquals('N', play(p, "bxa8=N").pieceAt(56));
        assertEquals(new ChessMove(49, 57, ChessMove.KNIGHT), p.parseMove("b7b8n"));
        // Black promotes on the first rank.
        ChessPosition black = fen("4k3/8/8/8/8/8/6p1/4K2R b K - 0 1");
        assertEquals('n', play(black, "gxh1=N").pieceAt(7));
        assertEquals("gxh1=Q+", black.formatMove(black.parseMove("g2h1q")));
    }

    @Test
    void irreversibleMoves() {
        ChessPosition p = fen("r3k2r/8/8/8/8/8/4P3/R3K2R w KQkq - 0 1");
        assertTrue(p.isIrreversible(p.parseMove("e4")));
        assertTrue(p.isIrreversible(p.parseMove("Rxa8")));
        assertTrue(p.isIrreversible(p.parseMove("O-O")));
        assertTrue(p.isIrreversible(p.parseMove("Kf1")));
        assertTrue(p.isIrreversible(p.parseMove("Rb1")));
        ChessPosition noRights = fen("r3k2r/8/8/8/8/8/4P3/R3K2R w - - 0 1");
        assertFalse(noRights.isIrreversible(noRights.parseMove("Rb1")));
        assertFalse(noRights.isIrreversible(noRights.parseMove("Kf1")));
    }

    @Test
    void playRejectsIllegalMoves() {
        ChessPosition start = RULES.start();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> start.play(new ChessMove(12, 36)));
        assertTrue(e.getMessage().contains("e2e5"), e.getMessage());
        assertEquals(ChessFen.START, start.toText(), "a position is immutable");
    }
}

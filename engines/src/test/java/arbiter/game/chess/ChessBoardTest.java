package arbiter.game.chess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.game.GameHistory;
import arbiter.game.Move;
import arbiter.player.Score;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The search board against the immutable positions: moves, hashes, quiescence moves, draw rules. */
class ChessBoardTest {
    private static ChessBoard board() {
        return new ChessBoard(b -> 0);
    }

    private static ChessPosition fen(String text) {
        return ChessRules.STANDARD.parsePosition(text);
    }

    @Test
    void incrementalHashEqualsThePositionHashAfterEveryMove() {
        ChessBoard board = board();
        int checked = 0;
        for (ChessPosition p : RandomPlay.positions(11, 60, 120)) {
            board.load(p);
            int n = board.generateMoves(0);
            assertEquals(p.legalMoves().size(), n, p.toText());
            for (int i = 0; i < n; i++) {
                Move move = board.toMove(0, i);
                board.makeMove(0, i);
                ChessPosition expected = p.play(move);
                assertEquals(expected.hash(), board.hash(), p.toText() + " " + move);
                assertEquals(expected, board.toPosition(), p.toText() + " " + move);
                assertEquals(expected.toText(), board.toPosition().toText());
                board.unmakeMove(0);
                assertEquals(p.hash(), board.hash());
                checked++;
            }
            assertEquals(p, board.toPosition());
        }
        assertTrue(checked > 50_000, "moves checked: " + checked);
    }

    @Test
    void perftThroughTheBoardMatchesTheGenerator() {
        ChessBoard board = board();
        for (String text : List.of(ChessFen.START, ChessPerftTest.KIWIPETE,
                "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1")) {
            ChessPosition p = fen(text);
            board.load(p);
            assertEquals(p.perft(3), board.perft(3), text);
        }
    }

    @Test
    void quiescenceMovesAreCapturesAndPromotionsOrEveryEvasion() {
        ChessBoard board = board();
        int inCheck = 0;
        for (ChessPosition p : RandomPlay.positions(12, 80, 100)) {
            board.load(p);
            Set<Move> expected = new HashSet<>();
            for (Move m : p.legalMoves()) {
                ChessMove cm = (ChessMove) m;
                if (p.inCheck() || p.pieceAt(cm.to()) != '.' || cm.promotion() != ChessMove.NONE
                        || RandomPlay.isEnPassant(p, cm)) {
                    expected.add(m);
                }
            }
            int n = board.generateQuiescenceMoves(0);
            Set<Move> actual = new HashSet<>();
            for (int i = 0; i < n; i++) {
                actual.add(board.toMove(0, i));
                assertEquals(isTactical(p, board.toMove(0, i)), board.isTactical(0, i));
            }
            assertEquals(expected.size(), n, p.toText());
            assertEquals(expected, actual, p.toText());
            assertEquals(p.inCheck(), !board.canStandPat());
            assertEquals(p.inCheck(), board.isForcing());
            inCheck += p.inCheck() ? 1 : 0;
        }
        assertTrue(inCheck > 20, "positions in check: " + inCheck);
    }

    private static boolean isTactical(ChessPosition p, ChessMove m) {
        return p.pieceAt(m.to()) != '.' || m.promotion() != ChessMove.NONE || RandomPlay.isEnPassant(p, m);
    }

    @Test
    void mvvLvaOrdersTheMostValuableVictimFirstThenTheCheapestAttacker() {
        // White: Pawn and queen can take the black queen on d5; the knight can take a pawn.
        ChessBoard board = board();
        board.load(fen("4k3/8/8/3q4/4P3/1p6/8/N2QK3 w - - 0 1"));
        int n = board.generateMoves(0);
        int pawnTakesQueen = -1;
        int queenTakesQueen = -1;
        int knightTakesPawn = -1;
        for (int i = 0; i < n; i++) {
            String uci = board.toMove(0, i).uci();
            switch (uci) {
                case "e4d5" -> pawnTakesQueen = board.tacticalOrder(0, i);
                case "d1d5" -> queenTakesQueen = board.tacticalOrder(0, i);
                case "a1b3" -> knightTakesPawn = board.tacticalOrder(0, i);
                default -> {
                }
            }
        }
        assertTrue(pawnTakesQueen > queenTakesQueen, pawnTakesQueen + " > " + queenTakesQueen);
        assertTrue(queenTakesQueen > knightTakesPawn, queenTakesQueen + " > " + knightTakesPawn);
    }

    @Test
    void mateAndStalemateScores() {
        ChessBoard board = board();
        board.load(fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1")); // back-rank mate
        assertEquals(0, board.generateMoves(3));
        assertEquals(-(Score.WIN - 3), board.noMoveScore(3));
        board.load(fen("k7/8/1Q6/8/8/8/8/7K b - - 0 1")); // stalemate
        assertEquals(0, board.generateMoves(2));
        assertEquals(0, board.noMoveScore(2));
    }

    @Test
    void fiftyMoveRuleUnlessTheLastMoveMated() {
        ChessBoard board = board();
        board.load(fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"));
        assertFalse(board.isDrawByRule());
        board.generateMoves(0);
        board.makeMove(0, indexOf(board, 0, "a1a2"));
        assertEquals(100, board.halfmoveClock());
        assertTrue(board.isDrawByRule());
        board.unmakeMove(0);
        // A capture resets the clock.
        board.load(fen("4k3/8/8/8/8/8/p7/R3K3 w - - 99 80"));
        board.generateMoves(0);
        board.makeMove(0, indexOf(board, 0, "a1a2"));
        assertFalse(board.isDrawByRule());
        // Mate on the 100th half-move stands.
        board.load(fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80"));
        board.generateMoves(0);
        board.makeMove(0, indexOf(board, 0, "a1a8"));
        assertFalse(board.isDrawByRule());
    }

    @Test
    void insufficientMaterialAsThePositionSeesIt() {
        ChessBoard board = board();
        for (String text : List.of("8/8/4k3/8/8/2K5/8/8 w - - 0 1", "8/8/4k3/8/8/2KN4/8/8 w - - 0 1",
                "8/8/4kb2/8/8/2KB4/8/8 w - - 0 1", "8/8/4k1b1/8/8/2KB4/8/8 w - - 0 1",
                "8/8/4k3/8/8/2KNN3/8/8 w - - 0 1", "8/8/4k3/8/8/2KP4/8/8 w - - 0 1")) {
            ChessPosition p = fen(text);
            board.load(p);
            assertEquals(p.insufficientMaterial(), board.insufficientMaterial(), text);
            assertEquals(p.insufficientMaterial(), board.isDrawByRule(), text);
        }
    }

    @Test
    void repetitionInsideTheSearchAndAgainstTheGameHistory() {
        ChessBoard board = board();
        GameHistory game = new GameHistory(ChessRules.STANDARD.start());
        board.load(game);
        String[] shuffle = {"g1f3", "g8f6", "f3g1", "f6g8"};
        for (int ply = 0; ply < 4; ply++) {
            board.generateMoves(ply);
            board.makeMove(ply, indexOf(board, ply, shuffle[ply]));
            assertEquals(ply == 3, board.isDrawByRule(), "after " + shuffle[ply]);
        }
        // The same shuffle played in the game: one more knight move repeats a game position.
        for (String uci : new String[] {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3"}) {
            game.play(game.current().parseMove(uci));
        }
        board.load(game);
        assertTrue(board.isDrawByRule(), "the current position occurred four plies ago");
        board.generateMoves(0);
        board.makeMove(0, indexOf(board, 0, "g8f6"));
        assertTrue(board.isDrawByRule());
        board.unmakeMove(0);
        board.makeMove(0, indexOf(board, 0, "e7e5"));
        assertFalse(board.isDrawByRule(), "a pawn move starts afresh");
    }

    @Test
    void randomSearchPathsKeepBoardAndHistoryConsistent() {
        // Deep random make/unmake walks: the board returns exactly to where it started.
        SplittableRandom random = new SplittableRandom(5);
        ChessBoard board = board();
        for (ChessPosition p : RandomPlay.positions(13, 20, 60)) {
            board.load(p);
            int ply = 0;
            while (ply < 40) {
                int n = board.generateMoves(ply);
                if (n == 0) {
                    break;
                }
                board.makeMove(ply, random.nextInt(n));
                assertEquals(board.toPosition().hash(), board.hash());
                ply++;
            }
            while (ply > 0) {
                board.unmakeMove(--ply);
            }
            assertEquals(p, board.toPosition());
            assertEquals(p.hash(), board.hash());
        }
    }

    private static int indexOf(ChessBoard board, int ply, String uci) {
        int n = board.generateMoves(ply);
        for (int i = 0; i < n; i++) {
            if (board.toMove(ply, i).uci().equals(uci)) {
                return i;
            }
        }
        throw new AssertionError("no move " + uci);
    }
}

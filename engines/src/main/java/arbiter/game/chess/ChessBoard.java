package arbiter.game.chess;

import static arbiter.game.chess.Piece.BISHOP;
import static arbiter.game.chess.Piece.KNIGHT;
import static arbiter.game.chess.Piece.PAWN;
import static arbiter.game.chess.Piece.QUEEN;
import static arbiter.game.chess.Piece.ROOK;

import arbiter.game.GameHistory;
import arbiter.game.Move;
import arbiter.game.Position;
import arbiter.player.Score;
import arbiter.search.SearchBoard;
import java.util.Arrays;
import java.util.List;

/**
 * The mutable chess board the searches drive: the legal {@link MoveGenerator} with its own
 * make/unmake stack, an incremental Zobrist hash equal to {@link ChessPosition#hash()} (en passant
 * counted only when a capture is legal), repetition against the game's history and inside the
 * search, the 50-move rule and dead positions by insufficient material. The evaluation is plugged in.
 *
 * <p>Quiescence generates captures and promotions, or every evasion when in check; a position in
 * check may not stand pat and counts as forcing (so the {@code captureExtension} option extends
 * checks at the horizon).
 */
public final class ChessBoard implements SearchBoard {
    private static final int MAX_PLY = Score.MAX_PLY + 1;

    // Public names of the piece and colour codes, for evaluations.
    public static final int WHITE = Piece.WHITE;
    public static final int BLACK = Piece.BLACK;
    public static final int PAWNS = PAWN;
    public static final int KNIGHTS = KNIGHT;
    public static final int BISHOPS = BISHOP;
    public static final int ROOKS = ROOK;
    public static final int QUEENS = QUEEN;
    public static final int KINGS = Piece.KING;

    /** A static evaluation from the side to move's view. */
    public interface Evaluator {
        int evaluate(ChessBoard board);
    }

    /** Value of a captured piece type for MVV-LVA (index: type; en passant takes a pawn). */
    private static final int[] VICTIM = {0, 1, 2, 2, 3, 4, 0};

    private final MoveGenerator g = new MoveGenerator(MAX_PLY);
    private final Evaluator evaluator;
    private long hash;
    /** Whether the current hash includes the en passant file (a capture is legal). */
    private boolean epHashed;
    private int loadedFullmove;
    private int loadedSide;

    // Undo stacks, indexed by the ply at which the move was made.
    private final int[] undoMove = new int[MAX_PLY];
    private final long[] undoHash = new long[MAX_PLY];
    private final boolean[] undoEpHashed = new boolean[MAX_PLY];
    private final int[] undoHashCount = new int[MAX_PLY];
    private final int[] undoReversibleFrom = new int[MAX_PLY];

    /** Hashes of the positions since the last irreversible move: the game's, then the search's. */
    private long[] hashes = new long[1024];
    private int hashCount;
    /** Index in {@link #hashes} of the first position after the last irreversible move. */
    private int reversibleFrom;

    /** In-check answer for the position with hash {@link #checkHash}. */
    private long checkHash;
    private boolean checkValue;
    private boolean checkKnown;

    public ChessBoard(Evaluator evaluator) {
        this.evaluator = evaluator;
    }

    // ------------------------------------------------------------------------------------------
    // Loading and reading

    /** Loads a game: its current position, and its positions since the last irreversible move. */
    @Override
    public void load(GameHistory game) {
        load((ChessPosition) game.current());
        List<Position> positions = game.positions();
        List<Move> moves = game.moves();
        int from = 0;
        for (int i = moves.size() - 1; i >= 0; i--) {
            if (positions.get(i).isIrreversible(moves.get(i))) {
                from = i + 1;
                break;
            }
        }
        hashCount = 0;
        for (int i = from; i < positions.size(); i++) {
            pushHash(positions.get(i).hash());
        }
    }

    /** Loads a single position with no history. */
    public void load(ChessPosition position) {
        position.loadInto(g);
        hash = position.hash();
        epHashed = position.enPassantSquare() >= 0 && g.enPassantPossible();
        loadedFullmove = position.fullmoveNumber();
        loadedSide = g.side;
        hashCount = 0;
        reversibleFrom = 0;
        checkKnown = false;
        pushHash(hash);
    }

    private void pushHash(long h) {
        if (hashCount == hashes.length) {
            hashes = Arrays.copyOf(hashes, hashCount * 2);
        }
        hashes[hashCount++] = h;
    }

    /** The current position as an immutable value. */
    public ChessPosition toPosition() {
        int plies = g.ply() + loadedSide;
        return ChessPosition.of(ChessRules.STANDARD, g, loadedFullmove + plies / 2);
    }

    public int sideToMove() {
        return g.side;
    }

    /** Pieces of a type ({@link #PAWNS} .. {@link #KINGS}) and colour as a square set. */
    public long pieces(int type, int color) {
        return g.byType[type] & g.byColor[color];
    }

    /** Pieces of a type of both colours. */
    public long pieces(int type) {
        return g.byType[type];
    }

    /** All pieces of a colour. */
    public long occupancy(int color) {
        return g.byColor[color];
    }

    public long occupied() {
        return g.byColor[WHITE] | g.byColor[BLACK];
    }

    /** Every square a colour attacks. */
    public long attacks(int color) {
        return g.attackMap(color, occupied());
    }

    /** Legal moves the colour has, or would have if it were to move (no en passant then). */
    public int legalMoveCount(int color) {
        return g.countLegalFor(color);
    }

    public int halfmoveClock() {
        return g.halfmoveClock;
    }

    public boolean inCheck() {
        if (!checkKnown || checkHash != hash) {
            checkValue = g.inCheck();
            checkHash = hash;
            checkKnown = true;
        }
        return checkValue;
    }

    private void rememberCheck() {
        checkValue = g.checkedAtGeneration();
        checkHash = hash;
        checkKnown = true;
    }

    /** No sequence of legal moves can mate (as {@link ChessPosition#insufficientMaterial()}). */
    public boolean insufficientMaterial() {
        long[] t = g.byType;
        if ((t[PAWN] | t[ROOK] | t[QUEEN]) != 0) {
            return false;
        }
        if (t[KNIGHT] == 0) {
            return (t[BISHOP] & Bitboards.DARK_SQUARES) == 0 || (t[BISHOP] & ~Bitboards.DARK_SQUARES) == 0;
        }
        return t[BISHOP] == 0 && Long.bitCount(t[KNIGHT]) == 1;
    }

    // ------------------------------------------------------------------------------------------
    // SearchBoard

    @Override
    public int generateMoves(int ply) {
        int n = g.generate(g.moveList(ply));
        rememberCheck();
        return n;
    }

    @Override
    public int generateQuiescenceMoves(int ply) {
        int n = g.generateTactical(g.moveList(ply));
        rememberCheck();
        return n;
    }

    @Override
    public boolean canStandPat() {
        return !inCheck();
    }

    @Override
    public boolean isForcing() {
        return inCheck();
    }

    @Override
    public int moveKey(int ply, int index) {
        return g.moveList(ply)[index]; // never 0: from != to
    }

    @Override
    public int historySlot(int ply, int index) {
        return (g.moveList(ply)[index] & 0xFFF) | g.side << 12;
    }

    @Override
    public int historySize() {
        return 2 * 64 * 64;
    }

    @Override
    public boolean isTactical(int ply, int index) {
        int move = g.moveList(ply)[index];
        return g.board[PackedMove.to(move)] != 0 || PackedMove.promotion(move) != 0
                || PackedMove.kind(move) == PackedMove.EN_PASSANT;
    }

    /** MVV-LVA: the most valuable victim first, then the least valuable attacker; promotions by piece. */
    @Override
    public int tacticalOrder(int ply, int index) {
        int move = g.moveList(ply)[index];
        int victim = PackedMove.kind(move) == PackedMove.EN_PASSANT ? 1 : VICTIM[Piece.type(g.board[PackedMove.to(move)])];
        int promotion = PackedMove.promotion(move);
        int gain = victim + (promotion == 0 ? 0 : VICTIM[promotion] - 1);
        return gain * 8 + 7 - Piece.type(g.board[PackedMove.from(move)]);
    }

    @Override
    public void makeMove(int ply, int index) {
        int move = g.moveList(ply)[index];
        undoMove[ply] = move;
        undoHash[ply] = hash;
        undoEpHashed[ply] = epHashed;
        undoHashCount[ply] = hashCount;
        undoReversibleFrom[ply] = reversibleFrom;

        int oldCastling = g.castling;
        long h = hash ^ movedHash(move);
        if (epHashed) {
            h ^= Zobrist.EN_PASSANT_FILE[g.epSquare & 7];
        }
        g.make(move);
        epHashed = PackedMove.kind(move) == PackedMove.DOUBLE_PUSH && g.enPassantPossible();
        if (epHashed) {
            h ^= Zobrist.EN_PASSANT_FILE[g.epSquare & 7];
        }
        if (g.castling != oldCastling) {
            h ^= Zobrist.CASTLING[oldCastling] ^ Zobrist.CASTLING[g.castling];
            reversibleFrom = hashCount;
        }
        hash = h;
        if (g.halfmoveClock == 0) {
            reversibleFrom = hashCount;
        }
        pushHash(h);
    }

    /** The hash change of the pieces a move moves, takes and promotes, and of the side to move. */
    private long movedHash(int move) {
        int from = PackedMove.from(move);
        int to = PackedMove.to(move);
        int piece = g.board[from];
        int us = g.side;
        long[] z = Zobrist.PIECE_SQUARE;
        long h = Zobrist.BLACK_TO_MOVE ^ z[piece * 64 + from];
        int promotion = PackedMove.promotion(move);
        h ^= z[(promotion == 0 ? piece : Piece.of(promotion, us)) * 64 + to];
        int captured = g.board[to];
        if (captured != 0) {
            h ^= z[captured * 64 + to];
        }
        switch (PackedMove.kind(move)) {
            case PackedMove.EN_PASSANT -> h ^= z[Piece.of(PAWN, us ^ 1) * 64 + (to ^ 8)];
            case PackedMove.CASTLING -> {
                int rook = Piece.of(ROOK, us);
                int rookFrom = to > from ? to + 1 : to - 2;
                int rookTo = (from + to) >>> 1;
                h ^= z[rook * 64 + rookFrom] ^ z[rook * 64 + rookTo];
            }
            default -> {
            }
        }
        return h;
    }

    @Override
    public void unmakeMove(int ply) {
        g.unmake(undoMove[ply]);
        hash = undoHash[ply];
        epHashed = undoEpHashed[ply];
        hashCount = undoHashCount[ply];
        reversibleFrom = undoReversibleFrom[ply];
    }

    @Override
    public long hash() {
        return hash;
    }

    @Override
    public int evaluate() {
        return evaluator.evaluate(this);
    }

    /** Checkmate is a loss by distance, stalemate a draw. */
    @Override
    public int noMoveScore(int ply) {
        return inCheck() ? -(Score.WIN - ply) : 0;
    }

    /**
     * The 50-move rule (unless the move that reached it mated), insufficient material, or a
     * repetition of any position since the last irreversible move (once is enough inside the search).
     */
    @Override
    public boolean isDrawByRule() {
        if (g.halfmoveClock >= 100 && !(inCheck() && g.countLegal() == 0)) {
            return true;
        }
        if (insufficientMaterial()) {
            return true;
        }
        for (int i = hashCount - 3; i >= reversibleFrom; i -= 2) {
            if (hashes[i] == hash) {
                return true;
            }
        }
        return false;
    }

    @Override
    public ChessMove toMove(int ply, int index) {
        return ChessMove.of(g.moveList(ply)[index]);
    }

}

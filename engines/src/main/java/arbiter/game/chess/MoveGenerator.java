package arbiter.game.chess;

import static arbiter.game.chess.Bitboards.BETWEEN;
import static arbiter.game.chess.Bitboards.FILE_A;
import static arbiter.game.chess.Bitboards.FILE_H;
import static arbiter.game.chess.Bitboards.KING_ATTACKS;
import static arbiter.game.chess.Bitboards.KNIGHT_ATTACKS;
import static arbiter.game.chess.Bitboards.LINE;
import static arbiter.game.chess.Bitboards.PAWN_ATTACKS;
import static arbiter.game.chess.Bitboards.RANK_1;
import static arbiter.game.chess.Bitboards.RANK_3;
import static arbiter.game.chess.Bitboards.RANK_6;
import static arbiter.game.chess.Bitboards.RANK_8;
import static arbiter.game.chess.Bitboards.bit;
import static arbiter.game.chess.Piece.BISHOP;
import static arbiter.game.chess.Piece.KING;
import static arbiter.game.chess.Piece.KNIGHT;
import static arbiter.game.chess.Piece.PAWN;
import static arbiter.game.chess.Piece.QUEEN;
import static arbiter.game.chess.Piece.ROOK;
import static arbiter.game.chess.Piece.WHITE;
import static java.lang.Long.bitCount;
import static java.lang.Long.numberOfTrailingZeros;

/**
 * A mutable chess board with legal move generation, make/unmake and perft. Allocation-free after
 * construction: one instance per thread (see {@link ChessPosition}), with a preallocated move list
 * per ply.
 *
 * <p>Generation is legal, not pseudo-legal: the king avoids every square the opponent attacks (the
 * attack map is computed with the king lifted off the board, so it cannot step back along a
 * checking ray); in single check the other pieces may only capture the checker or block; pinned
 * pieces stay on the line through their king; en passant, the one move that can uncover two lines
 * at once, is tested by recomputing the attackers of the king on the board after the capture.
 *
 * <p>The same walk either stores moves or, for the last ply of perft, only counts them (popcount
 * of each piece's target set), which is where the speed of perft comes from.
 */
final class MoveGenerator {
    static final int MAX_PLY = 128;
    /** 218 is the most legal moves known in a reachable position. */
    static final int MAX_MOVES = 256;
    static final int NO_SQUARE = 64;

    static final int WHITE_KINGSIDE = 1;
    static final int WHITE_QUEENSIDE = 2;
    static final int BLACK_KINGSIDE = 4;
    static final int BLACK_QUEENSIDE = 8;

    /** Castling rights that survive a move from or to a square (king and rook home squares). */
    private static final int[] RIGHTS_KEPT = new int[64];

    static {
        java.util.Arrays.fill(RIGHTS_KEPT, 15);
        RIGHTS_KEPT[4] = 15 & ~(WHITE_KINGSIDE | WHITE_QUEENSIDE);
        RIGHTS_KEPT[0] = 15 & ~WHITE_QUEENSIDE;
        RIGHTS_KEPT[7] = 15 & ~WHITE_KINGSIDE;
        RIGHTS_KEPT[60] = 15 & ~(BLACK_KINGSIDE | BLACK_QUEENSIDE);
        RIGHTS_KEPT[56] = 15 & ~BLACK_QUEENSIDE;
        RIGHTS_KEPT[63] = 15 & ~BLACK_KINGSIDE;
    }

    /** Castling rights left after a move between two squares. */
    static int castlingAfter(int rights, int from, int to) {
        return rights & RIGHTS_KEPT[from] & RIGHTS_KEPT[to];
    }

    // ---- board state
    /** Pieces of both colours by type (index 1..6, see {@link Piece}). */
    final long[] byType = new long[7];
    final long[] byColor = new long[2];
    /** The coloured piece on each square, 0 for empty. */
    final int[] board = new int[64];
    int side;
    int castling;
    /** The square a pawn just skipped, as in FEN, or NO_SQUARE. */
    int epSquare = NO_SQUARE;
    int halfmoveClock;

    private int ply;
    /** Per ply: captured piece | castling << 4 | epSquare << 8 | halfmoveClock << 15. */
    private final int[] undo;
    private final int[][] moveLists;

    // ---- output of the generation in progress
    private boolean counting;
    /** Only captures and promotions (all evasions when in check): quiescence's generation. */
    private boolean tacticalOnly;
    private long counted;
    private int[] out;
    private int outSize;
    /** Whether the side to move was in check at the last generation. */
    private boolean checkedAtGeneration;

    MoveGenerator() {
        this(MAX_PLY);
    }

    /** A generator whose make/unmake stack and move lists hold {@code maxPly} plies. */
    MoveGenerator(int maxPly) {
        undo = new int[maxPly];
        moveLists = new int[maxPly][MAX_MOVES];
    }

    /** Sets up a position; the arrays are copied. */
    void load(long[] types, long[] colors, int sideToMove, int castlingRights, int enPassant, int halfmoves) {
        System.arraycopy(types, 0, byType, 0, 7);
        System.arraycopy(colors, 0, byColor, 0, 2);
        java.util.Arrays.fill(board, 0);
        for (int type = PAWN; type <= KING; type++) {
            for (long m = types[type]; m != 0; m &= m - 1) {
                int s = numberOfTrailingZeros(m);
                board[s] = Piece.of(type, (colors[WHITE] & bit(s)) != 0 ? WHITE : Piece.BLACK);
            }
        }
        side = sideToMove;
        castling = castlingRights;
        epSquare = enPassant;
        halfmoveClock = halfmoves;
        ply = 0;
    }

    // ------------------------------------------------------------------------------------------
    // Generation

    /** Stores the legal moves in {@code list} and returns how many there are. */
    int generate(int[] list) {
        counting = false;
        out = list;
        outSize = 0;
        generateAll();
        out = null;
        return outSize;
    }

    /**
     * Stores the captures and promotions (every legal move when in check) in {@code list} and
     * returns how many there are: the moves quiescence searches.
     */
    int generateTactical(int[] list) {
        tacticalOnly = true;
        int n = generate(list);
        tacticalOnly = false;
        return n;
    }

    /** The number of legal moves, without listing them. */
    long countLegal() {
        counting = true;
        counted = 0;
        generateAll();
        return counted;
    }

    /** The number of legal moves a colour would have if it were to move (no en passant then). */
    int countLegalFor(int color) {
        if (color == side) {
            return (int) countLegal();
        }
        int savedEp = epSquare;
        side = color;
        epSquare = NO_SQUARE;
        int n = (int) countLegal();
        side = color ^ 1;
        epSquare = savedEp;
        return n;
    }

    /** Whether the side to move was in check when moves were last generated or counted. */
    boolean checkedAtGeneration() {
        return checkedAtGeneration;
    }

    /** The move list the generator keeps for a ply (perft's, or a search's). */
    int[] moveList(int ply) {
        return moveLists[ply];
    }

    /** Plies made since the last {@link #load}. */
    int ply() {
        return ply;
    }

    private void generateAll() {
        final int us = side;
        final long own = byColor[us];
        final long enemy = byColor[us ^ 1];
        final long occupied = own | enemy;
        final long kingBit = byType[KING] & own;
        final int king = numberOfTrailingZeros(kingBit);
        final long danger = attackMap(us ^ 1, occupied ^ kingBit);
        final boolean check = (danger & kingBit) != 0;
        checkedAtGeneration = check;
        // Quiescence (not in check): only captures, and pawn pushes only onto the last rank.
        final boolean tactical = tacticalOnly && !check;

        addMoves(king, KING_ATTACKS[king] & (tactical ? enemy : ~own) & ~danger);
        long target = tactical ? enemy : ~own;
        long pushTarget = tactical ? RANK_1 | RANK_8 : ~own;
        if (check) {
            long checkers = attackersOf(king, occupied) & enemy;
            if ((checkers & (checkers - 1)) != 0) {
                return; // double check: only the king can move
            }
            target = BETWEEN[king * 64 + numberOfTrailingZeros(checkers)] | checkers;
            pushTarget = target;
        } else if (!tactical) {
            addCastling(us, occupied, danger);
        }
        final long pinned = pinned(king, occupied, own, enemy);

        for (long m = byType[KNIGHT] & own & ~pinned; m != 0; m &= m - 1) {
            int s = numberOfTrailingZeros(m);
            addMoves(s, KNIGHT_ATTACKS[s] & target);
        }
        for (long m = (byType[BISHOP] | byType[QUEEN]) & own; m != 0; m &= m - 1) {
            int s = numberOfTrailingZeros(m);
            long targets = SlidingAttacks.bishop(s, occupied) & target;
            if ((pinned & bit(s)) != 0) {
                targets &= LINE[king * 64 + s];
            }
            addMoves(s, targets);
        }
        for (long m = (byType[ROOK] | byType[QUEEN]) & own; m != 0; m &= m - 1) {
            int s = numberOfTrailingZeros(m);
            long targets = SlidingAttacks.rook(s, occupied) & target;
            if ((pinned & bit(s)) != 0) {
                targets &= LINE[king * 64 + s];
            }
            addMoves(s, targets);
        }
        addPawnMoves(us, own, enemy, occupied, king, target, pushTarget, pinned);
    }

    /** Pawn moves: captures (and en passant) onto {@code target}, pushes onto {@code pushTarget}. */
    private void addPawnMoves(int us, long own, long enemy, long occupied, int king, long target,
                              long pushTarget, long pinned) {
        final long pawns = byType[PAWN] & own;
        final long free = pawns & ~pinned;
        final long empty = ~occupied;
        final int up;
        if (us == WHITE) {
            up = 8;
            long single = (free << 8) & empty;
            addPawnTargets(single & pushTarget, 8, PackedMove.NORMAL);
            addPawnTargets(((single & RANK_3) << 8) & empty & pushTarget, 16, PackedMove.DOUBLE_PUSH);
            addPawnTargets(((free & ~FILE_A) << 7) & enemy & target, 7, PackedMove.NORMAL);
            addPawnTargets(((free & ~FILE_H) << 9) & enemy & target, 9, PackedMove.NORMAL);
        } else {
            up = -8;
            long single = (free >>> 8) & empty;
            addPawnTargets(single & pushTarget, -8, PackedMove.NORMAL);
            addPawnTargets(((single & RANK_6) >>> 8) & empty & pushTarget, -16, PackedMove.DOUBLE_PUSH);
            addPawnTargets(((free & ~FILE_A) >>> 9) & enemy & target, -9, PackedMove.NORMAL);
            addPawnTargets(((free & ~FILE_H) >>> 7) & enemy & target, -7, PackedMove.NORMAL);
        }
        for (long m = pawns & pinned; m != 0; m &= m - 1) {
            int s = numberOfTrailingZeros(m);
            long line = LINE[king * 64 + s];
            long push = bit(s + up) & empty & line;
            addPawnTargetsFrom(s, (push & pushTarget) | (PAWN_ATTACKS[us * 64 + s] & enemy & line & target));
            boolean onStartRank = (s >>> 3) == (us == WHITE ? 1 : 6);
            if (push != 0 && onStartRank && (bit(s + 2 * up) & empty & pushTarget) != 0) {
                add(PackedMove.of(s, s + 2 * up, 0, PackedMove.DOUBLE_PUSH));
            }
        }
        if (epSquare != NO_SQUARE) {
            for (long m = PAWN_ATTACKS[(us ^ 1) * 64 + epSquare] & pawns; m != 0; m &= m - 1) {
                int s = numberOfTrailingZeros(m);
                if (enPassantLegal(s, king, occupied, enemy)) {
                    add(PackedMove.of(s, epSquare, 0, PackedMove.EN_PASSANT));
                }
            }
        }
    }

    private void addCastling(int us, long occupied, long danger) {
        if (us == WHITE) {
            if ((castling & WHITE_KINGSIDE) != 0 && ((occupied | danger) & 0x60L) == 0) {
                add(PackedMove.of(4, 6, 0, PackedMove.CASTLING));
            }
            if ((castling & WHITE_QUEENSIDE) != 0 && (occupied & 0x0EL) == 0 && (danger & 0x0CL) == 0) {
                add(PackedMove.of(4, 2, 0, PackedMove.CASTLING));
            }
        } else {
            if ((castling & BLACK_KINGSIDE) != 0 && ((occupied | danger) & (0x60L << 56)) == 0) {
                add(PackedMove.of(60, 62, 0, PackedMove.CASTLING));
            }
            if ((castling & BLACK_QUEENSIDE) != 0 && (occupied & (0x0EL << 56)) == 0
                    && (danger & (0x0CL << 56)) == 0) {
                add(PackedMove.of(60, 58, 0, PackedMove.CASTLING));
            }
        }
    }

    /**
     * En passant is legal unless the king is attacked once both pawns have left their squares and
     * the capturer stands on the skipped square (covers pins along the rank and checks).
     */
    private boolean enPassantLegal(int from, int king, long occupied, long enemy) {
        int victim = epSquare ^ 8; // the pawn that skipped stands one rank beyond the skipped square
        long after = occupied ^ bit(from) ^ bit(victim) ^ bit(epSquare);
        return (attackersOf(king, after) & enemy & ~bit(victim)) == 0;
    }

    /** Own pieces that are the only piece between their king and an enemy slider on that line. */
    private long pinned(int king, long occupied, long own, long enemy) {
        long snipers = ((SlidingAttacks.ROOK_RAYS[king] & (byType[ROOK] | byType[QUEEN]))
                | (SlidingAttacks.BISHOP_RAYS[king] & (byType[BISHOP] | byType[QUEEN]))) & enemy;
        long pinned = 0;
        for (long m = snipers; m != 0; m &= m - 1) {
            long between = BETWEEN[king * 64 + numberOfTrailingZeros(m)] & occupied;
            if (between != 0 && (between & (between - 1)) == 0) {
                pinned |= between & own;
            }
        }
        return pinned;
    }

    /** Every square a colour attacks, given an occupancy (sliders stop at the first piece). */
    long attackMap(int color, long occupied) {
        long own = byColor[color];
        long pawns = byType[PAWN] & own;
        long attacks = color == WHITE
                ? ((pawns & ~FILE_A) << 7) | ((pawns & ~FILE_H) << 9)
                : ((pawns & ~FILE_A) >>> 9) | ((pawns & ~FILE_H) >>> 7);
        for (long m = byType[KNIGHT] & own; m != 0; m &= m - 1) {
            attacks |= KNIGHT_ATTACKS[numberOfTrailingZeros(m)];
        }
        for (long m = (byType[BISHOP] | byType[QUEEN]) & own; m != 0; m &= m - 1) {
            attacks |= SlidingAttacks.bishop(numberOfTrailingZeros(m), occupied);
        }
        for (long m = (byType[ROOK] | byType[QUEEN]) & own; m != 0; m &= m - 1) {
            attacks |= SlidingAttacks.rook(numberOfTrailingZeros(m), occupied);
        }
        return attacks | KING_ATTACKS[numberOfTrailingZeros(byType[KING] & own)];
    }

    /** Pieces of both colours that attack a square, given an occupancy. */
    private long attackersOf(int square, long occupied) {
        return (PAWN_ATTACKS[square] & byType[PAWN] & byColor[Piece.BLACK])
                | (PAWN_ATTACKS[64 + square] & byType[PAWN] & byColor[WHITE])
                | (KNIGHT_ATTACKS[square] & byType[KNIGHT])
                | (KING_ATTACKS[square] & byType[KING])
                | (SlidingAttacks.bishop(square, occupied) & (byType[BISHOP] | byType[QUEEN]))
                | (SlidingAttacks.rook(square, occupied) & (byType[ROOK] | byType[QUEEN]));
    }

    /** Whether the side to move is in check. */
    boolean inCheck() {
        return kingAttacked(side);
    }

    /** Whether the given colour's king is attacked (used to reject impossible FEN positions). */
    boolean kingAttacked(int color) {
        long kingBit = byType[KING] & byColor[color];
        return (attackersOf(numberOfTrailingZeros(kingBit), byColor[0] | byColor[1]) & byColor[color ^ 1]) != 0;
    }

    /** Whether some en passant capture is legal now (decides if the ep square counts for repetition). */
    boolean enPassantPossible() {
        if (epSquare == NO_SQUARE) {
            return false;
        }
        long own = byColor[side];
        int king = numberOfTrailingZeros(byType[KING] & own);
        long occupied = own | byColor[side ^ 1];
        for (long m = PAWN_ATTACKS[(side ^ 1) * 64 + epSquare] & byType[PAWN] & own; m != 0; m &= m - 1) {
            if (enPassantLegal(numberOfTrailingZeros(m), king, occupied, byColor[side ^ 1])) {
                return true;
            }
        }
        return false;
    }

    private void add(int move) {
        if (counting) {
            counted++;
        } else {
            out[outSize++] = move;
        }
    }

    /** Moves of one piece to each target square. */
    private void addMoves(int from, long targets) {
        if (counting) {
            counted += bitCount(targets);
            return;
        }
        for (; targets != 0; targets &= targets - 1) {
            out[outSize++] = from | numberOfTrailingZeros(targets) << 6;
        }
    }

    /** Pawn moves to each target, each coming from {@code delta} squares behind; four on the last rank. */
    private void addPawnTargets(long targets, int delta, int kind) {
        long promotions = targets & (RANK_1 | RANK_8);
        long plain = targets ^ promotions;
        if (counting) {
            counted += bitCount(plain) + 4L * bitCount(promotions);
            return;
        }
        for (; plain != 0; plain &= plain - 1) {
            int to = numberOfTrailingZeros(plain);
            out[outSize++] = PackedMove.of(to - delta, to, 0, kind);
        }
        for (; promotions != 0; promotions &= promotions - 1) {
            int to = numberOfTrailingZeros(promotions);
            addPromotions(to - delta, to);
        }
    }

    /** Single-step and capture moves of one (pinned) pawn. */
    private void addPawnTargetsFrom(int from, long targets) {
        long promotions = targets & (RANK_1 | RANK_8);
        long plain = targets ^ promotions;
        if (counting) {
            counted += bitCount(plain) + 4L * bitCount(promotions);
            return;
        }
        for (; plain != 0; plain &= plain - 1) {
            out[outSize++] = from | numberOfTrailingZeros(plain) << 6;
        }
        for (; promotions != 0; promotions &= promotions - 1) {
            addPromotions(from, numberOfTrailingZeros(promotions));
        }
    }

    private void addPromotions(int from, int to) {
        for (int type = QUEEN; type >= KNIGHT; type--) {
            out[outSize++] = PackedMove.of(from, to, type, PackedMove.NORMAL);
        }
    }

    // ------------------------------------------------------------------------------------------
    // Make and unmake

    void make(int move) {
        final int from = PackedMove.from(move);
        final int to = PackedMove.to(move);
        final int us = side;
        final int piece = board[from];
        final int captured = board[to];
        undo[ply++] = captured | castling << 4 | epSquare << 8 | halfmoveClock << 15;
        final long fromTo = bit(from) | bit(to);
        halfmoveClock++;
        if (captured != 0) {
            byType[Piece.type(captured)] ^= bit(to);
            byColor[us ^ 1] ^= bit(to);
            halfmoveClock = 0;
        }
        byType[Piece.type(piece)] ^= fromTo;
        byColor[us] ^= fromTo;
        board[from] = 0;
        board[to] = piece;
        epSquare = NO_SQUARE;
        switch (PackedMove.kind(move)) {
            case PackedMove.NORMAL -> {
                int promotion = PackedMove.promotion(move);
                if (promotion != 0) {
                    byType[PAWN] ^= bit(to);
                    byType[promotion] ^= bit(to);
                    board[to] = Piece.of(promotion, us);
                }
            }
            case PackedMove.DOUBLE_PUSH -> epSquare = (from + to) >>> 1;
            case PackedMove.EN_PASSANT -> {
                int victim = to ^ 8;
                byType[PAWN] ^= bit(victim);
                byColor[us ^ 1] ^= bit(victim);
                board[victim] = 0;
            }
            default -> moveCastlingRook(from, to, us);
        }
        if (Piece.type(piece) == PAWN) {
            halfmoveClock = 0;
        }
        castling &= RIGHTS_KEPT[from] & RIGHTS_KEPT[to];
        side = us ^ 1;
    }

    void unmake(int move) {
        final int from = PackedMove.from(move);
        final int to = PackedMove.to(move);
        final int us = side ^ 1;
        final int saved = undo[--ply];
        final int captured = saved & 15;
        side = us;
        castling = (saved >>> 4) & 15;
        epSquare = (saved >>> 8) & 127;
        halfmoveClock = saved >>> 15;
        switch (PackedMove.kind(move)) {
            case PackedMove.NORMAL -> {
                int promotion = PackedMove.promotion(move);
                if (promotion != 0) {
                    byType[promotion] ^= bit(to);
                    byType[PAWN] ^= bit(to);
                    board[to] = Piece.of(PAWN, us);
                }
            }
            case PackedMove.EN_PASSANT -> {
                int victim = to ^ 8;
                byType[PAWN] ^= bit(victim);
                byColor[us ^ 1] ^= bit(victim);
                board[victim] = Piece.of(PAWN, us ^ 1);
            }
            case PackedMove.CASTLING -> moveCastlingRook(from, to, us);
            default -> {
            }
        }
        final int piece = board[to];
        final long fromTo = bit(from) | bit(to);
        byType[Piece.type(piece)] ^= fromTo;
        byColor[us] ^= fromTo;
        board[from] = piece;
        board[to] = captured;
        if (captured != 0) {
            byType[Piece.type(captured)] ^= bit(to);
            byColor[us ^ 1] ^= bit(to);
        }
    }

    /** Moves (or, undoing, moves back) the rook of a castling given as the king's move. */
    private void moveCastlingRook(int kingFrom, int kingTo, int us) {
        int rookFrom = kingTo > kingFrom ? kingTo + 1 : kingTo - 2;
        int rookTo = (kingFrom + kingTo) >>> 1;
        long fromTo = bit(rookFrom) | bit(rookTo);
        byType[ROOK] ^= fromTo;
        byColor[us] ^= fromTo;
        int swap = board[rookFrom];
        board[rookFrom] = board[rookTo];
        board[rookTo] = swap;
    }

    // ------------------------------------------------------------------------------------------
    // Perft

    /** Leaf nodes of the legal move tree to {@code depth}; the last ply is counted, not played. */
    long perft(int depth) {
        if (depth <= 0) {
            return 1;
        }
        if (depth == 1) {
            return countLegal();
        }
        int[] list = moveLists[ply];
        int n = generate(list);
        long leaves = 0;
        for (int i = 0; i < n; i++) {
            int move = list[i];
            make(move);
            leaves += perft(depth - 1);
            unmake(move);
        }
        return leaves;
    }
}

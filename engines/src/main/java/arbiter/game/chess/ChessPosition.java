package arbiter.game.chess;

import static arbiter.game.chess.Piece.BISHOP;
import static arbiter.game.chess.Piece.KING;
import static arbiter.game.chess.Piece.KNIGHT;
import static arbiter.game.chess.Piece.PAWN;
import static arbiter.game.chess.Piece.QUEEN;
import static arbiter.game.chess.Piece.ROOK;

import arbiter.game.EndReason;
import arbiter.game.Move;
import arbiter.game.NotationException;
import arbiter.game.Outcome;
import arbiter.game.Position;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An immutable chess position: pieces as bitboards, side to move, castling rights, en passant
 * square, halfmove clock and fullmove number (the six FEN fields). Generation, play and perft go
 * through a per-thread {@link MoveGenerator} loaded with this position.
 *
 * <p>Two positions are the same for repetition (FIDE 9.2) when the same pieces stand on the same
 * squares, the same side is to move, and the castling rights and en passant captures possible are
 * the same. So the hash and {@link #equals} include the en passant square only when an en passant
 * capture is actually legal, and leave out the two move counters.
 */
public final class ChessPosition implements Position {
    private static final ThreadLocal<MoveGenerator> GENERATOR = ThreadLocal.withInitial(MoveGenerator::new);
    /** Longest line {@link #formatLine} and {@link #parseUciLine} walk. */
    private static final int LINE_PLIES = 64;
    /** Walks a line of moves (a principal variation) without making a position per move. */
    private static final ThreadLocal<MoveGenerator> LINE_GENERATOR = ThreadLocal.withInitial(() -> new MoveGenerator(LINE_PLIES + 1));

    private final ChessRules rules;
    private final long[] byType;
    private final long[] byColor;
    private final int side;
    private final int castling;
    private final int epSquare;
    private final int halfmoveClock;
    private final int fullmoveNumber;
    /** Whether an en passant capture is legal, i.e. whether {@link #epSquare} matters for repetition. */
    private final boolean enPassantPossible;
    private final long hash;
    /** Legal moves, computed on first use (racing threads compute the same value). */
    private Legal legal;

    private record Legal(int[] packed, List<Move> moves) {
    }

    /** A position from FEN fields; the caller has checked them (see {@link ChessFen}). */
    ChessPosition(ChessRules rules, long[] byType, long[] byColor, int side, int castling, int epSquare,
                  int halfmoveClock, int fullmoveNumber) {
        this.rules = rules;
        this.byType = byType.clone();
        this.byColor = byColor.clone();
        this.side = side;
        this.castling = castling;
        this.epSquare = epSquare;
        this.halfmoveClock = halfmoveClock;
        this.fullmoveNumber = fullmoveNumber;
        this.enPassantPossible = load().enPassantPossible();
        this.hash = computeHash();
    }

    /** The position a generator holds after a move. */
    private ChessPosition(ChessRules rules, MoveGenerator g, int fullmoveNumber) {
        this.rules = rules;
        this.byType = g.byType.clone();
        this.byColor = g.byColor.clone();
        this.side = g.side;
        this.castling = g.castling;
        this.epSquare = g.epSquare;
        this.halfmoveClock = g.halfmoveClock;
        this.fullmoveNumber = fullmoveNumber;
        this.enPassantPossible = g.enPassantPossible();
        this.hash = computeHash();
    }

    /** This thread's generator, set up with this position. */
    MoveGenerator load() {
        MoveGenerator g = GENERATOR.get();
        loadInto(g);
        return g;
    }

    /** Sets up a generator (e.g. a search board's own) with this position. */
    void loadInto(MoveGenerator g) {
        g.load(byType, byColor, side, castling, epSquare, halfmoveClock);
    }

    /** The position a generator holds, as an immutable value. */
    static ChessPosition of(ChessRules rules, MoveGenerator g, int fullmoveNumber) {
        return new ChessPosition(rules, g, fullmoveNumber);
    }

    @Override
    public ChessRules rules() {
        return rules;
    }

    @Override
    public int sideToMove() {
        return side;
    }

    /** The piece on a square as its FEN letter (upper case White), or {@code '.'} if empty. */
    public char pieceAt(int square) {
        int piece = piece(square);
        return piece == 0 ? '.' : Piece.fenLetter(piece);
    }

    /** The coloured piece on a square as {@link Piece} codes it, 0 if empty. */
    int piece(int square) {
        long bit = 1L << square;
        for (int type = PAWN; type <= KING; type++) {
            if ((byType[type] & bit) != 0) {
                return Piece.of(type, (byColor[Piece.WHITE] & bit) != 0 ? Piece.WHITE : Piece.BLACK);
            }
        }
        return 0;
    }

    long pieces(int type) {
        return byType[type];
    }

    long pieces(int type, int color) {
        return byType[type] & byColor[color];
    }

    /** Castling rights as a 4-bit set (see the constants in {@link MoveGenerator}). */
    int castlingRights() {
        return castling;
    }

    /** The square a pawn skipped on the last move, as FEN writes it, or -1. */
    public int enPassantSquare() {
        return epSquare == MoveGenerator.NO_SQUARE ? -1 : epSquare;
    }

    /** Plies since the last capture or pawn move. */
    public int halfmoveClock() {
        return halfmoveClock;
    }

    public int fullmoveNumber() {
        return fullmoveNumber;
    }

    public boolean inCheck() {
        return load().inCheck();
    }

    @Override
    public List<Move> legalMoves() {
        return legal().moves();
    }

    /** Legal moves in the generator's packed form (do not modify). */
    int[] packedMoves() {
        return legal().packed();
    }

    private Legal legal() {
        Legal l = legal;
        if (l == null) {
            int[] buffer = new int[MoveGenerator.MAX_MOVES];
            int n = load().generate(buffer);
            int[] packed = Arrays.copyOf(buffer, n);
            List<Move> moves = new ArrayList<>(n);
            for (int move : packed) {
                moves.add(ChessMove.of(move));
            }
            l = new Legal(packed, List.copyOf(moves));
            legal = l;
        }
        return l;
    }

    /** The packed form of a legal move, or 0 if the move is not legal here. */
    int packedOf(ChessMove move) {
        int[] legal = packedMoves();
        return find(legal, legal.length, move.from(), move.to(), move.promotion());
    }

    private int requireLegal(Move move) {
        int packed = move instanceof ChessMove m ? packedOf(m) : 0;
        if (packed == 0) {
            throw new IllegalArgumentException("illegal move " + move + " in position " + toText());
        }
        return packed;
    }

    @Override
    public ChessPosition play(Move move) {
        int packed = requireLegal(move);
        MoveGenerator g = load();
        g.make(packed);
        return new ChessPosition(rules, g, side == Piece.BLACK ? fullmoveNumber + 1 : fullmoveNumber);
    }

    /** SAN of a line on one generator by make: a legal-move generation per ply, no position objects. */
    @Override
    public List<String> formatLine(List<Move> line, int max) {
        MoveGenerator g = LINE_GENERATOR.get();
        loadInto(g);
        List<String> out = new ArrayList<>(Math.min(line.size(), max));
        for (int i = 0; i < line.size() && i < Math.min(max, LINE_PLIES); i++) {
            int[] legal = g.moveList(g.ply());
            int n = g.generate(legal);
            int packed = line.get(i) instanceof ChessMove m ? find(legal, n, m.from(), m.to(), m.promotion()) : 0;
            if (packed == 0) {
                break;
            }
            out.add(ChessNotation.san(g, legal, n, packed));
            g.make(packed);
        }
        return out;
    }

    /**
     * The moves of a line in UCI notation ({@code e2e4}, {@code e7e8q}) as far as they are legal,
     * at most {@code max}: an engine's principal variation, read without a position per move.
     */
    public List<Move> parseUciLine(List<String> line, int max) {
        MoveGenerator g = LINE_GENERATOR.get();
        loadInto(g);
        List<Move> out = new ArrayList<>(Math.min(line.size(), max));
        for (int i = 0; i < line.size() && i < Math.min(max, LINE_PLIES); i++) {
            String text = line.get(i);
            if (text.length() < 4 || text.length() > 5) {
                break;
            }
            int from = ChessNotation.parseSquare(text.substring(0, 2));
            int to = ChessNotation.parseSquare(text.substring(2, 4));
            int promotion = text.length() == 5 ? "nbrq".indexOf(text.charAt(4)) + Piece.KNIGHT : 0;
            if (from < 0 || to < 0 || promotion == Piece.KNIGHT - 1) {
                break;
            }
            int[] legal = g.moveList(g.ply());
            int packed = find(legal, g.generate(legal), from, to, promotion);
            if (packed == 0) {
                break;
            }
            out.add(ChessMove.of(packed));
            g.make(packed);
        }
        return out;
    }

    /** The packed form of the move among the first {@code n} of {@code legal}, or 0. */
    private static int find(int[] legal, int n, int from, int to, int promotion) {
        for (int i = 0; i < n; i++) {
            int packed = legal[i];
            if (PackedMove.from(packed) == from && PackedMove.to(packed) == to && PackedMove.promotion(packed) == promotion) {
                return packed;
            }
        }
        return 0;
    }

    @Override
    public Outcome outcome() {
        if (packedMoves().length == 0) {
            return inCheck()
                    ? new Outcome.Win(side ^ 1, EndReason.CHECKMATE)
                    : new Outcome.Draw(EndReason.STALEMATE);
        }
        if (halfmoveClock >= 100) {
            return new Outcome.Draw(EndReason.NO_PROGRESS);
        }
        if (insufficientMaterial()) {
            return new Outcome.Draw(EndReason.INSUFFICIENT_MATERIAL);
        }
        return null;
    }

    /**
     * No sequence of legal moves can mate: bare kings, a single knight, or bishops all on squares of
     * one colour (K v K, K+N v K, K+B v K, K+B v K+B with same-coloured bishops...).
     */
    public boolean insufficientMaterial() {
        if ((byType[PAWN] | byType[ROOK] | byType[QUEEN]) != 0) {
            return false;
        }
        long bishops = byType[BISHOP];
        long knights = byType[KNIGHT];
        if (knights == 0) {
            return (bishops & Bitboards.DARK_SQUARES) == 0 || (bishops & ~Bitboards.DARK_SQUARES) == 0;
        }
        return bishops == 0 && Long.bitCount(knights) == 1;
    }

    /** Captures, pawn moves and moves that lose castling rights: no earlier position can recur. */
    @Override
    public boolean isIrreversible(Move move) {
        int packed = requireLegal(move);
        int from = PackedMove.from(packed);
        int to = PackedMove.to(packed);
        return Piece.type(piece(from)) == PAWN || piece(to) != 0
                || MoveGenerator.castlingAfter(castling, from, to) != castling;
    }

    @Override
    public boolean resetsProgressCount(Move move) {
        int packed = requireLegal(move);
        return Piece.type(piece(PackedMove.from(packed))) == PAWN || piece(PackedMove.to(packed)) != 0;
    }

    @Override
    public int moveNumber() {
        return fullmoveNumber;
    }

    @Override
    public String formatMove(Move move) {
        return ChessNotation.san(this, requireLegal(move));
    }

    /** The move in UCI long algebraic notation ({@code e2e4}, {@code e7e8q}, castling {@code e1g1}). */
    public String formatUci(Move move) {
        return ChessMove.of(requireLegal(move)).uci();
    }

    /** Accepts SAN ({@code Nbd7}, {@code exd6}, {@code O-O}, {@code e8=Q+}) and UCI ({@code e7e8q}). */
    @Override
    public ChessMove parseMove(String text) throws NotationException {
        return ChessNotation.parse(this, text);
    }

    @Override
    public String toText() {
        return ChessFen.format(this);
    }

    @Override
    public long hash() {
        return hash;
    }

    @Override
    public long perft(int depth) {
        if (depth >= MoveGenerator.MAX_PLY) {
            throw new IllegalArgumentException("perft depth must be below " + MoveGenerator.MAX_PLY + ", got " + depth);
        }
        return load().perft(depth);
    }

    private long computeHash() {
        long h = side == Piece.BLACK ? Zobrist.BLACK_TO_MOVE : 0;
        for (int type = PAWN; type <= KING; type++) {
            for (int color = Piece.WHITE; color <= Piece.BLACK; color++) {
                int base = Piece.of(type, color) * 64;
                for (long m = byType[type] & byColor[color]; m != 0; m &= m - 1) {
                    h ^= Zobrist.PIECE_SQUARE[base + Long.numberOfTrailingZeros(m)];
                }
            }
        }
        h ^= Zobrist.CASTLING[castling];
        if (enPassantPossible) {
            h ^= Zobrist.EN_PASSANT_FILE[epSquare & 7];
        }
        return h;
    }

    /** Same position for repetition: pieces, side to move, castling rights, possible en passant. */
    @Override
    public boolean equals(Object o) {
        return o instanceof ChessPosition p && p.rules.equals(rules) && Arrays.equals(p.byType, byType)
                && Arrays.equals(p.byColor, byColor) && p.side == side && p.castling == castling
                && p.enPassantPossible == enPassantPossible && (!enPassantPossible || p.epSquare == epSquare);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(hash);
    }

    @Override
    public String toString() {
        return toText();
    }
}

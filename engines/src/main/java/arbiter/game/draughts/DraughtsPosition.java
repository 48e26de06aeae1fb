package arbiter.game.draughts;

import arbiter.game.EndReason;
import arbiter.game.Move;
import arbiter.game.NotationException;
import arbiter.game.Outcome;
import arbiter.game.Position;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * An immutable draughts position: pieces as bitboards in the {@link Geometry} layout, the side to
 * move, and the number of plies since the last capture or man move (for the no-progress draw).
 */
public final class DraughtsPosition implements Position {
    /** Zobrist keys by piece kind (white man, white king, black man, black king) and bit. */
    static final long[][] ZOBRIST = new long[4][64];
    static final long ZOBRIST_BLACK_TO_MOVE;

    static {
        SplittableRandom random = new SplittableRandom(0x5EED_D8A7_0001L);
        for (long[] row : ZOBRIST) {
            for (int i = 0; i < row.length; i++) {
                row[i] = random.nextLong();
            }
        }
        ZOBRIST_BLACK_TO_MOVE = random.nextLong();
    }

    /** One generator per thread and rule set: generation keeps scratch state in the generator. */
    private static final ThreadLocal<Generators> GENERATORS = ThreadLocal.withInitial(Generators::new);

    /**
     * A thread's generators by rule set, with the last one used at hand: a game asks for the same
     * rules at every node, and hashing the rules record each time cost more than generating.
     */
    private static final class Generators {
        final Map<DraughtsRules, MoveGenerator> all = new HashMap<>();
        DraughtsRules lastRules;
        MoveGenerator last;

        MoveGenerator of(DraughtsRules rules) {
            if (rules != lastRules) {
                last = all.computeIfAbsent(rules, MoveGenerator::new);
                lastRules = rules;
            }
            return last;
        }
    }

    private final DraughtsRules rules;
    private final long white;
    private final long black;
    private final long kings;
    private final boolean whiteToMove;
    private final int quietPlies;
    private final long hash;
    private List<Move> legalMoves;

    DraughtsPosition(DraughtsRules rules, long white, long black, long kings, boolean whiteToMove,
                     int quietPlies) {
        this.rules = rules;
        this.white = white;
        this.black = black;
        this.kings = kings;
        this.whiteToMove = whiteToMove;
        this.quietPlies = quietPlies;
        this.hash = computeHash();
    }

    static DraughtsPosition start(DraughtsRules rules) {
        Geometry g = Geometry.of(rules.width());
        int men = rules.menPerSide();
        long black = 0;
        long white = 0;
        for (int s = 1; s <= men; s++) {
            black |= 1L << g.bit(s);
            white |= 1L << g.bit(g.squares + 1 - s);
        }
        return new DraughtsPosition(rules, white, black, 0L, !rules.blackMovesFirst(), 0);
    }

    static MoveGenerator generator(DraughtsRules rules) {
        return GENERATORS.get().of(rules);
    }

    public Geometry geometry() {
        return Geometry.of(rules.width());
    }

    @Override
    public DraughtsRules rules() {
        return rules;
    }

    @Override
    public int sideToMove() {
        return whiteToMove ? 0 : 1;
    }

    public boolean whiteToMove() {
        return whiteToMove;
    }

    /** Plies since the last capture or man move. */
    public int quietPlies() {
        return quietPlies;
    }

    public long whiteBits() {
        return white;
    }

    public long blackBits() {
        return black;
    }

    public long kingBits() {
        return kings;
    }

    /** Piece on a square: 'w' white man, 'W' white king, 'b', 'B' for Black, or 'e' for empty. */
    public char pieceAt(int square) {
        long bit = 1L << geometry().bit(square);
        boolean king = (kings & bit) != 0;
        if ((white & bit) != 0) {
            return king ? 'W' : 'w';
        }
        if ((black & bit) != 0) {
            return king ? 'B' : 'b';
        }
        return 'e';
    }

    @Override
    public List<Move> legalMoves() {
        List<Move> moves = legalMoves;
        if (moves == null) {
            Geometry g = geometry();
            MoveList list = new MoveList();
            generator(rules).generate(white, black, kings, whiteToMove, list);
            List<Move> result = new ArrayList<>(list.size);
            for (int i = 0; i < list.size; i++) {
                int packed = list.packed[i];
                result.add(new DraughtsMove(g.square(MoveList.from(packed)), g.square(MoveList.to(packed)),
                        g.toSquareMask(list.captured[i]), (packed & MoveList.PROMOTES) != 0));
            }
            moves = List.copyOf(result);
            legalMoves = moves;
        }
        return moves;
    }

    @Override
    public DraughtsPosition play(Move move) {
        DraughtsMove m = (DraughtsMove) move;
        Geometry g = geometry();
        long from = 1L << g.bit(m.from());
        long to = 1L << g.bit(m.to());
        long captured = g.fromSquareMask(m.captured());
        boolean king = (kings & from) != 0;
        long w = white;
        long b = black;
        long k = kings & ~captured;
        if (whiteToMove) {
            w = (w & ~from) | to;
            b &= ~captured;
        } else {
            b = (b & ~from) | to;
            w &= ~captured;
        }
        if (king) {
            k = (k & ~from) | to;
        } else if (m.promotes()) {
            k |= to;
        }
        int quiet = (m.isCapture() || !king) ? 0 : quietPlies + 1;
        return new DraughtsPosition(rules, w, b, k, !whiteToMove, quiet);
    }

    @Override
    public boolean isIrreversible(Move move) {
        DraughtsMove m = (DraughtsMove) move;
        return m.isCapture() || (kings & (1L << geometry().bit(m.from()))) == 0;
    }

    @Override
    public Outcome outcome() {
        if (legalMoves().isEmpty()) {
            return new Outcome.Win(whiteToMove ? 1 : 0, EndReason.NO_LEGAL_MOVE);
        }
        if (rules.noProgressMoves() > 0 && quietPlies >= 2 * rules.noProgressMoves()) {
            return new Outcome.Draw(EndReason.NO_PROGRESS);
        }
        return null;
    }

    @Override
    public String formatMove(Move move) {
        return DraughtsNotation.format(this, (DraughtsMove) move);
    }

    @Override
    public DraughtsMove parseMove(String text) throws NotationException {
        return DraughtsNotation.parse(this, text);
    }

    @Override
    public String toText() {
        return DraughtsFen.format(this);
    }

    @Override
    public long hash() {
        return hash;
    }

    @Override
    public long perft(int depth) {
        return generator(rules).perft(white, black, kings, whiteToMove, depth);
    }

    private long computeHash() {
        long h = whiteToMove ? 0 : ZOBRIST_BLACK_TO_MOVE;
        for (long m = white & ~kings; m != 0; m &= m - 1) {
            h ^= ZOBRIST[0][Long.numberOfTrailingZeros(m)];
        }
        for (long m = white & kings; m != 0; m &= m - 1) {
            h ^= ZOBRIST[1][Long.numberOfTrailingZeros(m)];
        }
        for (long m = black & ~kings; m != 0; m &= m - 1) {
            h ^= ZOBRIST[2][Long.numberOfTrailingZeros(m)];
        }
        for (long m = black & kings; m != 0; m &= m - 1) {
            h ^= ZOBRIST[3][Long.numberOfTrailingZeros(m)];
        }
        return h;
    }

    /** Same rules, pieces and side to move (the no-progress counter is not compared). */
    @Override
    public boolean equals(Object o) {
        return o instanceof DraughtsPosition p && p.rules.equals(rules) && p.white == white
                && p.black == black && p.kings == kings && p.whiteToMove == whiteToMove;
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

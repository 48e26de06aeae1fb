package arbiter.game.draughts;

/**
 * Legal-move generation and perft for every draughts variant, on the bit layout of {@link Geometry}.
 *
 * <p>One instance per thread: the capture search keeps its state in fields so that the hot path
 * allocates nothing. Colours: White starts at the bottom (high square numbers) and moves up, toward
 * square 1; Black moves down.
 *
 * <p>Captures follow the rules every variant shares: capturing is compulsory; a capture goes on while
 * the capturing piece can capture again; captured pieces stay on the board until the move is over, so
 * they block and cannot be jumped twice; the capturing piece's own start square counts as empty. A
 * move is identified by (from, to, captured set, crowned): capture paths that differ only in order
 * are recorded once.
 */
final class MoveGenerator {
    private static final int MAX_PLY = 128;

    private final Geometry geometry;
    private final long board;
    private final int half;
    private final boolean menCaptureBackward;
    private final boolean flyingKings;
    private final boolean majorityCapture;
    private final boolean kingCapturePriority;
    private final CapturePromotion capturePromotion;

    // State of the capture search in progress (valid only inside generate/generateCaptures).
    private MoveList sink;
    private int captureStart;
    private int bestCount;
    private long capturable;
    private long empty;
    private int fromBit;
    /** KING_MOVE when the capturing piece started the move as a king. */
    private int moverFlags;
    private long promotionRow;
    private boolean whiteMoves;
    /** Optional: records the landing squares of every capture path (for long notation). */
    private PathSink pathSink;
    private final int[] path = new int[64];

    private final MoveList[] plyLists = new MoveList[MAX_PLY];
    private final MoveList countList = new MoveList();

    /** Receives each capture path found: landing bits path[0..length-1], the last one being "to". */
    interface PathSink {
        void path(int fromBit, int[] landings, int length, long capturedBits, boolean promotes);
    }

    MoveGenerator(DraughtsRules rules) {
        this.geometry = Geometry.of(rules.width());
        this.board = geometry.board;
        this.half = geometry.half;
        this.menCaptureBackward = rules.menCaptureBackward();
        this.flyingKings = rules.flyingKings();
        this.majorityCapture = rules.majorityCapture();
        this.kingCapturePriority = rules.kingCapturePriority();
        this.capturePromotion = rules.capturePromotion();
    }

    /** Shifts a bitboard one diagonal step: negative steps go up (toward square 1). */
    static long step(long bits, int shift) {
        return shift > 0 ? bits << shift : bits >>> -shift;
    }

    // ------------------------------------------------------------------------------------------
    // Generation

    /** Fills {@code out} with the legal moves of the side to move. */
    void generate(long white, long black, long kings, boolean whiteToMove, MoveList out) {
        out.clear();
        generateCaptures(white, black, kings, whiteToMove, out, null);
        if (out.size == 0) {
            generateQuiet(white, black, kings, whiteToMove, out);
        }
    }

    /** Fills {@code out} with the legal captures only (empty if no capture is possible). */
    void generateCaptures(long white, long black, long kings, boolean whiteToMove, MoveList out,
                          PathSink paths) {
        long own = whiteToMove ? white : black;
        long opp = whiteToMove ? black : white;
        long vacant = board & ~(white | black);
        sink = out;
        out.clear();
        captureStart = 0;
        bestCount = 1;
        capturable = opp;
        whiteMoves = whiteToMove;
        promotionRow = whiteToMove ? geometry.topRow : geometry.bottomRow;
        pathSink = paths;

        for (long k = own & kings; k != 0; k &= k - 1) {
            fromBit = Long.numberOfTrailingZeros(k);
            long from = 1L << fromBit;
            empty = vacant | from;
            moverFlags = MoveList.KING_MOVE;
            if (flyingKings) {
                flyingKingCapture(from, 0L, 0, KING);
            } else {
                shortCapture(from, 0L, 0, KING);
            }
        }
        if (kingCapturePriority && out.size > 0) {
            pathSink = null;
            return;
        }
        for (long m = own & ~kings; m != 0; m &= m - 1) {
            fromBit = Long.numberOfTrailingZeros(m);
            long from = 1L << fromBit;
            empty = vacant | from;
            moverFlags = 0;
            shortCapture(from, 0L, 0, MAN);
        }
        pathSink = null;
    }

    private static final int MAN = 0;
    private static final int KING = 1;
    /** A man crowned during this capture (Russian); it captures as a king from then on. */
    private static final int CROWNED = 2;

    /**
     * Capture by a man, or by a king that moves one square (non-flying), from {@code at}.
     * {@code kind} is MAN or KING.
     */
    private void shortCapture(long at, long captured, int count, int kind) {
        boolean extended = false;
        int first = (kind == MAN && !menCaptureBackward) ? (whiteMoves ? 0 : 2) : 0;
        int last = (kind == MAN && !menCaptureBackward) ? (whiteMoves ? 1 : 3) : 3;
        for (int dir = first; dir <= last; dir++) {
            int shift = geometry.steps[dir];
            long victim = step(at, shift) & capturable & ~captured;
            if (victim == 0) {
                continue;
            }
            long landing = step(victim, shift) & empty;
            if (landing == 0) {
                continue;
            }
            extended = true;
            long nowCaptured = captured | victim;
            path[count] = Long.numberOfTrailingZeros(landing);
            if (kind == MAN && (landing & promotionRow) != 0) {
                if (capturePromotion == CapturePromotion.STOP) {
                    record(landing, nowCaptured, count + 1, true);
                    continue;
                }
                if (capturePromotion == CapturePromotion.CONTINUE_AS_KING) {
                    if (flyingKings) {
                        flyingKingCapture(landing, nowCaptured, count + 1, CROWNED);
                    } else {
                        shortCapture(landing, nowCaptured, count + 1, CROWNED);
                    }
                    continue;
                }
            }
            shortCapture(landing, nowCaptured, count + 1, kind);
        }
        if (!extended && count > 0) {
            record(at, captured, count, kind == CROWNED || (kind == MAN && (at & promotionRow) != 0));
        }
    }

    /**
     * Capture by a flying king (or a man crowned mid-capture, kind CROWNED). After jumping a piece the
     * king may land on any empty square beyond it, but where some of those squares allow the capture to
     * go on, it must land on one of those.
     */
    private void flyingKingCapture(long at, long captured, int count, int kind) {
        boolean extended = false;
        for (int dir = 0; dir < 4; dir++) {
            int shift = geometry.steps[dir];
            long x = step(at, shift);
            while ((x & empty) != 0) {
                x = step(x, shift);
            }
            long victim = x & capturable & ~captured;
            if (victim == 0) {
                continue;
            }
            long landing = step(victim, shift) & empty;
            if (landing == 0) {
                continue;
            }
            extended = true;
            long nowCaptured = captured | victim;
            boolean anyContinues = false;
            for (long l = landing; (l & empty) != 0; l = step(l, shift)) {
                if (canKingCaptureFrom(l, nowCaptured, shift)) {
                    anyContinues = true;
                    break;
                }
            }
            for (long l = landing; (l & empty) != 0; l = step(l, shift)) {
                path[count] = Long.numberOfTrailingZeros(l);
                if (anyContinues) {
                    if (canKingCaptureFrom(l, nowCaptured, shift)) {
                        flyingKingCapture(l, nowCaptured, count + 1, kind);
                    }
                } else {
                    record(l, nowCaptured, count + 1, kind == CROWNED);
                }
            }
        }
        if (!extended && count > 0) {
            record(at, captured, count, kind == CROWNED);
        }
    }

    /**
     * Whether a flying king on {@code at} can capture again, in any direction but back along
     * {@code arrivedBy} (that way lies the piece it just jumped, which blocks).
     */
    private boolean canKingCaptureFrom(long at, long captured, int arrivedBy) {
        for (int dir = 0; dir < 4; dir++) {
            int shift = geometry.steps[dir];
            if (shift == -arrivedBy) {
                continue;
            }
            long x = step(at, shift);
            while ((x & empty) != 0) {
                x = step(x, shift);
            }
            if ((x & capturable & ~captured) != 0 && (step(x, shift) & empty) != 0) {
                return true;
            }
        }
        return false;
    }

    /** Adds a finished capture to the sink, applying the majority rule and merging duplicates. */
    private void record(long at, long captured, int count, boolean promotes) {
        MoveList out = sink;
        if (majorityCapture) {
            if (count < bestCount) {
                return;
            }
            if (count > bestCount) {
                bestCount = count;
                out.size = captureStart;
            }
        }
        int toBit = Long.numberOfTrailingZeros(at);
        int flags = moverFlags | (promotes ? MoveList.PROMOTES : 0);
        int move = MoveList.pack(fromBit, toBit, flags);
        if (pathSink != null) {
            pathSink.path(fromBit, path, count, captured, promotes);
        }
        for (int i = captureStart; i < out.size; i++) {
            if (out.packed[i] == move && out.captured[i] == captured) {
                return;
            }
        }
        out.add(move, captured);
    }

    /** Quiet (non-capturing) moves: men step forward, kings step or fly in all four directions. */
    private void generateQuiet(long white, long black, long kings, boolean whiteToMove, MoveList out) {
        long own = whiteToMove ? white : black;
        long vacant = board & ~(white | black);
        long men = own & ~kings;
        long row = whiteToMove ? geometry.topRow : geometry.bottomRow;
        int firstDir = whiteToMove ? 0 : 2;
        for (int dir = firstDir; dir < firstDir + 2; dir++) {
            int shift = geometry.steps[dir];
            for (long t = step(men, shift) & vacant; t != 0; t &= t - 1) {
                int to = Long.numberOfTrailingZeros(t);
                int flags = ((1L << to) & row) != 0 ? MoveList.PROMOTES : 0;
                out.add(MoveList.pack(to - shift, to, flags), 0L);
            }
        }
        long ownKings = own & kings;
        if (ownKings == 0) {
            return;
        }
        for (int dir = 0; dir < 4; dir++) {
            int shift = geometry.steps[dir];
            if (flyingKings) {
                for (long k = ownKings; k != 0; k &= k - 1) {
                    int from = Long.numberOfTrailingZeros(k);
                    for (long x = step(1L << from, shift) & vacant; x != 0; x = step(x, shift) & vacant) {
                        out.add(MoveList.pack(from, Long.numberOfTrailingZeros(x), MoveList.KING_MOVE), 0L);
                    }
                }
            } else {
                for (long t = step(ownKings, shift) & vacant; t != 0; t &= t - 1) {
                    int to = Long.numberOfTrailingZeros(t);
                    out.add(MoveList.pack(to - shift, to, MoveList.KING_MOVE), 0L);
                }
            }
        }
    }

    // ------------------------------------------------------------------------------------------
    // Counting and perft

    /** Whether the side to move has any capture (cheap set-wise test, no generation). */
    boolean hasCapture(long white, long black, long kings, boolean whiteToMove) {
        long own = whiteToMove ? white : black;
        long opp = whiteToMove ? black : white;
        long vacant = board & ~(white | black);
        long men = own & ~kings;
        long ownKings = own & kings;
        if (men != 0) {
            int first = menCaptureBackward ? 0 : (whiteToMove ? 0 : 2);
            int last = menCaptureBackward ? 3 : (whiteToMove ? 1 : 3);
            for (int dir = first; dir <= last; dir++) {
                int shift = geometry.steps[dir];
                if ((step(step(men, shift) & opp, shift) & vacant) != 0) {
                    return true;
                }
            }
        }
        if (ownKings != 0) {
            for (int dir = 0; dir < 4; dir++) {
                int shift = geometry.steps[dir];
                long reach = ownKings;
                if (flyingKings) {
                    for (long x = step(ownKings, shift) & vacant; x != 0; x = step(x, shift) & vacant) {
                        reach |= x;
                    }
                }
                if ((step(step(reach, shift) & opp, shift) & vacant) != 0) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Number of legal moves, counting quiet moves set-wise without generating them. */
    int countMoves(long white, long black, long kings, boolean whiteToMove) {
        if (hasCapture(white, black, kings, whiteToMove)) {
            generateCaptures(white, black, kings, whiteToMove, countList, null);
            return countList.size;
        }
        long own = whiteToMove ? white : black;
        long vacant = board & ~(white | black);
        long men = own & ~kings;
        int count;
        if (whiteToMove) {
            count = Long.bitCount((men >>> (half + 1)) & vacant) + Long.bitCount((men >>> half) & vacant);
        } else {
            count = Long.bitCount((men << half) & vacant) + Long.bitCount((men << (half + 1)) & vacant);
        }
        long ownKings = own & kings;
        if (ownKings != 0) {
            for (int dir = 0; dir < 4; dir++) {
                int shift = geometry.steps[dir];
                if (flyingKings) {
                    for (long x = step(ownKings, shift) & vacant; x != 0; x = step(x, shift) & vacant) {
                        count += Long.bitCount(x);
                    }
                } else {
                    count += Long.bitCount(step(ownKings, shift) & vacant);
                }
            }
        }
        return count;
    }

    /** Leaf count of the legal move tree below a position (depth >= 1), with bulk counting at depth 1. */
    long perft(long white, long black, long kings, boolean whiteToMove, int depth) {
        if (depth <= 0) {
            return 1;
        }
        return perft(white, black, kings, whiteToMove, depth, 0);
    }

    private long perft(long white, long black, long kings, boolean whiteToMove, int depth, int ply) {
        if (depth == 1) {
            return countMoves(white, black, kings, whiteToMove);
        }
        MoveList list = plyLists[ply];
        if (list == null) {
            list = new MoveList();
            plyLists[ply] = list;
        }
        generate(white, black, kings, whiteToMove, list);
        long leaves = 0;
        for (int i = 0; i < list.size; i++) {
            int move = list.packed[i];
            long captured = list.captured[i];
            long from = 1L << MoveList.from(move);
            long to = 1L << MoveList.to(move);
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
            if ((kings & from) != 0) {
                k = (k & ~from) | to;
            } else if ((move & MoveList.PROMOTES) != 0) {
                k |= to;
            }
            leaves += perft(w, b, k, !whiteToMove, depth - 1, ply + 1);
        }
        return leaves;
    }

    Geometry geometry() {
        return geometry;
    }
}

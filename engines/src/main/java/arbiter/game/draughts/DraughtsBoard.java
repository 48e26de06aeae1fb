package arbiter.game.draughts;

import arbiter.game.GameHistory;
import arbiter.game.Move;
import arbiter.game.Position;
import arbiter.player.Score;
import arbiter.search.SearchBoard;

/**
 * The mutable draughts board the searches drive: make/unmake on bitboards, an incremental Zobrist
 * hash equal to {@link DraughtsPosition#hash()}, repetition against the game's history, and the
 * no-progress rule. The evaluation is plugged in, so one board serves every draughts evaluation.
 */
public final class DraughtsBoard implements SearchBoard {
    private static final int MAX_PLY = Score.MAX_PLY;

    /** A static evaluation from the side to move's view. */
    public interface Evaluator {
        int evaluate(DraughtsBoard board);
    }

    private final DraughtsRules rules;
    private final Geometry geometry;
    private final MoveGenerator generator;
    private final Evaluator evaluator;
    private final MoveList[] lists = new MoveList[MAX_PLY + 1];

    private long white;
    private long black;
    private long kings;
    private boolean whiteToMove;
    private int quietPlies;
    private long hash;

    // Undo stack, indexed by the ply at which the move was made.
    private final long[] undoWhite = new long[MAX_PLY + 1];
    private final long[] undoBlack = new long[MAX_PLY + 1];
    private final long[] undoKings = new long[MAX_PLY + 1];
    private final long[] undoHash = new long[MAX_PLY + 1];
    private final int[] undoQuiet = new int[MAX_PLY + 1];

    /** Hashes of the positions since the last irreversible move: the game's, then the search's. */
    private long[] hashes = new long[1024];
    private int hashCount;
    private final int[] undoHashCount = new int[MAX_PLY + 1];
    /** Index in {@link #hashes} of the first position after the last irreversible move. */
    private int reversibleFrom;
    private final int[] undoReversibleFrom = new int[MAX_PLY + 1];

    public DraughtsBoard(DraughtsRules rules, Evaluator evaluator) {
        this.rules = rules;
        this.geometry = Geometry.of(rules.width());
        this.generator = new MoveGenerator(rules);
        this.evaluator = evaluator;
        for (int i = 0; i < lists.length; i++) {
            lists[i] = new MoveList();
        }
    }

    /** Loads a game: its current position, and its earlier positions for repetition. */
    @Override
    public void load(GameHistory game) {
        load((DraughtsPosition) game.current());
        java.util.List<Position> positions = game.positions();
        java.util.List<Move> moves = game.moves();
        int from = 0;
        for (int i = 0; i < moves.size(); i++) {
            if (positions.get(i).isIrreversible(moves.get(i))) {
                from = i + 1;
            }
        }
        hashCount = 0;
        for (int i = from; i < positions.size(); i++) {
            pushHash(positions.get(i).hash());
        }
    }

    /** Loads a single position with no history. */
    public void load(DraughtsPosition position) {
        if (!position.rules().equals(rules)) {
            throw new IllegalArgumentException("board for " + rules.id() + " given a " + position.rules().id() + " position");
        }
        white = position.whiteBits();
        black = position.blackBits();
        kings = position.kingBits();
        whiteToMove = position.whiteToMove();
        quietPlies = position.quietPlies();
        hash = position.hash();
        hashCount = 0;
        reversibleFrom = 0;
        pushHash(hash);
    }

    private void pushHash(long h) {
        if (hashCount == hashes.length) {
            hashes = java.util.Arrays.copyOf(hashes, hashCount * 2);
        }
        hashes[hashCount++] = h;
    }

    /** The current position as an immutable value. */
    public DraughtsPosition toPosition() {
        return new DraughtsPosition(rules, white, black, kings, whiteToMove, quietPlies);
    }

    public DraughtsRules rules() {
        return rules;
    }

    public Geometry geometry() {
        return geometry;
    }

    public long white() {
        return white;
    }

    public long black() {
        return black;
    }

    public long kings() {
        return kings;
    }

    public boolean whiteToMove() {
        return whiteToMove;
    }

    /** Whether the side to move must capture (cached per position: the searches ask several times). */
    public boolean mustCapture() {
        if (captureCacheHash != hash) {
            captureCacheHash = hash;
            captureCacheValue = generator.hasCapture(white, black, kings, whiteToMove);
        }
        return captureCacheValue;
    }

    private long captureCacheHash = 0x7FFF_FFFF_FFFF_FFFFL;
    private boolean captureCacheValue;

    // ------------------------------------------------------------------------------------------
    // SearchBoard

    @Override
    public int generateMoves(int ply) {
        MoveList list = lists[ply];
        generator.generate(white, black, kings, whiteToMove, list);
        return list.size;
    }

    @Override
    public int generateQuiescenceMoves(int ply) {
        MoveList list = lists[ply];
        if (!mustCapture()) {
            list.clear();
            return 0;
        }
        generator.generateCaptures(white, black, kings, whiteToMove, list, null);
        return list.size;
    }

    @Override
    public boolean canStandPat() {
        return !mustCapture();
    }

    @Override
    public boolean isForcing() {
        return mustCapture();
    }

    @Override
    public int moveKey(int ply, int index) {
        MoveList list = lists[ply];
        int packed = list.packed[index] & 0xFFF;
        int capturedMix = (int) ((list.captured[index] * 0x9E3779B97F4A7C15L) >>> 45);
        return packed | capturedMix << 12 | 1 << 31;
    }

    @Override
    public int historySlot(int ply, int index) {
        return lists[ply].packed[index] & 0xFFF;
    }

    @Override
    public int historySize() {
        return 64 * 64;
    }

    /*
     * AutoCheckers (S2, Pongor 2009, section 4.1) makes its operators once at start, one per direction and
     * start square (four step classes, four capture classes; a capture sequence takes its value from its
     * first capture), and lists a position's usable ones class by class, each class by square from the top
     * (Black's side). The order of the classes is not in the thesis (it is the order in which the program
     * first made them); these are the orders, of the 24 x 24 tried, that reproduce its node Table 4.4.1
     * (docs/studies/s2.md). Directions: 0 up-left, 1 up-right, 2 down-left, 3 down-right.
     */
    private static final int[] STEP_CLASS = {0, 1, 2, 3};
    private static final int[] CAPTURE_CLASS = {1, 0, 3, 2};

    @Override
    public int operatorSlot(int ply, int index) {
        int slot = MoveList.from(lists[ply].packed[index]) * 4 + firstDirection(ply, index);
        return lists[ply].captured[index] != 0 ? 256 + slot : slot; // capture operators are objects of their own
    }

    @Override
    public int operatorRank(int ply, int index) {
        int dir = firstDirection(ply, index);
        int kind = lists[ply].captured[index] != 0 ? CAPTURE_CLASS[dir] : STEP_CLASS[dir];
        return kind * 64 + MoveList.from(lists[ply].packed[index]);
    }

    /**
     * The direction of a move's first step: toward its target for a quiet move, toward the first piece
     * it captures for a capture (a loop that could start either way takes the earlier capture class).
     */
    private int firstDirection(int ply, int index) {
        MoveList list = lists[ply];
        int move = list.packed[index];
        long captured = list.captured[index];
        long from = 1L << MoveList.from(move);
        long target = captured == 0 ? 1L << MoveList.to(move) : captured;
        boolean flies = rules.flyingKings() && (kings & from) != 0;
        long empty = geometry.board & ~(white | black);
        int found = -1;
        for (int dir = 0; dir < 4; dir++) {
            int shift = geometry.steps[dir];
            long x = MoveGenerator.step(from, shift) & geometry.board;
            while (flies && (x & empty) != 0 && (x & target) == 0) {
                x = MoveGenerator.step(x, shift) & geometry.board;
            }
            if ((x & target) != 0 && (found < 0 || CAPTURE_CLASS[dir] < CAPTURE_CLASS[found])) {
                found = dir;
            }
        }
        return Math.max(found, 0);
    }

    @Override
    public boolean isTactical(int ply, int index) {
        MoveList list = lists[ply];
        return list.captured[index] != 0 || (list.packed[index] & MoveList.PROMOTES) != 0;
    }

    @Override
    public int tacticalOrder(int ply, int index) {
        MoveList list = lists[ply];
        return Long.bitCount(list.captured[index]) * 4
                + Long.bitCount(list.captured[index] & kings) * 2
                + ((list.packed[index] & MoveList.PROMOTES) != 0 ? 1 : 0);
    }

    @Override
    public void makeMove(int ply, int index) {
        MoveList list = lists[ply];
        int move = list.packed[index];
        long captured = list.captured[index];
        undoWhite[ply] = white;
        undoBlack[ply] = black;
        undoKings[ply] = kings;
        undoHash[ply] = hash;
        undoQuiet[ply] = quietPlies;
        undoHashCount[ply] = hashCount;
        undoReversibleFrom[ply] = reversibleFrom;

        int fromBit = MoveList.from(move);
        int toBit = MoveList.to(move);
        long from = 1L << fromBit;
        long to = 1L << toBit;
        boolean king = (kings & from) != 0;
        int moverKind = (whiteToMove ? 0 : 2) + (king ? 1 : 0);
        long[][] z = DraughtsPosition.ZOBRIST;
        long h = hash ^ z[moverKind][fromBit] ^ DraughtsPosition.ZOBRIST_BLACK_TO_MOVE;
        int oppKind = whiteToMove ? 2 : 0;
        for (long c = captured; c != 0; c &= c - 1) {
            int bit = Long.numberOfTrailingZeros(c);
            h ^= z[oppKind + (int) ((kings >>> bit) & 1L)][bit];
        }
        kings &= ~captured;
        if (whiteToMove) {
            white = (white & ~from) | to;
            black &= ~captured;
        } else {
            black = (black & ~from) | to;
            white &= ~captured;
        }
        if (king) {
            kings = (kings & ~from) | to;
        } else if ((move & MoveList.PROMOTES) != 0) {
            kings |= to;
            moverKind++;
        }
        h ^= z[moverKind][toBit];
        hash = h;
        whiteToMove = !whiteToMove;
        boolean irreversible = captured != 0 || !king;
        quietPlies = irreversible ? 0 : quietPlies + 1;
        if (irreversible) {
            reversibleFrom = hashCount;
        }
        pushHash(h);
    }

    @Override
    public void unmakeMove(int ply) {
        white = undoWhite[ply];
        black = undoBlack[ply];
        kings = undoKings[ply];
        hash = undoHash[ply];
        quietPlies = undoQuiet[ply];
        hashCount = undoHashCount[ply];
        reversibleFrom = undoReversibleFrom[ply];
        whiteToMove = !whiteToMove;
    }

    @Override
    public long hash() {
        return hash;
    }

    @Override
    public int evaluate() {
        return evaluator.evaluate(this);
    }

    @Override
    public int noMoveScore(int ply) {
        return -(Score.WIN - ply);
    }

    /** A repeated position (once is enough inside the search) or the no-progress rule. */
    @Override
    public boolean isDrawByRule() {
        if (rules.noProgressMoves() > 0 && quietPlies >= 2 * rules.noProgressMoves()) {
            return true;
        }
        if (rules.repetitions() == 0) {
            return false;
        }
        for (int i = hashCount - 3; i >= reversibleFrom; i -= 2) {
            if (hashes[i] == hash) {
                return true;
            }
        }
        return false;
    }

    @Override
    public DraughtsMove toMove(int ply, int index) {
        MoveList list = lists[ply];
        int packed = list.packed[index];
        return new DraughtsMove(geometry.square(MoveList.from(packed)), geometry.square(MoveList.to(packed)),
                geometry.toSquareMask(list.captured[index]), (packed & MoveList.PROMOTES) != 0);
    }

}

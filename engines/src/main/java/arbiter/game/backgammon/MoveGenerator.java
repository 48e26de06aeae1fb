package arbiter.game.backgammon;

import static arbiter.game.backgammon.BackgammonMove.BAR;
import static arbiter.game.backgammon.BackgammonMove.OFF;

/**
 * Legal full moves and perft for backgammon. One instance per thread: generation keeps its scratch
 * board in fields and allocates nothing once its buffers have grown.
 *
 * <p>Boards are {@code int[26]} per player in that player's own numbering: index 0 is borne off,
 * 1..24 the points, 25 the bar. The generator walks every sequence of single-die steps (both orders
 * for a non-double; for a double only sequences whose source points never increase, which reach
 * every result), keeps the sequences using the most dice, applies the larger-die rule, and merges
 * sequences that end in the same position through the position's {@link #key}.
 */
final class MoveGenerator {
    static final int CHECKERS = 15;
    static final int SLOTS = 26;

    // Scratch board of the generation in progress, from the mover's side.
    private final int[] own = new int[SLOTS];
    /** Opposing checkers by the MOVER's point number (1..24). */
    private final int[] opp = new int[SLOTS];
    /** Own checkers outside the home board (points 7..24 and the bar). */
    private int outside;
    /** Mover's points where a blot was hit so far, bit p for point p. */
    private int hitMask;
    private int high;
    private int low;
    private MoveList sink;

    // Merging table: open addressing from result key to index in the sink; a slot is live when its
    // stamp equals the current stamp, so clearing is one increment.
    private long[] tableKeys = new long[1024];
    private int[] tableIndex = new int[1024];
    private int[] tableStamp = new int[1024];
    private int stamp = 1;

    private int[][] plyMover = new int[0][];
    private int[][] plyOther = new int[0][];
    private MoveList[] plyLists = new MoveList[0];

    // ------------------------------------------------------------------------------------------
    // Generation

    /**
     * Fills {@code out} with the legal moves of {@code mover} against {@code other} for a roll; the
     * pass (no die usable) is one move with no steps.
     */
    void generate(int[] mover, int[] other, int die1, int die2, MoveList out) {
        System.arraycopy(mover, 0, own, 0, SLOTS);
        outside = 0;
        for (int p = 7; p <= BAR; p++) {
            outside += own[p];
        }
        for (int p = 1; p <= 24; p++) {
            opp[p] = other[25 - p];
        }
        hitMask = 0;
        high = Math.max(die1, die2);
        low = Math.min(die1, die2);
        sink = out;
        out.clear();
        out.steps = -1;
        newTable();
        if (high == low) {
            expandDouble(0, BAR, 0L);
        } else {
            expand(0, 3, false, 0L);
            if (out.steps == 1) {
                keepLargerDie(out);
            }
        }
        sink = null;
    }

    /** Plays the dice still in {@code remaining} (bit 0 the high die, bit 1 the low die) in any order. */
    private void expand(int used, int remaining, boolean usedHigh, long path) {
        boolean moved = false;
        for (int k = 0; k < 2; k++) {
            if ((remaining & (1 << k)) == 0) {
                continue;
            }
            int die = k == 0 ? high : low;
            int top = own[BAR] > 0 ? BAR : 24;
            int bottom = own[BAR] > 0 ? BAR : 1;
            for (int from = top; from >= bottom; from--) {
                if (own[from] == 0) {
                    continue;
                }
                int to = destination(from, die);
                if (to < 0) {
                    continue;
                }
                moved = true;
                boolean hit = apply(from, to);
                expand(used + 1, remaining & ~(1 << k), usedHigh || k == 0,
                        path | MoveList.packStep(from, to, hit) << (MoveList.STEP_BITS * used));
                undo(from, to, hit);
            }
        }
        if (!moved) {
            leaf(used, usedHigh, path);
        }
    }

    /**
     * Plays up to four steps of a double. Sources never increase along a sequence: any legal
     * sequence of equal steps, reordered that way, is still legal and ends in the same position.
     */
    private void expandDouble(int used, int maxFrom, long path) {
        if (used == 4) {
            leaf(used, true, path);
            return;
        }
        boolean moved = false;
        int top = own[BAR] > 0 ? BAR : Math.min(maxFrom, 24);
        int bottom = own[BAR] > 0 ? BAR : 1;
        for (int from = top; from >= bottom; from--) {
            if (own[from] == 0) {
                continue;
            }
            int to = destination(from, high);
            if (to < 0) {
                continue;
            }
            moved = true;
            boolean hit = apply(from, to);
            expandDouble(used + 1, from, path | MoveList.packStep(from, to, hit) << (MoveList.STEP_BITS * used));
            undo(from, to, hit);
        }
        if (!moved) {
            leaf(used, true, path);
        }
    }

    /** Where a checker on {@code from} lands with {@code die}, {@link BackgammonMove#OFF}, or -1 if it cannot move. */
    private int destination(int from, int die) {
        int to = from - die;
        if (to >= 1) {
            return opp[to] >= 2 ? -1 : to;
        }
        if (outside > 0) {
            return -1;
        }
        if (to == 0) {
            return OFF;
        }
        // A die larger than needed bears off only from the highest occupied point.
        for (int p = from + 1; p <= 6; p++) {
            if (own[p] > 0) {
                return -1;
            }
        }
        return OFF;
    }

    private boolean apply(int from, int to) {
        own[from]--;
        own[to]++;
        if (from > 6 && to <= 6) {
            outside--;
        }
        if (to != OFF && opp[to] == 1) {
            opp[to] = 0;
            hitMask |= 1 << to;
            return true;
        }
        return false;
    }

    private void undo(int from, int to, boolean hit) {
        if (hit) {
            opp[to] = 1;
            hitMask &= ~(1 << to);
        }
        own[to]--;
        own[from]++;
        if (from > 6 && to <= 6) {
            outside++;
        }
    }

    /** Records a finished sequence: only those using the most dice survive; equal results merge. */
    private void leaf(int used, boolean usedHigh, long path) {
        MoveList out = sink;
        if (used < out.steps) {
            return;
        }
        if (used > out.steps) {
            out.size = 0;
            out.steps = used;
            newTable();
        }
        long key = key();
        int index = find(key);
        if (index >= 0) {
            out.usesLarger[index] |= usedHigh;
            return;
        }
        insert(key, out.add(key, path, usedHigh));
    }

    /** When only one die can be used, the larger one must be if it can. */
    private static void keepLargerDie(MoveList out) {
        boolean any = false;
        for (int i = 0; i < out.size; i++) {
            any |= out.usesLarger[i];
        }
        if (!any) {
            return;
        }
        int kept = 0;
        for (int i = 0; i < out.size; i++) {
            if (out.usesLarger[i]) {
                out.keys[kept] = out.keys[i];
                out.paths[kept] = out.paths[i];
                out.usesLarger[kept] = true;
                kept++;
            }
        }
        out.size = kept;
    }

    /**
     * The position reached, from the mover's side, as 64 bits: the mover's checkers in unary from
     * the bar down to point 1 (a run of ones per point, each closed by a zero: at most 15 + 25 = 40
     * bits; borne-off checkers are the rest), and the points where blots were hit in the top 24 bits.
     * The opponent's board follows from the hits, so equal keys mean equal positions.
     */
    private long key() {
        long key = 0;
        int bit = 0;
        for (int p = BAR; p >= 1; p--) {
            int n = own[p];
            key |= ((1L << n) - 1) << bit;
            bit += n + 1;
        }
        return key | (long) (hitMask >>> 1) << 40;
    }

    /** The mover's board after the move of this key, in the mover's numbering. */
    static void decodeOwn(long key, int[] board) {
        int bit = 0;
        int total = 0;
        for (int p = BAR; p >= 1; p--) {
            int n = 0;
            while (((key >>> bit) & 1) != 0) {
                n++;
                bit++;
            }
            bit++;
            board[p] = n;
            total += n;
        }
        board[OFF] = CHECKERS - total;
    }

    /** The mover's points where blots were hit by the move of this key, bit p for point p. */
    static int hitPoints(long key) {
        return (int) (key >>> 40) << 1;
    }

    /** The opponent's board (its own numbering) after the move of this key. */
    static void applyHits(long key, int[] other, int[] result) {
        System.arraycopy(other, 0, result, 0, SLOTS);
        for (int hits = hitPoints(key); hits != 0; hits &= hits - 1) {
            int p = Integer.numberOfTrailingZeros(hits);
            result[25 - p]--;
            result[BAR]++;
        }
    }

    private void newTable() {
        if (++stamp == 0) {
            java.util.Arrays.fill(tableStamp, 0);
            stamp = 1;
        }
    }

    private static int slotOf(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 40) & mask;
    }

    private int find(long key) {
        int mask = tableKeys.length - 1;
        for (int i = slotOf(key, mask); tableStamp[i] == stamp; i = (i + 1) & mask) {
            if (tableKeys[i] == key) {
                return tableIndex[i];
            }
        }
        return -1;
    }

    private void insert(long key, int index) {
        if (2 * (index + 1) > tableKeys.length) {
            grow();
            return; // grow() re-inserts every member of the sink, this one included
        }
        put(key, index);
    }

    private void put(long key, int index) {
        int mask = tableKeys.length - 1;
        int i = slotOf(key, mask);
        while (tableStamp[i] == stamp) {
            i = (i + 1) & mask;
        }
        tableStamp[i] = stamp;
        tableKeys[i] = key;
        tableIndex[i] = index;
    }

    private void grow() {
        int capacity = tableKeys.length * 2;
        tableKeys = new long[capacity];
        tableIndex = new int[capacity];
        tableStamp = new int[capacity];
        stamp = 1;
        for (int i = 0; i < sink.size; i++) {
            put(sink.keys[i], i);
        }
    }

    // ------------------------------------------------------------------------------------------
    // Perft

    /**
     * Leaves of the move tree. Rolled position: its moves are the children. Awaiting the dice: the
     * children are the 21 distinct rolls (each counted once, unweighted), which do not use depth; at
     * the opening the 30 ordered non-double rolls, i.e. each distinct roll played by either side.
     * A move that ends the game has no children.
     */
    long perft(int[] mover, int[] other, int die1, int die2, boolean opening, int depth) {
        ensurePlies(depth + 1);
        System.arraycopy(mover, 0, plyMover[0], 0, SLOTS);
        System.arraycopy(other, 0, plyOther[0], 0, SLOTS);
        if (die1 != 0) {
            return perftRolled(0, die1, die2, depth);
        }
        if (!opening) {
            return perftAwaiting(0, depth);
        }
        long leaves = 0;
        for (int side = 0; side < 2; side++) {
            int[] first = side == 0 ? mover : other;
            int[] second = side == 0 ? other : mover;
            for (int hi = 2; hi <= 6; hi++) {
                for (int lo = 1; lo < hi; lo++) {
                    System.arraycopy(first, 0, plyMover[0], 0, SLOTS);
                    System.arraycopy(second, 0, plyOther[0], 0, SLOTS);
                    leaves += perftRolled(0, hi, lo, depth);
                }
            }
        }
        return leaves;
    }

    private long perftAwaiting(int ply, int depth) {
        long leaves = 0;
        for (int hi = 1; hi <= 6; hi++) {
            for (int lo = 1; lo <= hi; lo++) {
                leaves += perftRolled(ply, hi, lo, depth);
            }
        }
        return leaves;
    }

    private long perftRolled(int ply, int die1, int die2, int depth) {
        MoveList list = plyLists[ply];
        int[] other = plyOther[ply];
        generate(plyMover[ply], other, die1, die2, list);
        if (depth == 1) {
            return list.size;
        }
        int[] childMover = plyMover[ply + 1];
        int[] childOther = plyOther[ply + 1];
        long leaves = 0;
        for (int i = 0; i < list.size; i++) {
            long key = list.keys[i];
            decodeOwn(key, childOther);
            if (childOther[OFF] == CHECKERS) {
                continue;
            }
            applyHits(key, other, childMover);
            leaves += perftAwaiting(ply + 1, depth - 1);
        }
        return leaves;
    }

    private void ensurePlies(int plies) {
        int have = plyLists.length;
        if (have >= plies) {
            return;
        }
        plyMover = java.util.Arrays.copyOf(plyMover, plies);
        plyOther = java.util.Arrays.copyOf(plyOther, plies);
        plyLists = java.util.Arrays.copyOf(plyLists, plies);
        for (int i = have; i < plies; i++) {
            plyMover[i] = new int[SLOTS];
            plyOther[i] = new int[SLOTS];
            plyLists[i] = new MoveList();
        }
    }
}

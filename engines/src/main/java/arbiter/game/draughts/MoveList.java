package arbiter.game.draughts;

/**
 * A reusable, growable buffer of moves in the bit layout, so that generation allocates nothing once
 * the buffer has reached its working size. A move is a packed int ({@code from | to << 6 | flags})
 * plus the bitboard of captured pieces.
 */
final class MoveList {
    static final int KING_MOVE = 1 << 12;
    static final int PROMOTES = 1 << 13;

    int size;
    int[] packed = new int[128];
    long[] captured = new long[128];

    static int pack(int fromBit, int toBit, int flags) {
        return fromBit | toBit << 6 | flags;
    }

    static int from(int packed) {
        return packed & 63;
    }

    static int to(int packed) {
        return (packed >>> 6) & 63;
    }

    void clear() {
        size = 0;
    }

    void add(int move, long capturedBits) {
        if (size == packed.length) {
            packed = java.util.Arrays.copyOf(packed, size * 2);
            captured = java.util.Arrays.copyOf(captured, size * 2);
        }
        packed[size] = move;
        captured[size] = capturedBits;
        size++;
    }
}

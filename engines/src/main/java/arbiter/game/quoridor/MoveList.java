package arbiter.game.quoridor;

/**
 * A reusable, growable buffer of moves as ints: the kind in bits 8-9 (see {@link MoveGenerator})
 * and the destination cell or the wall slot below.
 */
final class MoveList {
    int size;
    int[] moves = new int[160];

    void clear() {
        size = 0;
    }

    void add(int move) {
        if (size == moves.length) {
            moves = java.util.Arrays.copyOf(moves, size * 2);
        }
        moves[size++] = move;
    }

    boolean contains(int from, int move) {
        for (int i = from; i < size; i++) {
            if (moves[i] == move) {
                return true;
            }
        }
        return false;
    }
}

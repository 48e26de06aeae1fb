package arbiter.game.quoridor;

/**
 * Cells, wall slots and their neighbourhoods on a Quoridor board of one size.
 *
 * <p>Cell {@code row * size + column}; column 0 is file a, row 0 is rank 1 (White's side, south).
 * A wall slot is the meeting point of four cells, {@code y * (size - 1) + x}, where (x, y) is the
 * block's south-west cell. A horizontal wall on slot (x, y) separates rows y and y + 1 on columns x
 * and x + 1; a vertical wall separates columns x and x + 1 on rows y and y + 1. In notation a wall
 * is named by the block's NORTH-west cell, (x, y + 1): {@code e3h} is the horizontal wall between
 * ranks 2 and 3 under e3 and f3.
 */
final class Geometry {
    static final int NORTH = 0;
    static final int EAST = 1;
    static final int SOUTH = 2;
    static final int WEST = 3;

    static final int MIN_SIZE = 3;
    static final int MAX_SIZE = 9;

    private static final Geometry[] BY_SIZE = new Geometry[MAX_SIZE + 1];

    static {
        for (int size = MIN_SIZE; size <= MAX_SIZE; size += 2) {
            BY_SIZE[size] = new Geometry(size);
        }
    }

    final int size;
    final int cells;
    /** Slots per row: size - 1. */
    final int width;
    final int slots;
    final long allSlots;
    /** Slots with x >= 1 and with x <= width - 2: for the overlap test of horizontal walls. */
    final long notFirstColumn;
    final long notLastColumn;
    /** Neighbour cell by direction, or -1 off the board. */
    final int[][] next;
    /**
     * Walls that block a step, by direction and cell: horizontal-wall slots for NORTH and SOUTH,
     * vertical-wall slots for EAST and WEST.
     */
    final long[][] blockers;

    private Geometry(int size) {
        this.size = size;
        this.cells = size * size;
        this.width = size - 1;
        this.slots = width * width;
        this.allSlots = slots == 64 ? -1L : (1L << slots) - 1;
        long first = 0;
        long last = 0;
        for (int s = 0; s < slots; s++) {
            if (s % width >= 1) {
                first |= 1L << s;
            }
            if (s % width <= width - 2) {
                last |= 1L << s;
            }
        }
        this.notFirstColumn = first;
        this.notLastColumn = last;
        this.next = new int[4][cells];
        this.blockers = new long[4][cells];
        for (int cell = 0; cell < cells; cell++) {
            int c = column(cell);
            int r = row(cell);
            next[NORTH][cell] = r < size - 1 ? cell + size : -1;
            next[SOUTH][cell] = r > 0 ? cell - size : -1;
            next[EAST][cell] = c < size - 1 ? cell + 1 : -1;
            next[WEST][cell] = c > 0 ? cell - 1 : -1;
            blockers[NORTH][cell] = slotPair(c - 1, r, c, r);
            blockers[SOUTH][cell] = slotPair(c - 1, r - 1, c, r - 1);
            blockers[EAST][cell] = slotPair(c, r - 1, c, r);
            blockers[WEST][cell] = slotPair(c - 1, r - 1, c - 1, r);
        }
    }

    static Geometry of(int size) {
        return BY_SIZE[size];
    }

    static boolean supported(int size) {
        return size >= MIN_SIZE && size <= MAX_SIZE && size % 2 == 1;
    }

    private long slotPair(int x1, int y1, int x2, int y2) {
        return slotBit(x1, y1) | slotBit(x2, y2);
    }

    /** The bit of slot (x, y), or 0 when it is off the board. */
    long slotBit(int x, int y) {
        return x >= 0 && y >= 0 && x < width && y < width ? 1L << (y * width + x) : 0L;
    }

    int cell(int column, int row) {
        return row * size + column;
    }

    int column(int cell) {
        return cell % size;
    }

    int row(int cell) {
        return cell / size;
    }

    /** Whether a step from {@code cell} in direction {@code dir} stays on the board and crosses no wall. */
    boolean open(int cell, int dir, long horizontal, long vertical) {
        if (next[dir][cell] < 0) {
            return false;
        }
        long walls = (dir & 1) == 0 ? horizontal : vertical;
        return (walls & blockers[dir][cell]) == 0;
    }

    /** Horizontal-wall slots where a wall would overlap or cross one already placed. */
    long blockedHorizontal(long horizontal, long vertical) {
        return horizontal | vertical | ((horizontal << 1) & notFirstColumn) | ((horizontal >>> 1) & notLastColumn);
    }

    /** Vertical-wall slots where a wall would overlap or cross one already placed. */
    long blockedVertical(long horizontal, long vertical) {
        return vertical | horizontal | (vertical << width) | (vertical >>> width);
    }

    String squareName(int cell) {
        return squareName(column(cell), row(cell));
    }

    static String squareName(int column, int row) {
        return (char) ('a' + column) + Integer.toString(row + 1);
    }
}

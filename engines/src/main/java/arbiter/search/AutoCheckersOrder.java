package arbiter.search;

/**
 * S2's move ordering ({@link HistoryScheme#S2}), as AutoCheckers' search code does it (G. Pongor, "Egy
 * kétszemélyes játék számítógépes megvalósítása", Debrecen 2009: section 4.1 and the appendix,
 * {@code SearchForStep}). The program makes one operator object per (square, direction) at start, each
 * carrying a history value; a position's usable operators are listed in the order of those objects;
 * before each child the remaining list is sorted by value, decreasing ({@code List.Sort}), and the first
 * is searched and removed; after the last child of every interior node, root included and whether it
 * was cut or not, the node's best operator (the first to raise its value) gains 2^(plies from the
 * root). Nothing else orders the moves: no TT move, captures-first, killers or evaluation.
 *
 * <p>The sort is .NET's {@code List.Sort} of the time (.NET 2.0 to 4.0: quicksort, median of three,
 * Hoare partition), which is not stable: equal values come out permuted, so it is reproduced here step
 * by step, with the list order the program had ({@link SearchBoard#operatorRank}). With a stable sort
 * the thesis' Table 4.4.1 is not reproduced (docs/studies/s2.md lists the readings tried).
 *
 * <p>The values are kept between the searches of a game (the program never resets them) and cleared
 * for a new game (each game a fresh start of the program, so that games replay alike in any order).
 */
final class AutoCheckersOrder {
    private static final int MAX_MOVES = 512;

    private final SearchBoard board;
    private final long[] values;
    /** Per ply: the remaining list (indices into the board's list) and the values they are sorted by. */
    private final int[][] list;
    private final long[][] key;
    /** Per ply, by index into the board's list: the move's operator slot. */
    private final int[][] slot;
    private final long[] rank = new long[MAX_MOVES];

    AutoCheckersOrder(SearchBoard board, int maxPly) {
        this.board = board;
        this.values = new long[board.historySize()];
        this.list = new int[maxPly + 1][MAX_MOVES];
        this.key = new long[maxPly + 1][MAX_MOVES];
        this.slot = new int[maxPly + 1][MAX_MOVES];
    }

    void newGame() {
        java.util.Arrays.fill(values, 0);
    }

    /** Lists the {@code count} moves of {@code ply} in the program's operator order. */
    void list(int ply, int count) {
        int[] l = list[ply];
        int[] s = slot[ply];
        for (int i = 0; i < count; i++) {
            l[i] = i;
            s[i] = board.operatorSlot(ply, i);
            rank[i] = (long) board.operatorRank(ply, i) << 32 | i;
        }
        // Insertion sort by rank (stable through the index in the low bits): lists are short.
        for (int i = 1; i < count; i++) {
            long r = rank[i];
            int j = i - 1;
            while (j >= 0 && rank[j] > r) {
                rank[j + 1] = rank[j];
                j--;
            }
            rank[j + 1] = r;
        }
        for (int i = 0; i < count; i++) {
            l[i] = (int) rank[i];
        }
    }

    /** Lists the root's moves in the given order (a seeded shuffle, or the operator order). */
    void listRoot(int[] rootOrder, int count) {
        System.arraycopy(rootOrder, 0, list[0], 0, count);
        for (int i = 0; i < count; i++) {
            slot[0][i] = board.operatorSlot(0, i);
        }
    }

    /** Sorts the remaining moves {@code k..count-1} of {@code ply} by value and returns the first. */
    int next(int ply, int k, int count) {
        int[] l = list[ply];
        long[] v = key[ply];
        int[] s = slot[ply];
        for (int j = k; j < count; j++) {
            v[j] = values[s[l[j]]];
        }
        if (count - k > 1) {
            quickSort(l, v, k, count - 1);
        }
        return l[k];
    }

    /** The interior node at {@code ply} ended with {@code index} its best move. */
    void best(int ply, int index) {
        values[slot[ply][index]] += 1L << Math.min(ply, 62);
    }

    /**
     * .NET's quicksort of {@code List.Sort} (the framework's ArraySortHelper up to 4.0), over
     * {@code l[left..right]} with the values {@code v}, decreasing: the low, middle and high elements
     * are put in order first, the middle one is the pivot, and the two sides are swapped inward while
     * they are out of order; the smaller part is sorted by recursion, the larger by the loop.
     */
    private static void quickSort(int[] l, long[] v, int left, int right) {
        do {
            int i = left;
            int j = right;
            int middle = i + ((j - i) >> 1);
            swapIfAfter(l, v, i, middle);
            swapIfAfter(l, v, i, j);
            swapIfAfter(l, v, middle, j);
            long x = v[middle];
            do {
                while (v[i] > x) {
                    i++;
                }
                while (x > v[j]) {
                    j--;
                }
                if (i > j) {
                    break;
                }
                if (i < j) {
                    swap(l, v, i, j);
                }
                i++;
                j--;
            } while (i <= j);
            if (j - left <= right - i) {
                if (left < j) {
                    quickSort(l, v, left, j);
                }
                left = i;
            } else {
                if (i < right) {
                    quickSort(l, v, i, right);
                }
                right = j;
            }
        } while (left < right);
    }

    /** Decreasing order: a smaller value belongs after a larger one. */
    private static void swapIfAfter(int[] l, long[] v, int a, int b) {
        if (a != b && v[a] < v[b]) {
            swap(l, v, a, b);
        }
    }

    private static void swap(int[] l, long[] v, int a, int b) {
        int t = l[a];
        l[a] = l[b];
        l[b] = t;
        long s = v[a];
        v[a] = v[b];
        v[b] = s;
    }
}

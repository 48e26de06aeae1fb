package arbiter.search;

import java.util.Arrays;

/**
 * The move ordering of {@link AlphaBeta}: per ply, the moves' ordering scores (TT move, captures,
 * killers, S0's evaluation look, history) and a selection of the best remaining one; the killer slots
 * and the history table, with their updates: a quiet move that causes a cutoff gains the scheme's bonus,
 * and the table is halved before each search (S0's rule, which also keeps the others bounded).
 * With {@link HistoryScheme#S2} the whole ordering is AutoCheckers' instead ({@link AutoCheckersOrder}).
 */
final class MoveOrder {
    private static final int MAX_MOVES = 512;

    private static final int TT_MOVE_SCORE = 1 << 30;
    private static final int TACTICAL_BASE = 1 << 28;
    private static final int KILLER_SCORE = 1 << 27;

    private final SearchBoard board;
    private final SearchOptions options;
    private final int[] history;
    private final int[][] killers;
    /** Per-ply move order: indices into the board's list, and their ordering scores. */
    private final int[][] order;
    private final int[][] orderScore;
    /** S2's ordering, which replaces all of the above; null for the other schemes. */
    private final AutoCheckersOrder s2;

    MoveOrder(SearchBoard board, SearchOptions options, int maxPly) {
        this.board = board;
        this.options = options;
        this.history = new int[board.historySize()];
        this.killers = new int[maxPly + 1][2];
        this.order = new int[maxPly + 1][MAX_MOVES];
        this.orderScore = new int[maxPly + 1][MAX_MOVES];
        this.s2 = options.history() == HistoryScheme.S2 && options.ordering() ? new AutoCheckersOrder(board, maxPly) : null;
    }

    /** A new game: the history table starts empty. */
    void newGame() {
        Arrays.fill(history, 0);
        if (s2 != null) {
            s2.newGame();
        }
    }

    /** Before each search: killers cleared, the table halved. */
    void newSearch() {
        for (int[] k : killers) {
            k[0] = 0;
            k[1] = 0;
        }
        halveHistory();
    }

    private void halveHistory() {
        for (int i = 0; i < history.length; i++) {
            history[i] >>= 1;
        }
    }

    /** Scores the {@code count} moves generated at {@code ply}. */
    void score(int ply, int count, int ttMove) {
        if (s2 != null) {
            s2.list(ply, count);
            return;
        }
        int[] idx = order[ply];
        int[] sc = orderScore[ply];
        int[] killer = killers[ply];
        for (int i = 0; i < count; i++) {
            idx[i] = i;
            int s = 0;
            if (options.ordering()) {
                int key = board.moveKey(ply, i);
                if (ttMove != 0 && key == ttMove) {
                    s = TT_MOVE_SCORE;
                } else if (options.captureOrdering() && board.isTactical(ply, i)) {
                    s = TACTICAL_BASE + board.tacticalOrder(ply, i);
                } else if (options.killers() && (key == killer[0] || key == killer[1]) && key != 0) {
                    s = KILLER_SCORE + (key == killer[0] ? 1 : 0);
                } else if (options.evalOrdering()) {
                    // A one-ply look: the position after the move, from the mover's side. The made
                    // moves are not nodes of the search (S0's thesis counted them as time, not nodes).
                    board.makeMove(ply, i);
                    s = -board.evaluate();
                    board.unmakeMove(ply);
                } else if (options.history() != HistoryScheme.OFF) {
                    s = history[board.historySlot(ply, i)];
                }
            }
            sc[i] = s;
        }
    }

    /**
     * Lists the root's moves where {@link #ordersRoot()}: in {@code rootOrder} when that is a seeded
     * shuffle (ties then break at random), else in the program's operator order.
     */
    void listRoot(int[] rootOrder, int count, boolean shuffled) {
        if (shuffled) {
            s2.listRoot(rootOrder, count);
        } else {
            s2.list(0, count);
        }
    }

    /** The index of the move to search {@code k}-th at {@code ply}: a selection sort step (or S2's sort). */
    int next(int ply, int k, int count) {
        if (s2 != null) {
            return s2.next(ply, k, count);
        }
        int[] idx = order[ply];
        int[] sc = orderScore[ply];
        if (options.ordering()) {
            int best = k;
            for (int j = k + 1; j < count; j++) {
                if (sc[j] > sc[best]) {
                    best = j;
                }
            }
            if (best != k) {
                int t = idx[k];
                idx[k] = idx[best];
                idx[best] = t;
                int s = sc[k];
                sc[k] = sc[best];
                sc[best] = s;
            }
        }
        return idx[k];
    }

    /** A quiet move at {@code ply} caused a cutoff with {@code depth} plies left: killers and the classic history. */
    void cutoff(int ply, int index, int depth) {
        if (board.isTactical(ply, index)) {
            return;
        }
        if (options.killers()) {
            int key = board.moveKey(ply, index);
            int[] killer = killers[ply];
            if (killer[0] != key) {
                killer[1] = killer[0];
                killer[0] = key;
            }
        }
        int bonus = switch (options.history()) {
            case S0 -> 1 << Math.min(depth, 20);
            case DEPTH_SQUARED -> depth * depth;
            case S2, OFF -> 0;
        };
        if (bonus > 0) {
            reward(board.historySlot(ply, index), bonus);
        }
    }

    /** The search of an interior node at {@code ply} ended with {@code index} its best move: S2's bonus. */
    void best(int ply, int index) {
        if (s2 != null && index >= 0) {
            s2.best(ply, index);
        }
    }

    private void reward(int slot, int bonus) {
        if (history[slot] + bonus >= TACTICAL_BASE / 2) {
            halveHistory();
        }
        history[slot] += bonus;
    }

    /** Whether the root's moves are ordered like any node's (S2's program sorts them too). */
    boolean ordersRoot() {
        return s2 != null;
    }
}

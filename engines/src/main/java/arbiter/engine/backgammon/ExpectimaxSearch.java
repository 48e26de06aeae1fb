package arbiter.engine.backgammon;

import arbiter.game.Move;
import arbiter.game.backgammon.BackgammonPosition;
import arbiter.game.backgammon.Successors;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Expectiminimax for backgammon over the 21 distinct rolls, with optional Star1/Star2 pruning at the
 * chance nodes and a 0-ply prefilter of the candidates at the max nodes of deeper searches.
 *
 * <p>A search of {@code n} plies scores each candidate move by a chance node with {@code n} chance
 * layers: the opponent's 21 rolls, each answered by the opponent's best reply, scored in turn by a
 * chance node with one layer fewer; a chance node without layers is the evaluation of the position
 * for the player who just moved (a finished game scores its win points, 100 to 300). Values are
 * exact integers: a node with {@code r} chance layers below it holds 36^r times its expectation in
 * centi-points (each layer sums weight x value with weights 1 or 2 out of 36), so pruned and plain
 * searches agree to the unit and ties are broken identically (the earlier candidate in 0-ply order
 * wins). Values are fail-soft: at or below the window's lower end an upper bound, at or above its
 * upper end a lower bound, exact in between.
 *
 * <p>Inner loops allocate nothing: the replies to each roll at each layer live in reusable
 * {@link Successors} buffers, boards in per-layer scratch arrays. Not thread-safe: one per player.
 */
final class ExpectimaxSearch {
    /** Deepest search accepted (3 plies already take seconds; 4 is for patient experiments). */
    static final int MAX_PLIES = 4;

    private static final long INFINITE = 1L << 60;
    private static final int ROLLS = Roll.ALL.size();
    private static final int[] HIGH = new int[ROLLS];
    private static final int[] LOW = new int[ROLLS];
    private static final long[] WEIGHT = new long[ROLLS];
    /** SCALE[r] = 36^r, the scale of a value with r chance layers below it. */
    private static final long[] SCALE = new long[MAX_PLIES + 1];

    static {
        for (int i = 0; i < ROLLS; i++) {
            Roll roll = Roll.ALL.get(i);
            HIGH[i] = roll.high();
            LOW[i] = roll.low();
            WEIGHT[i] = roll.weight();
        }
        SCALE[0] = 1;
        for (int r = 1; r <= MAX_PLIES; r++) {
            SCALE[r] = SCALE[r - 1] * Roll.WAYS;
        }
    }

    /** The outcome of a search: the chosen legal move's index, its value, the plies completed, nodes. */
    record Result(int moveIndex, double score, int plies, long nodes) {
    }

    /** What may stop a search early: nodes (0 = none), time from the start (0 = none) and the caller's flag. */
    record Budget(long nodes, long timeNanos, BooleanSupplier stop) {
        static final Budget NONE = new Budget(0, 0, () -> false);

        boolean interruptible() {
            return nodes > 0 || timeNanos > 0;
        }
    }

    /** Thrown to abandon an iteration when the budget is spent; preallocated, no stack trace. */
    private static final class Abort extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Abort() {
            super(null, null, false, false);
        }
    }

    private static final Abort ABORT = new Abort();
    private static final int CHECK_EVERY = 1024;

    /** The opponent's replies to one roll at one chance layer: generated lazily, ordered on demand. */
    private static final class Replies {
        final Successors moves = new Successors();
        boolean generated;
        boolean ordered;
        /** Candidates kept by the ordering (all, or the prefilter's best). */
        int count;
        int[] order = new int[64];
        long[] keys = new long[64];
    }

    private final BackgammonEvaluation evaluation;
    private final boolean gammons;
    private final Pruning pruning;
    /** Candidates kept at max nodes of searches of 2 plies or more; 0 keeps all. */
    private final int prefilterMoves;

    /** replies[r][roll]: the replies searched below a chance node with r layers. */
    private final Replies[][] replies = new Replies[MAX_PLIES + 1][ROLLS];
    /** upper[r][roll]: Star2's upper bounds on each roll's value at a chance node with r layers. */
    private final long[][] upper = new long[MAX_PLIES + 1][ROLLS];
    /** Boards after a reply at a max node whose candidates have r chance layers. */
    private final int[][] childOwn = new int[MAX_PLIES + 1][26];
    private final int[][] childOpponent = new int[MAX_PLIES + 1][26];
    private final int[] orderOwn = new int[26];
    private final int[] orderOpponent = new int[26];

    private boolean filterInner;
    private long nodes;
    private Budget budget = Budget.NONE;
    private long deadline;
    private int untilCheck;

    ExpectimaxSearch(BackgammonEvaluation evaluation, boolean gammons, Pruning pruning, int prefilterMoves) {
        this.evaluation = evaluation;
        this.gammons = gammons;
        this.pruning = pruning;
        this.prefilterMoves = prefilterMoves;
        for (Replies[] layer : replies) {
            for (int i = 0; i < ROLLS; i++) {
                layer[i] = new Replies();
            }
        }
    }

    long nodes() {
        return nodes;
    }

    /**
     * Chooses among the legal moves of a rolled position by a search of {@code plies} (0 = greedy by
     * evaluation). With an interruptible budget it deepens ply by ply and returns the deepest
     * completed search; otherwise it searches the given depth at once (and falls back to 0 ply if
     * {@code stop} interrupts it).
     */
    Result search(BackgammonPosition position, int plies, Budget limits) {
        if (plies < 0 || plies > MAX_PLIES) {
            throw new IllegalArgumentException("plies must be 0 to " + MAX_PLIES + ", got " + plies);
        }
        List<Move> moves = position.legalMoves();
        if (moves.isEmpty()) {
            throw new IllegalStateException("no legal move in " + position.toText());
        }
        budget = Budget.NONE; // the 0-ply choice always completes
        deadline = System.nanoTime() + limits.timeNanos();
        untilCheck = CHECK_EVERY;
        nodes = 0;
        int n = moves.size();
        int mover = position.sideToMove();
        int[][] own = new int[n][26];
        int[][] opponent = new int[n][26];
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            BackgammonPosition after = position.play(moves.get(i));
            after.copyBoard(mover, own[i]);
            after.copyBoard(1 - mover, opponent[i]);
            nodes++;
            keys[i] = orderKey(leaf(own[i], opponent[i]), i);
        }
        int[] order = sortDescending(keys, n, new int[n]);
        Result best = new Result(order[0], leaf(own[order[0]], opponent[order[0]]), 0, nodes);
        if (n == 1 || plies == 0) {
            return best;
        }
        budget = limits;
        int from = limits.interruptible() ? 1 : plies;
        for (int d = from; d <= plies; d++) {
            filterInner = d >= 2 && prefilterMoves > 0;
            int count = filterInner ? Math.min(n, prefilterMoves) : n;
            try {
                best = searchRoot(d, order, count, own, opponent);
            } catch (Abort e) {
                break;
            }
        }
        return new Result(best.moveIndex(), best.score(), best.plies(), nodes);
    }

    /** The value of a position (own just moved, opponent on roll) searched to {@code plies}, exact, 36^plies times centi-points. */
    long value(int[] own, int[] opponent, int plies) {
        budget = Budget.NONE;
        untilCheck = CHECK_EVERY;
        filterInner = plies >= 2 && prefilterMoves > 0;
        return chance(plies, own, opponent, -INFINITE, INFINITE);
    }

    private Result searchRoot(int plies, int[] order, int count, int[][] own, int[][] opponent) {
        long top = BackgammonEvaluation.BOUND * SCALE[plies];
        long best = -INFINITE;
        int bestIndex = order[0];
        for (int k = 0; k < count; k++) {
            int i = order[k];
            long alpha = pruning == Pruning.NONE ? -INFINITE : best;
            long v = chance(plies, own[i], opponent[i], alpha, INFINITE);
            if (v > best) {
                best = v;
                bestIndex = i;
            }
            if (pruning != Pruning.NONE && best >= top) {
                break; // nothing can score more
            }
        }
        return new Result(bestIndex, best / (double) SCALE[plies], plies, nodes);
    }

    // ------------------------------------------------------------------------------------------
    // Chance nodes: the player who just moved ("own") waits for the opponent's roll

    private long chance(int layers, int[] own, int[] opponent, long alpha, long beta) {
        visit();
        if (own[0] == 15) {
            return winPoints(opponent) * 100L * SCALE[layers];
        }
        if (layers == 0) {
            return evaluation.evaluate(own, opponent);
        }
        Replies[] rolls = replies[layers];
        for (Replies r : rolls) {
            r.generated = false;
        }
        return switch (pruning) {
            case NONE -> expectation(layers, own, opponent);
            case STAR1 -> star(layers, own, opponent, alpha, beta, false);
            case STAR2 -> star(layers, own, opponent, alpha, beta, true);
        };
    }

    private long expectation(int layers, int[] own, int[] opponent) {
        long sum = 0;
        for (int i = 0; i < ROLLS; i++) {
            Replies r = generated(layers, i, own, opponent);
            sum -= WEIGHT[i] * best(layers - 1, r, -INFINITE, INFINITE);
        }
        return sum;
    }

    /**
     * Star1 (and Star2 with {@code probe}): the rolls in turn, each searched with the narrowest
     * window that still decides whether this node falls outside (alpha, beta), given the exact
     * values so far and bounds for the rest: the evaluation's bounds, or with probing the upper
     * bound from one reply per roll.
     */
    private long star(int layers, int[] own, int[] opponent, long alpha, long beta, boolean probe) {
        long top = BackgammonEvaluation.BOUND * SCALE[layers - 1];
        long bottom = -top;
        long[] ub = upper[layers];
        Arrays.fill(ub, top);
        long ubSum = Roll.WAYS * top;
        if (probe) {
            if (ubSum <= alpha) {
                return ubSum;
            }
            for (int i = 0; i < ROLLS; i++) {
                long others = ubSum - WEIGHT[i] * top;
                long a = Math.max(Math.floorDiv(alpha - others, WEIGHT[i]), bottom);
                // One reply's value bounds the opponent's best from below, so ours from above.
                ub[i] = -probe(layers - 1, generated(layers, i, own, opponent), -top, -a);
                ubSum = others + WEIGHT[i] * ub[i];
                if (ubSum <= alpha) {
                    return ubSum;
                }
            }
        }
        long sum = 0;
        long restUpper = ubSum;
        long restWays = Roll.WAYS;
        for (int i = 0; i < ROLLS; i++) {
            long w = WEIGHT[i];
            restUpper -= w * ub[i];
            restWays -= w;
            long restLower = bottom * restWays;
            long a = Math.floorDiv(alpha - sum - restUpper, w);
            long b = -Math.floorDiv(-(beta - sum - restLower), w);
            if (a >= ub[i]) {
                return sum + w * ub[i] + restUpper;
            }
            if (b <= bottom) {
                return sum + w * bottom + restLower;
            }
            if (ub[i] == bottom) {
                sum += w * bottom;
                continue;
            }
            long x = -best(layers - 1, generated(layers, i, own, opponent), -Math.min(b, ub[i]),
                    -Math.max(a, bottom));
            if (x <= a) {
                return sum + w * x + restUpper;
            }
            if (x >= b) {
                return sum + w * x + restLower;
            }
            sum += w * x;
        }
        return sum;
    }

    /** The replies to roll {@code i} of the opponent below a chance node with these layers, generated once. */
    private Replies generated(int layers, int i, int[] own, int[] opponent) {
        Replies r = replies[layers][i];
        if (!r.generated) {
            r.moves.generate(opponent, own, HIGH[i], LOW[i]);
            r.generated = true;
            r.ordered = false;
        }
        return r;
    }

    // ------------------------------------------------------------------------------------------
    // Max nodes: the opponent has rolled and picks its best reply

    /**
     * The best reply's value for the player on roll, whose candidates have {@code layers} chance
     * layers below them, with alpha-beta within the window.
     */
    private long best(int layers, Replies r, long alpha, long beta) {
        visit();
        Successors moves = r.moves;
        int[] own = childOwn[layers];
        int[] opponent = childOpponent[layers];
        long best = -INFINITE;
        if (layers == 0) {
            for (int i = 0, n = moves.size(); i < n; i++) {
                moves.mover(i, own);
                moves.opponent(i, opponent);
                visit();
                long v = leaf(own, opponent);
                if (v > best) {
                    best = v;
                    if (best >= beta) {
                        break;
                    }
                }
            }
            return best;
        }
        ordered(r);
        for (int k = 0; k < r.count; k++) {
            int i = r.order[k];
            moves.mover(i, own);
            moves.opponent(i, opponent);
            long v = chance(layers, own, opponent, Math.max(alpha, best), beta);
            if (v > best) {
                best = v;
                if (best >= beta) {
                    break;
                }
            }
        }
        return best;
    }

    /**
     * Star2's probe: the value of one reply, a lower bound of the replying side's best. Below the
     * last layer the first hitting reply (else the first), otherwise the best by 0-ply evaluation.
     */
    private long probe(int layers, Replies r, long alpha, long beta) {
        visit();
        Successors moves = r.moves;
        int[] own = childOwn[layers];
        int[] opponent = childOpponent[layers];
        int pick = 0;
        if (layers == 0) {
            for (int i = 0, n = moves.size(); i < n; i++) {
                if (moves.hits(i)) {
                    pick = i;
                    break;
                }
            }
        } else {
            pick = ordered(r).order[0];
        }
        moves.mover(pick, own);
        moves.opponent(pick, opponent);
        return chance(layers, own, opponent, alpha, beta);
    }

    /** Orders the replies best first by 0-ply evaluation, keeping the prefilter's best when it applies. */
    private Replies ordered(Replies r) {
        if (r.ordered) {
            return r;
        }
        Successors moves = r.moves;
        int n = moves.size();
        if (r.order.length < n) {
            r.order = new int[Math.max(n, 2 * r.order.length)];
            r.keys = new long[r.order.length];
        }
        for (int i = 0; i < n; i++) {
            moves.mover(i, orderOwn);
            moves.opponent(i, orderOpponent);
            visit();
            r.keys[i] = orderKey(leaf(orderOwn, orderOpponent), i);
        }
        sortDescending(r.keys, n, r.order);
        r.count = filterInner ? Math.min(n, prefilterMoves) : n;
        r.ordered = true;
        return r;
    }

    // ------------------------------------------------------------------------------------------
    // Leaves and helpers

    /** The 0-ply value of a position for the player who just moved: its win points if it has won. */
    private long leaf(int[] own, int[] opponent) {
        return own[0] == 15 ? winPoints(opponent) * 100L : evaluation.evaluate(own, opponent);
    }

    /** Points won against this loser: 2 if it bore off none, 3 if also on the bar or in the winner's home. */
    private int winPoints(int[] loser) {
        if (!gammons || loser[0] > 0) {
            return 1;
        }
        for (int p = 19; p <= 25; p++) {
            if (loser[p] > 0) {
                return 3;
            }
        }
        return 2;
    }

    /** A sort key: higher scores first, equal scores in index order. */
    private static long orderKey(long score, int index) {
        return score << 24 | (0xFFFFFF - index);
    }

    /** Indices of {@code keys[0..n)} by decreasing key, into {@code order}; sorts the keys. */
    private static int[] sortDescending(long[] keys, int n, int[] order) {
        Arrays.sort(keys, 0, n);
        for (int k = 0; k < n; k++) {
            order[k] = 0xFFFFFF - (int) (keys[n - 1 - k] & 0xFFFFFF);
        }
        return order;
    }

    /** Counts a node and, every so often, checks the budget. */
    private void visit() {
        nodes++;
        if (--untilCheck <= 0) {
            untilCheck = CHECK_EVERY;
            Budget b = budget;
            if ((b.nodes() > 0 && nodes >= b.nodes())
                    || (b.timeNanos() > 0 && System.nanoTime() - deadline > 0)
                    || b.stop().getAsBoolean()) {
                throw ABORT;
            }
        }
    }
}

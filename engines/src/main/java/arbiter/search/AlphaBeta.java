package arbiter.search;

import arbiter.game.Move;
import arbiter.player.Limits;
import arbiter.player.Score;
import arbiter.player.SearchResult;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.BooleanSupplier;

/**
 * Negamax alpha-beta over any {@link SearchBoard}, with every classic feature switchable so that the
 * seed programs' configurations can be reproduced and compared (see {@link SearchOptions}):
 * iterative deepening, principal-variation search, aspiration windows, a transposition table, move
 * ordering (TT move, captures, killers, history), quiescence or the draughts capture extension, and
 * win/loss scores by distance. With {@code minimax} it searches the full tree without pruning.
 *
 * <p>One instance per player (it keeps the history table and TT between moves of a game).
 */
public final class AlphaBeta {
    private static final int MAX_PLY = Score.MAX_PLY - 8;

    private final SearchBoard board;
    private final SearchOptions options;
    private final TranspositionTable tt;
    private final MoveOrder moveOrder;

    private long nodes;
    private long gameSeed;
    private int selDepth;
    private long nodeLimit;
    private long deadlineNanos;
    private BooleanSupplier stop;
    private boolean aborted;

    public AlphaBeta(SearchBoard board, SearchOptions options) {
        this.board = board;
        this.options = options;
        this.tt = options.tt() ? new TranspositionTable(options.ttMb()) : null;
        this.moveOrder = new MoveOrder(board, options, MAX_PLY);
    }

    /** Forget everything learned in the previous game; the seed varies the {@code random} tie-breaks per game. */
    public void newGame(long gameSeed) {
        this.gameSeed = gameSeed;
        if (tt != null) {
            tt.clear();
        }
        moveOrder.newGame();
    }

    /**
     * Searches the board's current position (which must have a legal move) within the limits.
     * Iterative deepening runs depth 1, 2, ... (or the target depth only when switched off).
     */
    public SearchResult search(Limits limits, BooleanSupplier stopSignal) {
        long start = System.nanoTime();
        nodes = 0;
        selDepth = 0;
        aborted = false;
        stop = stopSignal;
        nodeLimit = limits.nodes() > 0 ? limits.nodes() : Long.MAX_VALUE;
        long hard = limits.hardTimeMs();
        deadlineNanos = hard > 0 ? start + hard * 1_000_000L : Long.MAX_VALUE;
        long target = limits.targetTimeMs();
        int maxDepth = limits.depth() > 0 ? Math.min(limits.depth(), MAX_PLY - 1) : MAX_PLY - 1;
        if (tt != null) {
            tt.newSearch();
        }
        moveOrder.newSearch();

        int rootCount = board.generateMoves(0);
        if (rootCount == 0) {
            throw new IllegalStateException("search called on a position without legal moves");
        }
        int[] rootOrder = new int[rootCount];
        for (int i = 0; i < rootCount; i++) {
            rootOrder[i] = i;
        }
        if (options.randomSeed() != 0) {
            // Seeded shuffle: among equally scored moves the first searched wins, so ties break at random.
            SplittableRandom random = new SplittableRandom(options.randomSeed() ^ gameSeed ^ board.hash());
            for (int i = rootCount - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int t = rootOrder[i];
                rootOrder[i] = rootOrder[j];
                rootOrder[j] = t;
            }
        }
        int bestIndex = rootOrder[0];
        int bestScore = 0;
        int completedDepth = 0;
        int firstDepth = options.iterativeDeepening() ? 1 : maxDepth;
        if (limits.depth() == 0 && !options.iterativeDeepening()) {
            firstDepth = options.fixedDepth();
            maxDepth = firstDepth;
        }
        for (int depth = firstDepth; depth <= maxDepth; depth++) {
            int alpha = -Score.INFINITE;
            int beta = Score.INFINITE;
            boolean useWindow = options.aspiration() && !options.minimax() && depth >= 4
                    && !Score.isWin(Math.abs(bestScore));
            int window = options.aspirationWindow();
            if (useWindow) {
                alpha = bestScore - window;
                beta = bestScore + window;
            }
            int[] result;
            while (true) {
                result = searchRoot(rootOrder, rootCount, depth, alpha, beta);
                if (aborted) {
                    break;
                }
                int score = result[1];
                boolean failLow = score <= alpha && alpha > -Score.INFINITE;
                boolean failHigh = score >= beta && beta < Score.INFINITE;
                if (!failLow && !failHigh) {
                    break;
                }
                // Widen the failed side fourfold; after a few tries open it completely.
                window *= 4;
                boolean open = window > 64 * options.aspirationWindow();
                if (failLow) {
                    alpha = open ? -Score.INFINITE : Math.max(-Score.INFINITE, score - window);
                } else {
                    beta = open ? Score.INFINITE : Math.min(Score.INFINITE, score + window);
                }
            }
            if (aborted) {
                // A partial iteration still counts if the best-so-far move (rootOrder[0]) was fully searched.
                if (result != null && result[2] == 1) {
                    bestIndex = result[0];
                    bestScore = result[1];
                }
                break;
            }
            bestIndex = result[0];
            bestScore = result[1];
            completedDepth = depth;
            // Keep the best move first for the next iteration.
            for (int i = 0; i < rootCount; i++) {
                if (rootOrder[i] == bestIndex) {
                    System.arraycopy(rootOrder, 0, rootOrder, 1, i);
                    rootOrder[0] = bestIndex;
                    break;
                }
            }
            if (Score.isWin(Math.abs(bestScore)) && Score.pliesToEnd(bestScore) <= depth) {
                break;
            }
            long elapsedMs = (System.nanoTime() - start) / 1_000_000;
            if (target > 0 && elapsedMs * 2 > target) {
                break;
            }
            if (nodes >= nodeLimit) {
                break;
            }
        }
        long timeMs = (System.nanoTime() - start) / 1_000_000;
        Move best = board.toMove(0, bestIndex);
        List<Move> pv = principalVariation(bestIndex, Math.max(1, completedDepth));
        return new SearchResult(best, bestScore, completedDepth, Math.max(selDepth, completedDepth), nodes, timeMs, pv);
    }

    /**
     * Returns {best index, best score, 1 if the best move so far, {@code rootOrder[0]}, was fully
     * searched}: searched first unless S2's ordering sorts the root, which may search it late.
     */
    private int[] searchRoot(int[] rootOrder, int rootCount, int depth, int alpha, int beta) {
        int bestIndex = rootOrder[0];
        int bestScore = -Score.INFINITE;
        boolean searchedOne = false;
        boolean leaderDone = false;
        int originalAlpha = alpha;
        boolean ordered = moveOrder.ordersRoot();
        if (ordered) {
            moveOrder.listRoot(rootOrder, rootCount, options.randomSeed() != 0);
        }
        for (int k = 0; k < rootCount; k++) {
            int index = ordered ? moveOrder.next(0, k, rootCount) : rootOrder[k];
            board.makeMove(0, index);
            nodes++;
            int score;
            if (k == 0 || !options.pvs() || options.minimax()) {
                score = -search(depth - 1, 1, -beta, -alpha, true);
            } else {
                score = -search(depth - 1, 1, -alpha - 1, -alpha, false);
                if (score > alpha && score < beta && !aborted) {
                    score = -search(depth - 1, 1, -beta, -alpha, true);
                }
            }
            board.unmakeMove(0);
            if (aborted) {
                break;
            }
            searchedOne = true;
            leaderDone |= index == rootOrder[0];
            if (score > bestScore) {
                bestScore = score;
                bestIndex = index;
                if (score > alpha && !options.minimax()) {
                    alpha = score;
                }
                if (alpha >= beta) {
                    break;
                }
            }
        }
        if (!aborted && searchedOne) {
            moveOrder.best(0, bestIndex);
        }
        if (!aborted && tt != null && searchedOne) {
            int bound = bestScore <= originalAlpha ? TranspositionTable.UPPER
                    : bestScore >= beta ? TranspositionTable.LOWER : TranspositionTable.EXACT;
            tt.store(board.hash(), bestScore, depth, bound, board.moveKey(0, bestIndex));
        }
        return new int[] {bestIndex, bestScore, leaderDone ? 1 : 0};
    }

    private int search(int depth, int ply, int alpha, int beta, boolean pvNode) {
        if (ply > selDepth) {
            selDepth = ply;
        }
        if ((nodes & 1023) == 0 && checkAbort()) {
            return 0;
        }
        if (nodes >= nodeLimit) {
            aborted = true;
            return 0;
        }
        if (board.isDrawByRule()) {
            return 0;
        }
        if (ply >= MAX_PLY) {
            return board.evaluate();
        }
        if (options.captureExtension() && depth <= 0 && board.isForcing()) {
            depth = 1;
        }
        if (depth <= 0) {
            return options.quiescence() ? quiescence(alpha, beta, ply) : board.evaluate();
        }
        if (!options.minimax()) {
            // Mate-distance pruning: no line from here beats a win at this ply.
            alpha = Math.max(alpha, -Score.WIN + ply);
            beta = Math.min(beta, Score.WIN - ply - 1);
            if (alpha >= beta) {
                return alpha;
            }
        }

        int ttMove = 0;
        long key = board.hash();
        if (tt != null) {
            int entry = tt.probe(key);
            if (entry >= 0) {
                ttMove = tt.move(entry);
                if (!pvNode && tt.depth(entry) >= depth && !options.minimax()) {
                    int score = fromTt(tt.score(entry), ply);
                    int bound = tt.bound(entry);
                    if (bound == TranspositionTable.EXACT
                            || (bound == TranspositionTable.LOWER && score >= beta)
                            || (bound == TranspositionTable.UPPER && score <= alpha)) {
                        return score;
                    }
                }
            }
        }

        int count = board.generateMoves(ply);
        if (count == 0) {
            return board.noMoveScore(ply);
        }
        moveOrder.score(ply, count, ttMove);

        int originalAlpha = alpha;
        int bestScore = -Score.INFINITE;
        int bestKey = 0;
        int bestIndex = -1;
        for (int k = 0; k < count; k++) {
            int index = moveOrder.next(ply, k, count);
            board.makeMove(ply, index);
            nodes++;
            int score;
            if (k == 0 || !options.pvs() || options.minimax()) {
                score = -search(depth - 1, ply + 1, -beta, -alpha, pvNode);
            } else {
                score = -search(depth - 1, ply + 1, -alpha - 1, -alpha, false);
                if (score > alpha && score < beta && !aborted) {
                    score = -search(depth - 1, ply + 1, -beta, -alpha, true);
                }
            }
            board.unmakeMove(ply);
            if (aborted) {
                return 0;
            }
            if (score > bestScore) {
                bestScore = score;
                bestKey = board.moveKey(ply, index);
                bestIndex = index;
                if (score > alpha && !options.minimax()) {
                    alpha = score;
                    if (alpha >= beta) {
                        moveOrder.cutoff(ply, index, depth);
                        break;
                    }
                }
            }
        }
        moveOrder.best(ply, bestIndex);
        if (tt != null) {
            int bound = bestScore <= originalAlpha ? TranspositionTable.UPPER
                    : bestScore >= beta ? TranspositionTable.LOWER : TranspositionTable.EXACT;
            tt.store(key, toTt(bestScore, ply), depth, bound, bestKey);
        }
        return bestScore;
    }

    private int quiescence(int alpha, int beta, int ply) {
        if (ply > selDepth) {
            selDepth = ply;
        }
        if ((nodes & 1023) == 0 && checkAbort()) {
            return 0;
        }
        if (ply >= MAX_PLY) {
            return board.evaluate();
        }
        boolean standPat = board.canStandPat();
        int bestScore = -Score.INFINITE;
        if (standPat) {
            bestScore = board.evaluate();
            if (bestScore >= beta) {
                return bestScore;
            }
            if (bestScore > alpha) {
                alpha = bestScore;
            }
        }
        int count = board.generateQuiescenceMoves(ply);
        if (count == 0) {
            if (standPat) {
                return bestScore;
            }
            // No forced move although the position is not quiet: let the full generator decide.
            int all = board.generateMoves(ply);
            return all == 0 ? board.noMoveScore(ply) : board.evaluate();
        }
        moveOrder.score(ply, count, 0);
        for (int k = 0; k < count; k++) {
            int index = moveOrder.next(ply, k, count);
            board.makeMove(ply, index);
            nodes++;
            int score = -quiescence(-beta, -alpha, ply + 1);
            board.unmakeMove(ply);
            if (aborted) {
                return 0;
            }
            if (score > bestScore) {
                bestScore = score;
                if (score > alpha) {
                    alpha = score;
                    if (alpha >= beta) {
                        break;
                    }
                }
            }
        }
        return bestScore;
    }

    private boolean checkAbort() {
        if (stop != null && stop.getAsBoolean()) {
            aborted = true;
        } else if (deadlineNanos != Long.MAX_VALUE && System.nanoTime() >= deadlineNanos) {
            aborted = true;
        }
        return aborted;
    }

    // ------------------------------------------------------------------------------------------
    // Scores in the TT are stored relative to the node so wins by distance stay right at other plies.

    private static int toTt(int score, int ply) {
        if (Score.isWin(score)) {
            return score + ply;
        }
        if (Score.isLoss(score)) {
            return score - ply;
        }
        return score;
    }

    private static int fromTt(int score, int ply) {
        if (Score.isWin(score)) {
            return score - ply;
        }
        if (Score.isLoss(score)) {
            return score + ply;
        }
        return score;
    }

    /** The best move followed by the TT's best replies, checked for legality along the way. */
    private List<Move> principalVariation(int bestIndex, int maxLength) {
        List<Move> pv = new ArrayList<>();
        pv.add(board.toMove(0, bestIndex));
        if (tt == null) {
            return pv;
        }
        board.generateMoves(0);
        board.makeMove(0, bestIndex);
        int made = 1;
        java.util.Set<Long> seen = new java.util.HashSet<>();
        while (made < maxLength && made < MAX_PLY - 1 && seen.add(board.hash())) {
            int entry = tt.probe(board.hash());
            if (entry < 0 || tt.move(entry) == 0) {
                break;
            }
            int key = tt.move(entry);
            int count = board.generateMoves(made);
            int found = -1;
            for (int i = 0; i < count; i++) {
                if (board.moveKey(made, i) == key) {
                    found = i;
                    break;
                }
            }
            if (found < 0) {
                break;
            }
            pv.add(board.toMove(made, found));
            board.makeMove(made, found);
            made++;
        }
        for (int ply = made - 1; ply >= 0; ply--) {
            board.unmakeMove(ply);
        }
        return pv;
    }

    public long nodes() {
        return nodes;
    }
}

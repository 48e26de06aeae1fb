package arbiter.search.mcts;

import arbiter.game.GameHistory;
import arbiter.game.Move;
import arbiter.game.Position;
import arbiter.player.Limits;
import arbiter.player.Score;
import arbiter.player.SearchResult;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Monte Carlo tree search with UCB1 selection (UCT) for any two-player {@link MctsBoard}, as in the
 * seed S1 thesis: each iteration descends by winrate + c * sqrt(ln N / n), adds one node (a random
 * untried move), plays a random playout from it (cut after {@code maxd} plies and scored by the
 * board's squashed evaluation, or played to the end) and backs the result up the path. Options:
 * {@link UctOptions}.
 *
 * <p>One instance per player; it keeps the tree between moves of a game ({@code treeReuse}).
 */
public final class Uct {
    /** Playouts played "to the end" stop here and are scored by the evaluation. */
    private static final int MAX_PLAYOUT = 1_000;
    /** Iterations between looks at the clock and the stop signal. */
    private static final int CHECK_EVERY = 32;
    private static final int MAX_PV = 32;

    private final MctsBoard board;
    private final UctOptions options;
    private final UctTree tree;
    private final Rng rng = new Rng(0);
    private final long[] tried;
    private int[] path = new int[64];
    private long gameSeed;

    /** The position the tree's root stands for: its hash and its index in the game (-1: no tree). */
    private long rootHash;
    private int rootPly = -1;
    private int rootSide;
    private int selDepth;
    private List<Move> rootMoves = List.of();

    public Uct(MctsBoard board, UctOptions options) {
        this.board = board;
        this.options = options;
        this.tree = new UctTree(options.maxNodes());
        this.tried = new long[(board.moveCodeLimit() + 63) / 64];
    }

    /** A new game: drop the tree; the seed varies the playouts per game. */
    public void newGame(long gameSeed) {
        this.gameSeed = gameSeed;
        rootPly = -1;
        tree.clear();
    }

    /** Searches the game's current position (not over) within the limits. */
    public SearchResult search(GameHistory game, Limits limits, BooleanSupplier stop) {
        long start = System.nanoTime();
        board.load(game);
        if (board.isOver()) {
            throw new IllegalStateException("search called on a finished game");
        }
        int ply = game.moves().size();
        rng.seed(Rng.mix(options.seed(), gameSeed, board.hash(), ply));
        selDepth = 0;
        int win = board.winningMove();
        if (win >= 0) {
            rootMoves = List.of(board.toMove(win));
            return new SearchResult(board.toMove(win), Score.WIN - 1, 1, 1, 0, elapsedMs(start), rootMoves);
        }
        int[] moves = board.legalMoves();
        if (options.losingMoveCheck()) {
            moves = withoutLosingMoves(moves);
        }
        prepareRoot(game, moves);
        rootMoves = new ArrayList<>();
        for (int c = tree.firstChild[0]; c >= 0; c = tree.nextSibling[c]) {
            rootMoves.add(board.toMove(tree.move[c]));
        }

        long budget = limits.nodes() > 0 ? limits.nodes()
                : limits.targetTimeMs() > 0 ? Long.MAX_VALUE : options.playouts();
        long target = limits.targetTimeMs();
        long deadline = target > 0 ? start + target * 1_000_000L : Long.MAX_VALUE;
        long playouts = 0;
        if (moves.length > 1) {
            while (playouts < budget) {
                iterate();
                playouts++;
                if (playouts % CHECK_EVERY == 0
                        && ((stop != null && stop.getAsBoolean()) || System.nanoTime() >= deadline)) {
                    break;
                }
            }
        }
        return result(playouts, start);
    }

    private static long elapsedMs(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }

    /** The root moves of the last search, after the losing-move check (for tests and inspection). */
    public List<Move> rootMoves() {
        return rootMoves;
    }

    /** Playouts through the current root, including those kept from earlier searches. */
    public int rootVisits() {
        return tree.size == 0 ? 0 : tree.visits[0];
    }

    /** Moves after which the opponent has no immediate win; all moves if every one loses. */
    private int[] withoutLosingMoves(int[] moves) {
        int[] safe = new int[moves.length];
        int n = 0;
        for (int code : moves) {
            board.make(code);
            boolean loses = board.winningMove() >= 0;
            board.unmake();
            if (!loses) {
                safe[n++] = code;
            }
        }
        return n == 0 ? moves : java.util.Arrays.copyOf(safe, n);
    }

    // ------------------------------------------------------------------------------------------
    // Root and tree reuse

    /**
     * Makes the tree's root the current position: the subtree of the moves played since the last
     * search when it can be found, else a fresh root. The root's children are exactly {@code moves}
     * (made eagerly, unvisited ones in random order): its random expansion is the visit order.
     */
    private void prepareRoot(GameHistory game, int[] moves) {
        int node = options.treeReuse() ? reusableNode(game) : -1;
        if (node < 0) {
            tree.addRoot();
        } else if (node > 0) {
            tree.keepSubtree(node);
        }
        rootHash = board.hash();
        rootPly = game.moves().size();
        rootSide = board.sideToMove();
        boolean[] wanted = new boolean[board.moveCodeLimit()];
        for (int code : moves) {
            wanted[code] = true;
        }
        for (int c = tree.firstChild[0]; c >= 0; ) {
            int next = tree.nextSibling[c];
            if (wanted[tree.move[c]]) {
                wanted[tree.move[c]] = false;
            } else {
                tree.detach(0, c);
            }
            c = next;
        }
        int[] missing = new int[moves.length];
        int n = 0;
        for (int code : moves) {
            if (wanted[code]) {
                missing[n++] = code;
            }
        }
        if (!tree.hasRoom(n)) {
            // A full tree: start afresh, as the root's children must all exist.
            tree.addRoot();
            n = moves.length;
            System.arraycopy(moves, 0, missing, 0, n);
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = missing[i];
            missing[i] = missing[j];
            missing[j] = t;
        }
        for (int i = 0; i < n; i++) {
            tree.addChild(0, missing[i]);
        }
        tree.legal[0] = tree.childCount[0];
    }

    /** The node of the current position in the kept tree, or -1. */
    private int reusableNode(GameHistory game) {
        int now = game.moves().size();
        if (rootPly < 0 || tree.size == 0 || rootPly > now || game.positions().get(rootPly).hash() != rootHash) {
            return -1;
        }
        int node = 0;
        for (int i = rootPly; i < now && node >= 0; i++) {
            Position before = game.positions().get(i);
            node = tree.child(node, board.codeOf(before, game.moves().get(i)));
        }
        return node;
    }

    // ------------------------------------------------------------------------------------------
    // One iteration: select, expand one node, play out, back up

    private void iterate() {
        int length = 0;
        int node = 0;
        double value;
        while (true) {
            path = ensure(path, length + 1);
            path[length++] = node;
            if (tree.legal[node] == 0) {
                value = board.result();
                break;
            }
            int depth = length - 1;
            if (tree.legal[node] == UctTree.UNKNOWN) {
                tree.legal[node] = board.legalMoveCount();
            }
            int children = tree.childCount[node];
            boolean skip = options.nodeSkipping() && depth >= options.skipDepth() && rng.nextBoolean();
            if (node == 0) {
                // The root's children all exist: an unvisited one is its next expansion.
                int child = select(node, !skip);
                board.make(tree.move[child]);
                node = child;
                if (tree.visits[child] == 0) {
                    path = ensure(path, length + 1);
                    path[length++] = child;
                    value = leafValue(child);
                    break;
                }
                continue;
            }
            boolean expand = children < tree.legal[node] && !(skip && children > 0);
            if (expand && tree.hasRoom()) {
                buildTried(node);
                int code = board.randomMove(rng, tried);
                int child = tree.addChild(node, code);
                board.make(code);
                path = ensure(path, length + 1);
                path[length++] = child;
                value = leafValue(child);
                break;
            }
            if (children == 0) {
                value = playout(); // the tree is full
                break;
            }
            int child = select(node, false);
            board.make(tree.move[child]);
            node = child;
        }
        backUp(length, value);
        for (int i = 1; i < length; i++) {
            board.unmake();
        }
        if (length - 1 > selDepth) {
            selDepth = length - 1;
        }
    }

    /** Value of a node just reached for the first time: the result if the game is over, else a playout. */
    private double leafValue(int node) {
        if (board.isOver()) {
            tree.legal[node] = 0;
            return board.result();
        }
        return playout();
    }

    /**
     * The child to descend into: with {@code unvisitedFirst} the first unvisited child if any, else
     * the best by UCB1 among the visited ones.
     */
    private int select(int node, boolean unvisitedFirst) {
        double logN = Math.log(Math.max(1, tree.visits[node]));
        double c = options.c();
        int best = -1;
        double bestValue = Double.NEGATIVE_INFINITY;
        int firstUnvisited = -1;
        for (int ch = tree.firstChild[node]; ch >= 0; ch = tree.nextSibling[ch]) {
            int n = tree.visits[ch];
            if (n == 0) {
                if (firstUnvisited < 0) {
                    firstUnvisited = ch;
                }
                continue;
            }
            double value = tree.wins[ch] / n + c * Math.sqrt(logN / n);
            if (value > bestValue) {
                bestValue = value;
                best = ch;
            }
        }
        if (firstUnvisited >= 0 && (unvisitedFirst || best < 0)) {
            return firstUnvisited;
        }
        return best;
    }

    private void buildTried(int node) {
        java.util.Arrays.fill(tried, 0L);
        for (int c = tree.firstChild[node]; c >= 0; c = tree.nextSibling[c]) {
            int code = tree.move[c];
            tried[code >>> 6] |= 1L << code;
        }
    }

    /** Plays from the current position and returns White's result; the board is restored. */
    private double playout() {
        int limit = options.maxd() > 0 ? options.maxd() : MAX_PLAYOUT;
        int made = 0;
        double value;
        while (true) {
            if (board.isOver()) {
                value = board.result();
                break;
            }
            if (made >= limit) {
                value = board.playoutValue();
                break;
            }
            int code = options.playoutWins() ? board.winningMove() : -1;
            if (code < 0) {
                // Each side's 1st, 3rd, 5th... move of the playout is the smart one.
                boolean smart = options.smartPlayouts() && ((made >>> 1) & 1) == 0;
                code = smart ? board.greedyMove(rng) : board.randomMove(rng, null);
            }
            board.make(code);
            made++;
        }
        for (int i = 0; i < made; i++) {
            board.unmake();
        }
        return value;
    }

    /** Adds the result to every node of the path, each from the view of the player who moved into it. */
    private void backUp(int length, double whiteValue) {
        tree.visits[path[0]]++;
        for (int i = 1; i < length; i++) {
            int node = path[i];
            int mover = (rootSide + i - 1) & 1;
            tree.visits[node]++;
            tree.wins[node] += mover == 0 ? whiteValue : 1 - whiteValue;
        }
    }

    private static int[] ensure(int[] array, int length) {
        return length <= array.length ? array : java.util.Arrays.copyOf(array, array.length * 2);
    }

    // ------------------------------------------------------------------------------------------
    // Result

    /** The most visited child (ties: the better win rate, then the first), or -1 without children. */
    private int mostVisited(int node) {
        int best = -1;
        for (int c = tree.firstChild[node]; c >= 0; c = tree.nextSibling[c]) {
            if (best < 0 || tree.visits[c] > tree.visits[best]
                    || (tree.visits[c] == tree.visits[best] && rate(c) > rate(best))) {
                best = c;
            }
        }
        return best;
    }

    private double rate(int node) {
        return tree.visits[node] == 0 ? 0 : tree.wins[node] / tree.visits[node];
    }

    private SearchResult result(long playouts, long start) {
        int best = mostVisited(0);
        int score;
        if (tree.legal[best] == 0 && tree.visits[best] > 0) {
            score = winScore(best);
        } else {
            score = tree.visits[best] == 0 ? 0 : board.score(rate(best));
        }
        List<Move> pv = new ArrayList<>();
        int made = 0;
        for (int node = best; node >= 0 && tree.visits[node] > 0 && made < MAX_PV; node = mostVisited(node)) {
            pv.add(board.toMove(tree.move[node]));
            board.make(tree.move[node]);
            made++;
        }
        if (pv.isEmpty()) {
            pv.add(board.toMove(tree.move[best]));
        }
        for (int i = 0; i < made; i++) {
            board.unmake();
        }
        Move move = board.toMove(tree.move[best]);
        return new SearchResult(move, score, pv.size(), Math.max(selDepth, 1), playouts, elapsedMs(start), pv);
    }

    /** Score of a root child where the game ends: the mover's win (or draw) in one ply. */
    private int winScore(int child) {
        board.make(tree.move[child]);
        double white = board.result();
        board.unmake();
        double mine = rootSide == 0 ? white : 1 - white;
        return mine > 0.5 ? Score.WIN - 1 : mine < 0.5 ? -(Score.WIN - 1) : 0;
    }
}

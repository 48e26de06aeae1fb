package arbiter.game.quoridor;

import arbiter.game.GameHistory;
import arbiter.game.Move;
import arbiter.game.Position;
import arbiter.player.Score;
import arbiter.search.SearchBoard;
import arbiter.search.mcts.MctsBoard;
import arbiter.search.mcts.Rng;
import java.util.Arrays;

/**
 * The mutable two-player Quoridor board the searches drive: make/unmake on cell indices and wall
 * bit sets with an incremental Zobrist hash equal to {@link QuoridorPosition#hash()}, for both
 * alpha-beta ({@link SearchBoard}: per-ply move lists, moves ordered by progress and by walls on the
 * opponent's path) and Monte Carlo search ({@link MctsBoard}: uniform random moves by rejection,
 * shortest-path steps, immediate wins). The evaluation is plugged in.
 *
 * <p>Moves are the generator's codes: kind in bits 8-9 (step, horizontal wall, vertical wall,
 * pass), the destination cell or the wall slot below. The game ends when a pawn reaches its goal;
 * Quoridor has no draw rule (the referee caps the length), so {@link #isDrawByRule()} is false.
 */
public final class QuoridorBoard implements SearchBoard, MctsBoard {
    private static final int MAX_PLY = Score.MAX_PLY;
    /** Random draws before uniform sampling falls back to listing every move. */
    private static final int SAMPLING_TRIES = 64;

    /** A static evaluation of the board. */
    public interface Evaluator {
        /** Score from the side to move's view in centi-units (one step of distance = 100). */
        int evaluate(QuoridorBoard board);

        /** White's winning chances in [0, 1] (the squashed evaluation that scores cut-off playouts). */
        double whiteWinChance(QuoridorBoard board);

        /** A win chance of the side to move mapped back to a score in centi-units. */
        int score(double winChance);
    }

    private final QuoridorRules rules;
    private final Geometry g;
    private final MoveGenerator generator;
    private final Evaluator evaluator;

    private final int[] pawns = new int[2];
    private final int[] wallsLeft = new int[2];
    private long horizontal;
    private long vertical;
    private int side;
    private long hash;

    // Undo stack: the move made at each depth, the mover's previous cell and the previous hash.
    private int depth;
    private int[] undoMove = new int[MAX_PLY + 1];
    private int[] undoCell = new int[MAX_PLY + 1];
    private long[] undoHash = new long[MAX_PLY + 1];

    private final MoveList[] lists = new MoveList[MAX_PLY + 1];
    /** Per ply: the ordering score of each move (0 = quiet), computed on first use. */
    private final int[][] orderScores = new int[MAX_PLY + 1][];
    private final boolean[] orderReady = new boolean[MAX_PLY + 1];

    private final MoveList scratch = new MoveList();
    private final MoveList all = new MoveList();
    private final int[] distances;

    public QuoridorBoard(QuoridorRules rules, Evaluator evaluator) {
        if (rules.players() != 2) {
            throw new IllegalArgumentException("the Quoridor search board is for two players; "
                    + rules.id() + " has " + rules.players());
        }
        this.rules = rules;
        this.g = Geometry.of(rules.boardSize());
        this.generator = new MoveGenerator(rules);
        this.evaluator = evaluator;
        this.distances = new int[g.cells];
        for (int i = 0; i < lists.length; i++) {
            lists[i] = new MoveList();
        }
        load(rules.start());
    }

    @Override
    public void load(GameHistory game) {
        load((QuoridorPosition) game.current());
    }

    /** Loads a single position. */
    public void load(QuoridorPosition position) {
        if (!position.rules().equals(rules)) {
            throw new IllegalArgumentException("board for " + rules + " given a position of " + position.rules());
        }
        for (int p = 0; p < 2; p++) {
            pawns[p] = position.pawnCell(p);
            wallsLeft[p] = position.wallsLeft(p);
        }
        horizontal = position.horizontalWalls();
        vertical = position.verticalWalls();
        side = position.sideToMove();
        hash = position.hash();
        depth = 0;
    }

    /** The current position as an immutable value. */
    public QuoridorPosition toPosition() {
        return new QuoridorPosition(rules, pawns.clone(), wallsLeft.clone(), horizontal, vertical, side);
    }

    public QuoridorRules rules() {
        return rules;
    }

    @Override
    public int sideToMove() {
        return side;
    }

    public int wallsLeft(int player) {
        return wallsLeft[player];
    }

    /** Length of the player's shortest path to its goal (walls only, pawns ignored). */
    public int distanceToGoal(int player) {
        return generator.distanceToGoal(player, pawns[player], horizontal, vertical);
    }

    /** The player's pawn moves (steps and jumps) as if it were to move. */
    public int pawnMoveCount(int player) {
        scratch.clear();
        generator.pawnMoves(pawns, horizontal, vertical, player, scratch);
        return scratch.size;
    }

    /** The winner (a pawn on its goal), or -1. */
    public int winner() {
        if (generator.isGoal(0, pawns[0])) {
            return 0;
        }
        return generator.isGoal(1, pawns[1]) ? 1 : -1;
    }

    /** Plies made since the last load. */
    public int depth() {
        return depth;
    }

    // ------------------------------------------------------------------------------------------
    // Make / unmake

    @Override
    public void make(int code) {
        if (depth == undoMove.length) {
            undoMove = Arrays.copyOf(undoMove, depth * 2);
            undoCell = Arrays.copyOf(undoCell, depth * 2);
            undoHash = Arrays.copyOf(undoHash, depth * 2);
        }
        undoMove[depth] = code;
        undoCell[depth] = pawns[side];
        undoHash[depth] = hash;
        depth++;
        int value = code & MoveGenerator.VALUE;
        long h = hash;
        switch (code & MoveGenerator.KIND) {
            case MoveGenerator.STEP -> {
                h ^= QuoridorPosition.ZOBRIST_PAWN[side][pawns[side]] ^ QuoridorPosition.ZOBRIST_PAWN[side][value];
                pawns[side] = value;
            }
            case MoveGenerator.HORIZONTAL -> {
                horizontal |= 1L << value;
                h ^= QuoridorPosition.ZOBRIST_HORIZONTAL[value] ^ wallsLeftKeys(side);
                wallsLeft[side]--;
            }
            case MoveGenerator.VERTICAL -> {
                vertical |= 1L << value;
                h ^= QuoridorPosition.ZOBRIST_VERTICAL[value] ^ wallsLeftKeys(side);
                wallsLeft[side]--;
            }
            default -> {
            }
        }
        int next = side ^ 1;
        hash = h ^ QuoridorPosition.ZOBRIST_SIDE[side] ^ QuoridorPosition.ZOBRIST_SIDE[next];
        side = next;
    }

    /** The two walls-left keys that change when the player places one wall. */
    private long wallsLeftKeys(int player) {
        long[] keys = QuoridorPosition.ZOBRIST_WALLS_LEFT[player];
        return keys[wallsLeft[player]] ^ keys[wallsLeft[player] - 1];
    }

    @Override
    public void unmake() {
        depth--;
        side ^= 1;
        int code = undoMove[depth];
        long bit = 1L << (code & MoveGenerator.VALUE);
        switch (code & MoveGenerator.KIND) {
            case MoveGenerator.STEP -> pawns[side] = undoCell[depth];
            case MoveGenerator.HORIZONTAL -> {
                horizontal &= ~bit;
                wallsLeft[side]++;
            }
            case MoveGenerator.VERTICAL -> {
                vertical &= ~bit;
                wallsLeft[side]++;
            }
            default -> {
            }
        }
        hash = undoHash[depth];
    }

    @Override
    public long hash() {
        return hash;
    }

    // ------------------------------------------------------------------------------------------
    // SearchBoard

    @Override
    public int generateMoves(int ply) {
        MoveList list = lists[ply];
        orderReady[ply] = false;
        if (winner() >= 0) {
            list.clear();
            return 0;
        }
        generator.generate(pawns, wallsLeft, horizontal, vertical, side, list);
        return list.size;
    }

    @Override
    public int generateQuiescenceMoves(int ply) {
        lists[ply].clear();
        orderReady[ply] = false;
        return 0;
    }

    @Override
    public boolean canStandPat() {
        return true;
    }

    @Override
    public boolean isForcing() {
        return false;
    }

    @Override
    public int moveKey(int ply, int index) {
        return lists[ply].moves[index] + 1;
    }

    @Override
    public int historySlot(int ply, int index) {
        return side << 10 | lists[ply].moves[index];
    }

    @Override
    public int historySize() {
        return 2 << 10;
    }

    /** Pawn steps that shorten the path, and walls that cut the opponent's shortest path. */
    @Override
    public boolean isTactical(int ply, int index) {
        return orderScores(ply)[index] > 0;
    }

    @Override
    public int tacticalOrder(int ply, int index) {
        return orderScores(ply)[index];
    }

    /**
     * Ordering scores of a ply's moves (0 = quiet, left to killers and history): a pawn move that
     * gains ground 300 plus the steps gained; a wall on the opponent's current shortest path 100
     * plus its closeness to the opponent's pawn.
     */
    private int[] orderScores(int ply) {
        MoveList list = lists[ply];
        int[] scores = orderScores[ply];
        if (scores == null || scores.length < list.size) {
            scores = new int[Math.max(list.size, 256)];
            orderScores[ply] = scores;
        } else if (orderReady[ply]) {
            return scores;
        }
        orderReady[ply] = true;
        int opponent = side ^ 1;
        generator.goalDistances(side, horizontal, vertical, distances);
        int here = distances[pawns[side]];
        generator.shortestPath(opponent, pawns[opponent], horizontal, vertical);
        long cutsH = generator.pathHorizontal(opponent);
        long cutsV = generator.pathVertical(opponent);
        int oppX2 = 2 * g.column(pawns[opponent]);
        int oppY2 = 2 * g.row(pawns[opponent]);
        for (int i = 0; i < list.size; i++) {
            int code = list.moves[i];
            int value = code & MoveGenerator.VALUE;
            int kind = code & MoveGenerator.KIND;
            int score = 0;
            if (kind == MoveGenerator.STEP) {
                int gain = here - distances[value];
                score = gain > 0 ? 300 + gain : 0;
            } else if (kind != MoveGenerator.PASS
                    && (((kind == MoveGenerator.HORIZONTAL ? cutsH : cutsV) >>> value) & 1) != 0) {
                // Distance in half cells from the wall's centre to the opponent's pawn.
                int x2 = 2 * (value % g.width) + 1;
                int y2 = 2 * (value / g.width) + 1;
                int far = Math.abs(x2 - oppX2) + Math.abs(y2 - oppY2);
                score = 100 + Math.max(1, 64 - far);
            }
            scores[i] = score;
        }
        return scores;
    }

    @Override
    public void makeMove(int ply, int index) {
        make(lists[ply].moves[index]);
    }

    @Override
    public void unmakeMove(int ply) {
        unmake();
    }

    /** The evaluation; a finished game is a loss for the side to move, by distance from the load. */
    @Override
    public int evaluate() {
        if (winner() >= 0) {
            return -(Score.WIN - depth);
        }
        return evaluator.evaluate(this);
    }

    @Override
    public int noMoveScore(int ply) {
        return -(Score.WIN - ply);
    }

    @Override
    public boolean isDrawByRule() {
        return false;
    }

    @Override
    public QuoridorMove toMove(int ply, int index) {
        return QuoridorPosition.toMove(g, lists[ply].moves[index]);
    }

    // ------------------------------------------------------------------------------------------
    // MctsBoard

    @Override
    public boolean isOver() {
        return winner() >= 0;
    }

    @Override
    public double result() {
        return winner() == 0 ? 1 : 0;
    }

    @Override
    public int[] legalMoves() {
        if (isOver()) {
            return new int[0];
        }
        generator.generate(pawns, wallsLeft, horizontal, vertical, side, all);
        return Arrays.copyOf(all.moves, all.size);
    }

    @Override
    public int legalMoveCount() {
        return isOver() ? 0 : generator.count(pawns, wallsLeft, horizontal, vertical, side);
    }

    @Override
    public int moveCodeLimit() {
        return 4 << 8;
    }

    /**
     * Uniform by rejection: a draw over the pawn moves and every wall slot of both orientations is
     * kept if it is a legal, untried move. A wall needs a path search only once it has passed the
     * cheap tests. After {@value #SAMPLING_TRIES} misses (nearly everything tried) the legal moves
     * are listed instead.
     */
    @Override
    public int randomMove(Rng rng, long[] tried) {
        scratch.clear();
        generator.pawnMoves(pawns, horizontal, vertical, side, scratch);
        int steps = scratch.size;
        boolean walls = wallsLeft[side] > 0;
        int space = steps + (walls ? 2 * g.slots : 0);
        if (space > 0) {
            long freeH = walls ? g.allSlots & ~g.blockedHorizontal(horizontal, vertical) : 0;
            long freeV = walls ? g.allSlots & ~g.blockedVertical(horizontal, vertical) : 0;
            for (int t = 0; t < SAMPLING_TRIES; t++) {
                int r = rng.nextInt(space);
                int code;
                if (r < steps) {
                    code = scratch.moves[r];
                } else {
                    int slot = r - steps;
                    boolean h = slot < g.slots;
                    slot = h ? slot : slot - g.slots;
                    if ((((h ? freeH : freeV) >>> slot) & 1) == 0) {
                        continue;
                    }
                    code = (h ? MoveGenerator.HORIZONTAL : MoveGenerator.VERTICAL) | slot;
                }
                if (tried != null && (tried[code >>> 6] >>> code & 1) != 0) {
                    continue;
                }
                if (code >= MoveGenerator.HORIZONTAL && !wallKeepsPaths(code)) {
                    continue;
                }
                return code;
            }
        }
        return randomListed(rng, tried);
    }

    private boolean wallKeepsPaths(int code) {
        long bit = 1L << (code & MoveGenerator.VALUE);
        return (code & MoveGenerator.KIND) == MoveGenerator.HORIZONTAL
                ? generator.everyoneHasAPath(pawns, horizontal | bit, vertical)
                : generator.everyoneHasAPath(pawns, horizontal, vertical | bit);
    }

    /** A uniformly random untried move from the full list. */
    private int randomListed(Rng rng, long[] tried) {
        generator.generate(pawns, wallsLeft, horizontal, vertical, side, all);
        int untried = 0;
        for (int i = 0; i < all.size; i++) {
            int code = all.moves[i];
            if (tried == null || (tried[code >>> 6] >>> code & 1) == 0) {
                all.moves[untried++] = code;
            }
        }
        if (untried == 0) {
            throw new IllegalStateException("every move has been tried in " + toPosition().toText());
        }
        return all.moves[rng.nextInt(untried)];
    }

    /** A pawn move to a cell nearest the goal (ties at random); a random move if the pawn is stuck. */
    @Override
    public int greedyMove(Rng rng) {
        scratch.clear();
        generator.pawnMoves(pawns, horizontal, vertical, side, scratch);
        if (scratch.size == 0) {
            return randomMove(rng, null);
        }
        generator.goalDistances(side, horizontal, vertical, distances);
        int best = -1;
        int bestDistance = Integer.MAX_VALUE;
        int ties = 0;
        for (int i = 0; i < scratch.size; i++) {
            int code = scratch.moves[i];
            int d = distances[code & MoveGenerator.VALUE];
            if (d < bestDistance) {
                bestDistance = d;
                best = code;
                ties = 1;
            } else if (d == bestDistance && rng.nextInt(++ties) == 0) {
                best = code;
            }
        }
        return best;
    }

    /** A pawn move onto the goal, or -1. */
    @Override
    public int winningMove() {
        scratch.clear();
        generator.pawnMoves(pawns, horizontal, vertical, side, scratch);
        for (int i = 0; i < scratch.size; i++) {
            if (generator.isGoal(side, scratch.moves[i] & MoveGenerator.VALUE)) {
                return scratch.moves[i];
            }
        }
        return -1;
    }

    @Override
    public double playoutValue() {
        return evaluator.whiteWinChance(this);
    }

    @Override
    public int score(double winChance) {
        return evaluator.score(winChance);
    }

    @Override
    public QuoridorMove toMove(int code) {
        return QuoridorPosition.toMove(g, code);
    }

    @Override
    public int codeOf(Position position, Move move) {
        return code(move);
    }

    /** The code of a move (codes do not depend on the position). */
    public int code(Move move) {
        if (move instanceof QuoridorMove.Step step) {
            return MoveGenerator.STEP | g.cell(step.column(), step.row());
        }
        if (move instanceof QuoridorMove.Wall wall) {
            int slot = QuoridorPosition.slot(g, wall);
            if (slot < 0) {
                throw new IllegalArgumentException("not a wall of this board: " + wall);
            }
            return (wall.horizontal() ? MoveGenerator.HORIZONTAL : MoveGenerator.VERTICAL) | slot;
        }
        if (move instanceof QuoridorMove.Pass) {
            return MoveGenerator.PASS;
        }
        throw new IllegalArgumentException("not a Quoridor move: " + move);
    }
}

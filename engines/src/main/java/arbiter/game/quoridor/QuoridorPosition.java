package arbiter.game.quoridor;

import arbiter.game.EndReason;
import arbiter.game.Move;
import arbiter.game.NotationException;
import arbiter.game.Outcome;
import arbiter.game.Position;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * An immutable Quoridor position: each player's pawn and walls left, the walls on the board (as bit
 * sets of slots, see {@link Geometry}) and the side to move. Text form: see {@link QuoridorNotation}.
 */
public final class QuoridorPosition implements Position {
    private static final int MAX_PLAYERS = 4;
    private static final int MAX_CELLS = Geometry.MAX_SIZE * Geometry.MAX_SIZE;
    private static final int MAX_SLOTS = (Geometry.MAX_SIZE - 1) * (Geometry.MAX_SIZE - 1);
    /** Zobrist keys: pawn by player and cell, walls by slot, walls left by player and count, side. */
    static final long[][] ZOBRIST_PAWN = new long[MAX_PLAYERS][MAX_CELLS];
    static final long[] ZOBRIST_HORIZONTAL = new long[MAX_SLOTS];
    static final long[] ZOBRIST_VERTICAL = new long[MAX_SLOTS];
    static final long[][] ZOBRIST_WALLS_LEFT = new long[MAX_PLAYERS][MAX_SLOTS + 1];
    static final long[] ZOBRIST_SIDE = new long[MAX_PLAYERS];

    static {
        SplittableRandom random = new SplittableRandom(0x5EED_0C0A_0001L);
        for (long[] row : ZOBRIST_PAWN) {
            fill(row, random);
        }
        fill(ZOBRIST_HORIZONTAL, random);
        fill(ZOBRIST_VERTICAL, random);
        for (long[] row : ZOBRIST_WALLS_LEFT) {
            fill(row, random);
        }
        fill(ZOBRIST_SIDE, random);
        ZOBRIST_SIDE[0] = 0;
    }

    private static void fill(long[] keys, SplittableRandom random) {
        for (int i = 0; i < keys.length; i++) {
            keys[i] = random.nextLong();
        }
    }

    /** One generator per thread and rule set: generation keeps scratch state in the generator. */
    private static final ThreadLocal<Generators> GENERATORS = ThreadLocal.withInitial(Generators::new);

    /**
     * A thread's generators by rule set, with the last one used at hand: a game asks for the same
     * rules at every node, and hashing the rules record each time cost more than generating.
     */
    private static final class Generators {
        final Map<QuoridorRules, MoveGenerator> all = new HashMap<>();
        QuoridorRules lastRules;
        MoveGenerator last;

        MoveGenerator of(QuoridorRules rules) {
            if (rules != lastRules) {
                last = all.computeIfAbsent(rules, MoveGenerator::new);
                lastRules = rules;
            }
            return last;
        }
    }

    private final QuoridorRules rules;
    private final int[] pawns;
    private final int[] wallsLeft;
    private final long horizontal;
    private final long vertical;
    private final int side;
    private final Outcome outcome;
    private final long hash;
    private List<Move> legalMoves;

    /** The arrays are owned by the new position (not copied). */
    QuoridorPosition(QuoridorRules rules, int[] pawns, int[] wallsLeft, long horizontal, long vertical, int side) {
        this.rules = rules;
        this.pawns = pawns;
        this.wallsLeft = wallsLeft;
        this.horizontal = horizontal;
        this.vertical = vertical;
        this.side = side;
        this.outcome = decideOutcome();
        this.hash = computeHash();
    }

    static QuoridorPosition start(QuoridorRules rules) {
        Geometry g = Geometry.of(rules.boardSize());
        int mid = g.size / 2;
        int last = g.size - 1;
        int[] pawns = rules.players() == 2
                ? new int[] {g.cell(mid, 0), g.cell(mid, last)}
                : new int[] {g.cell(mid, 0), g.cell(0, mid), g.cell(mid, last), g.cell(last, mid)};
        int[] walls = new int[rules.players()];
        Arrays.fill(walls, rules.walls());
        return new QuoridorPosition(rules, pawns, walls, 0L, 0L, 0);
    }

    static MoveGenerator generator(QuoridorRules rules) {
        return GENERATORS.get().of(rules);
    }

    Geometry geometry() {
        return Geometry.of(rules.boardSize());
    }

    @Override
    public QuoridorRules rules() {
        return rules;
    }

    @Override
    public int sideToMove() {
        return side;
    }

    /** Column (0 = file a) of a player's pawn. */
    public int pawnColumn(int player) {
        return geometry().column(pawns[player]);
    }

    /** Row (0 = rank 1) of a player's pawn. */
    public int pawnRow(int player) {
        return geometry().row(pawns[player]);
    }

    public int wallsLeft(int player) {
        return wallsLeft[player];
    }

    /** The walls on the board, ordered by slot (south to north, west to east), horizontal first. */
    public List<QuoridorMove.Wall> walls() {
        Geometry g = geometry();
        List<QuoridorMove.Wall> list = new ArrayList<>();
        for (int slot = 0; slot < g.slots; slot++) {
            for (boolean h : new boolean[] {true, false}) {
                if (((h ? horizontal : vertical) >>> slot & 1) != 0) {
                    list.add(wall(g, slot, h));
                }
            }
        }
        return list;
    }

    /** Length of the player's shortest path to its goal (pawns ignored), as the rules' BFS sees it. */
    public int distanceToGoal(int player) {
        return generator(rules).distanceToGoal(player, pawns[player], horizontal, vertical);
    }

    int pawnCell(int player) {
        return pawns[player];
    }

    long horizontalWalls() {
        return horizontal;
    }

    long verticalWalls() {
        return vertical;
    }

    int[] wallsLeftArray() {
        return wallsLeft;
    }

    @Override
    public List<Move> legalMoves() {
        List<Move> moves = legalMoves;
        if (moves == null) {
            if (outcome != null) {
                moves = List.of();
            } else {
                MoveList list = new MoveList();
                generator(rules).generate(pawns, wallsLeft, horizontal, vertical, side, list);
                Geometry g = geometry();
                Move[] result = new Move[list.size];
                for (int i = 0; i < list.size; i++) {
                    result[i] = toMove(g, list.moves[i]);
                }
                moves = List.of(result);
            }
            legalMoves = moves;
        }
        return moves;
    }

    /** The game-API move of a generator move code. */
    static QuoridorMove toMove(Geometry g, int code) {
        int value = code & MoveGenerator.VALUE;
        return switch (code & MoveGenerator.KIND) {
            case MoveGenerator.STEP -> new QuoridorMove.Step(g.column(value), g.row(value));
            case MoveGenerator.HORIZONTAL -> wall(g, value, true);
            case MoveGenerator.VERTICAL -> wall(g, value, false);
            default -> new QuoridorMove.Pass();
        };
    }

    /** The wall on a slot, named by its north-west anchor cell (one row above the slot's row). */
    static QuoridorMove.Wall wall(Geometry g, int slot, boolean horizontal) {
        return new QuoridorMove.Wall(slot % g.width, slot / g.width + 1, horizontal);
    }

    /** The slot of a wall, or -1 if its anchor is not a wall anchor of this board. */
    static int slot(Geometry g, QuoridorMove.Wall wall) {
        int x = wall.column();
        int y = wall.row() - 1;
        return x >= 0 && y >= 0 && x < g.width && y < g.width ? y * g.width + x : -1;
    }

    @Override
    public QuoridorPosition play(Move move) {
        if (!legalMoves().contains(move)) {
            throw new IllegalArgumentException("not a legal move in " + toText() + ": " + move);
        }
        int nextSide = (side + 1) % rules.players();
        Geometry g = geometry();
        if (move instanceof QuoridorMove.Step step) {
            int[] next = pawns.clone();
            next[side] = g.cell(step.column(), step.row());
            return new QuoridorPosition(rules, next, wallsLeft, horizontal, vertical, nextSide);
        }
        if (move instanceof QuoridorMove.Wall wall) {
            long bit = 1L << slot(g, wall);
            int[] left = wallsLeft.clone();
            left[side]--;
            return new QuoridorPosition(rules, pawns, left, wall.horizontal() ? horizontal | bit : horizontal,
                    wall.horizontal() ? vertical : vertical | bit, nextSide);
        }
        return new QuoridorPosition(rules, pawns, wallsLeft, horizontal, vertical, nextSide);
    }

    @Override
    public Outcome outcome() {
        return outcome;
    }

    private Outcome decideOutcome() {
        for (int player = 0; player < rules.players(); player++) {
            Geometry g = geometry();
            if (MoveGenerator.isGoal(rules, player, g.column(pawns[player]), g.row(pawns[player]))) {
                return new Outcome.Win(player, EndReason.GOAL_REACHED);
            }
        }
        return null;
    }

    /** Walls stay for good; pawn moves can be undone. */
    @Override
    public boolean isIrreversible(Move move) {
        return move instanceof QuoridorMove.Wall;
    }

    @Override
    public String formatMove(Move move) {
        return move.toString();
    }

    @Override
    public QuoridorMove parseMove(String text) throws NotationException {
        return QuoridorNotation.parseMove(this, text);
    }

    @Override
    public String toText() {
        return QuoridorNotation.formatPosition(this);
    }

    @Override
    public long hash() {
        return hash;
    }

    @Override
    public long perft(int depth) {
        if (depth <= 0) {
            return 1;
        }
        if (outcome != null) {
            return 0;
        }
        return generator(rules).perft(pawns, wallsLeft, horizontal, vertical, side, depth);
    }

    private long computeHash() {
        long h = ZOBRIST_SIDE[side];
        for (int p = 0; p < pawns.length; p++) {
            h ^= ZOBRIST_PAWN[p][pawns[p]] ^ ZOBRIST_WALLS_LEFT[p][wallsLeft[p]];
        }
        for (long m = horizontal; m != 0; m &= m - 1) {
            h ^= ZOBRIST_HORIZONTAL[Long.numberOfTrailingZeros(m)];
        }
        for (long m = vertical; m != 0; m &= m - 1) {
            h ^= ZOBRIST_VERTICAL[Long.numberOfTrailingZeros(m)];
        }
        return h;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof QuoridorPosition p && p.rules.equals(rules) && p.side == side
                && p.horizontal == horizontal && p.vertical == vertical
                && Arrays.equals(p.pawns, pawns) && Arrays.equals(p.wallsLeft, wallsLeft);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(hash);
    }

    @Override
    public String toString() {
        return toText();
    }
}

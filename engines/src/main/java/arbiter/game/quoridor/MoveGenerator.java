package arbiter.game.quoridor;

import static arbiter.game.quoridor.Geometry.NORTH;
import static arbiter.game.quoridor.Geometry.SOUTH;

/**
 * Legal moves, path distances and perft for one Quoridor rule set. One instance per thread and rule
 * set: searches keep their state in fields and allocate nothing.
 *
 * <p>Wall legality is cheap: a shortest path to the goal is found once per player; a wall that cuts
 * none of those paths leaves every path intact and is legal without a search; only the few walls
 * that cut a path (at most two slots per step of each path) are checked by a new search.
 */
final class MoveGenerator {
    static final int STEP = 0;
    static final int HORIZONTAL = 1 << 8;
    static final int VERTICAL = 2 << 8;
    static final int PASS = 3 << 8;
    static final int KIND = 3 << 8;
    static final int VALUE = 0xFF;

    private final Geometry g;
    private final int players;
    private final boolean diagonalJumps;
    /** Goal cells by player. */
    private final boolean[][] goal;

    // Breadth-first search scratch: a cell is seen when its mark equals the current stamp.
    private final int[] queue;
    private final int[] mark;
    private final int[] distance;
    private final int[] arrivedBy;
    private int stamp;

    /** Per player, the wall slots (horizontal, vertical) that would cut its current shortest path. */
    private final long[] pathHorizontal;
    private final long[] pathVertical;

    private final MoveList countList = new MoveList();
    private int[][] plyPawns = new int[0][];
    private int[][] plyWalls = new int[0][];
    private MoveList[] plyLists = new MoveList[0];

    MoveGenerator(QuoridorRules rules) {
        this.g = Geometry.of(rules.boardSize());
        this.players = rules.players();
        this.diagonalJumps = rules.diagonalJumps();
        this.goal = new boolean[players][g.cells];
        for (int player = 0; player < players; player++) {
            for (int cell = 0; cell < g.cells; cell++) {
                goal[player][cell] = isGoal(rules, player, g.column(cell), g.row(cell));
            }
        }
        this.queue = new int[g.cells];
        this.mark = new int[g.cells];
        this.distance = new int[g.cells];
        this.arrivedBy = new int[g.cells];
        this.pathHorizontal = new long[players];
        this.pathVertical = new long[players];
    }

    /** Whether (column, row) is on the player's goal edge. */
    static boolean isGoal(QuoridorRules rules, int player, int column, int row) {
        int last = rules.boardSize() - 1;
        int edge = rules.players() == 2 ? player * 2 : player; // 0 south, 1 west, 2 north, 3 east
        return switch (edge) {
            case 0 -> row == last;
            case 1 -> column == last;
            case 2 -> row == 0;
            default -> column == 0;
        };
    }

    boolean isGoal(int player, int cell) {
        return goal[player][cell];
    }

    // ------------------------------------------------------------------------------------------
    // Generation

    /** Fills {@code out} with the legal moves of {@code side}: pawn moves, then walls, else the pass. */
    void generate(int[] pawns, int[] wallsLeft, long horizontal, long vertical, int side, MoveList out) {
        out.clear();
        pawnMoves(pawns, horizontal, vertical, side, out);
        if (wallsLeft[side] > 0) {
            walls(pawns, horizontal, vertical, out);
        }
        if (out.size == 0) {
            out.add(PASS);
        }
    }

    /** Number of legal moves, without listing the walls. */
    int count(int[] pawns, int[] wallsLeft, long horizontal, long vertical, int side) {
        countList.clear();
        pawnMoves(pawns, horizontal, vertical, side, countList);
        int n = countList.size;
        if (wallsLeft[side] > 0) {
            n += walls(pawns, horizontal, vertical, null);
        }
        return n == 0 ? 1 : n;
    }

    /** Adds the pawn moves (steps and jumps) of {@code side} to {@code out}. */
    void pawnMoves(int[] pawns, long horizontal, long vertical, int side, MoveList out) {
        int from = pawns[side];
        int first = out.size;
        for (int dir = 0; dir < 4; dir++) {
            if (!g.open(from, dir, horizontal, vertical)) {
                continue;
            }
            int next = g.next[dir][from];
            if (!occupied(pawns, next)) {
                out.add(STEP | next);
                continue;
            }
            // An adjacent pawn: jump straight over it, else (with the flag) step to its sides.
            if (g.open(next, dir, horizontal, vertical) && !occupied(pawns, g.next[dir][next])) {
                out.add(STEP | g.next[dir][next]);
                continue;
            }
            if (!diagonalJumps) {
                continue;
            }
            for (int turn = 1; turn <= 3; turn += 2) {
                int side2 = (dir + turn) & 3;
                if (g.open(next, side2, horizontal, vertical)) {
                    int to = g.next[side2][next];
                    if (!occupied(pawns, to) && !out.contains(first, STEP | to)) {
                        out.add(STEP | to);
                    }
                }
            }
        }
    }

    private boolean occupied(int[] pawns, int cell) {
        for (int p = 0; p < players; p++) {
            if (pawns[p] == cell) {
                return true;
            }
        }
        return false;
    }

    /** Adds the legal walls to {@code out} (when not null) and returns their number. */
    private int walls(int[] pawns, long horizontal, long vertical, MoveList out) {
        long cutsH = 0;
        long cutsV = 0;
        for (int p = 0; p < players; p++) {
            shortestPath(p, pawns[p], horizontal, vertical);
            cutsH |= pathHorizontal[p];
            cutsV |= pathVertical[p];
        }
        int n = 0;
        long free = g.allSlots & ~g.blockedHorizontal(horizontal, vertical);
        for (long m = free; m != 0; m &= m - 1) {
            int slot = Long.numberOfTrailingZeros(m);
            long bit = 1L << slot;
            if ((cutsH & bit) == 0 || keepsPaths(pawns, horizontal | bit, vertical, bit, pathHorizontal)) {
                n++;
                if (out != null) {
                    out.add(HORIZONTAL | slot);
                }
            }
        }
        free = g.allSlots & ~g.blockedVertical(horizontal, vertical);
        for (long m = free; m != 0; m &= m - 1) {
            int slot = Long.numberOfTrailingZeros(m);
            long bit = 1L << slot;
            if ((cutsV & bit) == 0 || keepsPaths(pawns, horizontal, vertical | bit, bit, pathVertical)) {
                n++;
                if (out != null) {
                    out.add(VERTICAL | slot);
                }
            }
        }
        return n;
    }

    /** Whether every player whose path the new wall cuts still reaches its goal. */
    private boolean keepsPaths(int[] pawns, long horizontal, long vertical, long bit, long[] paths) {
        for (int p = 0; p < players; p++) {
            if ((paths[p] & bit) != 0 && search(p, pawns[p], horizontal, vertical) < 0) {
                return false;
            }
        }
        return true;
    }

    // ------------------------------------------------------------------------------------------
    // Paths

    /**
     * Breadth-first search from {@code start} to the player's goal, ignoring pawns. Returns the goal
     * cell reached first (so at the shortest distance, in {@link #distance}), or -1 if none.
     */
    private int search(int player, int start, long horizontal, long vertical) {
        boolean[] target = goal[player];
        stamp++;
        mark[start] = stamp;
        distance[start] = 0;
        if (target[start]) {
            return start;
        }
        queue[0] = start;
        int head = 0;
        int tail = 1;
        while (head < tail) {
            int cell = queue[head++];
            for (int dir = 0; dir < 4; dir++) {
                if (!g.open(cell, dir, horizontal, vertical)) {
                    continue;
                }
                int next = g.next[dir][cell];
                if (mark[next] == stamp) {
                    continue;
                }
                mark[next] = stamp;
                arrivedBy[next] = dir;
                distance[next] = distance[cell] + 1;
                if (target[next]) {
                    return next;
                }
                queue[tail++] = next;
            }
        }
        return -1;
    }

    /** Length of the player's shortest path to its goal, ignoring pawns, or -1 if it has none. */
    int distanceToGoal(int player, int start, long horizontal, long vertical) {
        int end = search(player, start, horizontal, vertical);
        return end < 0 ? -1 : distance[end];
    }

    /** Whether the player has a path to its goal. */
    boolean hasPath(int player, int start, long horizontal, long vertical) {
        return search(player, start, horizontal, vertical) >= 0;
    }

    /** Whether every player still reaches its goal with these walls (a new wall's legality). */
    boolean everyoneHasAPath(int[] pawns, long horizontal, long vertical) {
        for (int p = 0; p < players; p++) {
            if (search(p, pawns[p], horizontal, vertical) < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Fills {@code out} with every cell's distance to the player's goal (walls only, pawns ignored;
     * -1 where the goal is out of reach): one breadth-first search from the whole goal edge.
     */
    void goalDistances(int player, long horizontal, long vertical, int[] out) {
        boolean[] target = goal[player];
        java.util.Arrays.fill(out, 0, g.cells, -1);
        int tail = 0;
        for (int cell = 0; cell < g.cells; cell++) {
            if (target[cell]) {
                out[cell] = 0;
                queue[tail++] = cell;
            }
        }
        for (int head = 0; head < tail; head++) {
            int cell = queue[head];
            for (int dir = 0; dir < 4; dir++) {
                if (g.open(cell, dir, horizontal, vertical) && out[g.next[dir][cell]] < 0) {
                    int next = g.next[dir][cell];
                    out[next] = out[cell] + 1;
                    queue[tail++] = next;
                }
            }
        }
    }

    /** Wall slots (horizontal) that cut the player's path found by the last {@link #shortestPath}. */
    long pathHorizontal(int player) {
        return pathHorizontal[player];
    }

    /** Wall slots (vertical) that cut the player's path found by the last {@link #shortestPath}. */
    long pathVertical(int player) {
        return pathVertical[player];
    }

    /** Finds a shortest path and records in the player's path masks the wall slots that cut it. */
    void shortestPath(int player, int start, long horizontal, long vertical) {
        long cutsH = 0;
        long cutsV = 0;
        int cell = search(player, start, horizontal, vertical);
        while (cell >= 0 && cell != start) {
            int dir = arrivedBy[cell];
            int previous = g.next[(dir + 2) & 3][cell];
            if (dir == NORTH || dir == SOUTH) {
                cutsH |= g.blockers[dir][previous];
            } else {
                cutsV |= g.blockers[dir][previous];
            }
            cell = previous;
        }
        pathHorizontal[player] = cutsH;
        pathVertical[player] = cutsV;
    }

    // ------------------------------------------------------------------------------------------
    // Perft

    /** Leaf count of the move tree (depth >= 1), counting the last level without listing walls. */
    long perft(int[] pawns, int[] wallsLeft, long horizontal, long vertical, int side, int depth) {
        ensurePlies(depth);
        System.arraycopy(pawns, 0, plyPawns[0], 0, players);
        System.arraycopy(wallsLeft, 0, plyWalls[0], 0, players);
        return perft(0, horizontal, vertical, side, depth);
    }

    private long perft(int ply, long horizontal, long vertical, int side, int depth) {
        int[] pawns = plyPawns[ply];
        int[] wallsLeft = plyWalls[ply];
        if (depth == 1) {
            return count(pawns, wallsLeft, horizontal, vertical, side);
        }
        MoveList list = plyLists[ply];
        generate(pawns, wallsLeft, horizontal, vertical, side, list);
        int[] childPawns = plyPawns[ply + 1];
        int[] childWalls = plyWalls[ply + 1];
        int nextSide = (side + 1) % players;
        long leaves = 0;
        for (int i = 0; i < list.size; i++) {
            int move = list.moves[i];
            int value = move & VALUE;
            System.arraycopy(pawns, 0, childPawns, 0, players);
            System.arraycopy(wallsLeft, 0, childWalls, 0, players);
            long h = horizontal;
            long v = vertical;
            switch (move & KIND) {
                case STEP -> {
                    if (goal[side][value]) {
                        continue; // the game is over: no leaves below
                    }
                    childPawns[side] = value;
                }
                case HORIZONTAL -> {
                    h |= 1L << value;
                    childWalls[side]--;
                }
                case VERTICAL -> {
                    v |= 1L << value;
                    childWalls[side]--;
                }
                default -> {
                }
            }
            leaves += perft(ply + 1, h, v, nextSide, depth - 1);
        }
        return leaves;
    }

    private void ensurePlies(int plies) {
        int have = plyLists.length;
        if (have >= plies) {
            return;
        }
        plyPawns = java.util.Arrays.copyOf(plyPawns, plies);
        plyWalls = java.util.Arrays.copyOf(plyWalls, plies);
        plyLists = java.util.Arrays.copyOf(plyLists, plies);
        for (int i = have; i < plies; i++) {
            plyPawns[i] = new int[players];
            plyWalls[i] = new int[players];
            plyLists[i] = new MoveList();
        }
    }
}

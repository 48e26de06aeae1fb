package arbiter.game.quoridor;

import arbiter.game.Move;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A slow, plain Quoridor move generator written from the rules text, independent of the fast one:
 * cells as (column, row), walls as a list of anchors, wall legality by a fresh depth-first search
 * for every player and every candidate wall.
 */
final class ReferenceQuoridor {
    private static final int[][] DIRECTIONS = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};

    /** A game state: pawn columns and rows, walls left, walls placed, side to move. */
    record State(int size, int players, boolean diagonal, int[] columns, int[] rows, int[] wallsLeft,
                 List<QuoridorMove.Wall> walls, int side) {

        static State of(QuoridorPosition p) {
            QuoridorRules r = p.rules();
            int n = r.players();
            int[] columns = new int[n];
            int[] rows = new int[n];
            int[] left = new int[n];
            for (int i = 0; i < n; i++) {
                columns[i] = p.pawnColumn(i);
                rows[i] = p.pawnRow(i);
                left[i] = p.wallsLeft(i);
            }
            return new State(r.boardSize(), n, r.diagonalJumps(), columns, rows, left, p.walls(), p.sideToMove());
        }

        State play(QuoridorMove move) {
            int[] columns = this.columns.clone();
            int[] rows = this.rows.clone();
            int[] left = wallsLeft.clone();
            List<QuoridorMove.Wall> placed = new ArrayList<>(walls);
            if (move instanceof QuoridorMove.Step s) {
                columns[side] = s.column();
                rows[side] = s.row();
            } else if (move instanceof QuoridorMove.Wall w) {
                placed.add(w);
                left[side]--;
            }
            return new State(size, players, diagonal, columns, rows, left, placed, (side + 1) % players);
        }

        boolean atGoal(int player) {
            return goal(player, columns[player], rows[player]);
        }

        boolean goal(int player, int c, int r) {
            int edge = players == 2 ? player * 2 : player;
            return switch (edge) {
                case 0 -> r == size - 1;
                case 1 -> c == size - 1;
                case 2 -> r == 0;
                default -> c == 0;
            };
        }

        boolean gameOver() {
            for (int i = 0; i < players; i++) {
                if (atGoal(i)) {
                    return true;
                }
            }
            return false;
        }
    }

    private ReferenceQuoridor() {
    }

    /** blocked[cell][dir]: a wall (or the edge) stops a step from the cell in that direction. */
    private static boolean[][] blockedSteps(int size, List<QuoridorMove.Wall> walls) {
        boolean[][] blocked = new boolean[size * size][4];
        for (int c = 0; c < size; c++) {
            for (int r = 0; r < size; r++) {
                for (int d = 0; d < 4; d++) {
                    int nc = c + DIRECTIONS[d][0];
                    int nr = r + DIRECTIONS[d][1];
                    blocked[r * size + c][d] = nc < 0 || nr < 0 || nc >= size || nr >= size;
                }
            }
        }
        for (QuoridorMove.Wall w : walls) {
            addWall(blocked, size, w);
        }
        return blocked;
    }

    /**
     * A horizontal wall anchored at (c, r) separates (c, r) from (c, r - 1) and (c + 1, r) from
     * (c + 1, r - 1); a vertical one separates (c, r) from (c + 1, r) and (c, r - 1) from (c + 1, r - 1).
     */
    private static void addWall(boolean[][] blocked, int size, QuoridorMove.Wall w) {
        int c = w.column();
        int r = w.row();
        if (w.horizontal()) {
            separate(blocked, size, c, r, c, r - 1);
            separate(blocked, size, c + 1, r, c + 1, r - 1);
        } else {
            separate(blocked, size, c, r, c + 1, r);
            separate(blocked, size, c, r - 1, c + 1, r - 1);
        }
    }

    private static void separate(boolean[][] blocked, int size, int c1, int r1, int c2, int r2) {
        for (int d = 0; d < 4; d++) {
            if (c1 + DIRECTIONS[d][0] == c2 && r1 + DIRECTIONS[d][1] == r2) {
                blocked[r1 * size + c1][d] = true;
                blocked[r2 * size + c2][(d + 2) % 4] = true;
            }
        }
    }

    private static boolean pawnAt(State s, int c, int r) {
        for (int i = 0; i < s.players(); i++) {
            if (s.columns()[i] == c && s.rows()[i] == r) {
                return true;
            }
        }
        return false;
    }

    static Set<Move> legalMoves(State s) {
        Set<Move> moves = new LinkedHashSet<>();
        if (s.gameOver()) {
            return moves;
        }
        int size = s.size();
        boolean[][] blocked = blockedSteps(size, s.walls());
        int c = s.columns()[s.side()];
        int r = s.rows()[s.side()];
        for (int d = 0; d < 4; d++) {
            if (blocked[r * size + c][d]) {
                continue;
            }
            int nc = c + DIRECTIONS[d][0];
            int nr = r + DIRECTIONS[d][1];
            if (!pawnAt(s, nc, nr)) {
                moves.add(new QuoridorMove.Step(nc, nr));
                continue;
            }
            int bc = nc + DIRECTIONS[d][0];
            int br = nr + DIRECTIONS[d][1];
            if (!blocked[nr * size + nc][d] && !pawnAt(s, bc, br)) {
                moves.add(new QuoridorMove.Step(bc, br));
            } else if (s.diagonal()) {
                for (int side : new int[] {(d + 1) % 4, (d + 3) % 4}) {
                    int sc = nc + DIRECTIONS[side][0];
                    int sr = nr + DIRECTIONS[side][1];
                    if (!blocked[nr * size + nc][side] && !pawnAt(s, sc, sr)) {
                        moves.add(new QuoridorMove.Step(sc, sr));
                    }
                }
            }
        }
        if (s.wallsLeft()[s.side()] > 0) {
            for (int wr = 1; wr < size; wr++) {
                for (int wc = 0; wc < size - 1; wc++) {
                    for (boolean h : new boolean[] {true, false}) {
                        QuoridorMove.Wall w = new QuoridorMove.Wall(wc, wr, h);
                        if (fits(s.walls(), w) && everyoneHasAPath(s, blocked, w)) {
                            moves.add(w);
                        }
                    }
                }
            }
        }
        if (moves.isEmpty()) {
            moves.add(new QuoridorMove.Pass());
        }
        return moves;
    }

    /** Neither overlapping a parallel wall nor crossing one at the same centre. */
    private static boolean fits(List<QuoridorMove.Wall> walls, QuoridorMove.Wall w) {
        for (QuoridorMove.Wall o : walls) {
            if (o.column() == w.column() && o.row() == w.row()) {
                return false;
            }
            if (o.horizontal() && w.horizontal() && o.row() == w.row() && Math.abs(o.column() - w.column()) == 1) {
                return false;
            }
            if (!o.horizontal() && !w.horizontal() && o.column() == w.column() && Math.abs(o.row() - w.row()) == 1) {
                return false;
            }
        }
        return true;
    }

    private static boolean everyoneHasAPath(State s, boolean[][] blocked, QuoridorMove.Wall w) {
        boolean[][] with = new boolean[blocked.length][];
        for (int i = 0; i < blocked.length; i++) {
            with[i] = blocked[i].clone();
        }
        addWall(with, s.size(), w);
        for (int p = 0; p < s.players(); p++) {
            if (!reaches(s, with, p)) {
                return false;
            }
        }
        return true;
    }

    /** Depth-first search from the player's pawn to its goal edge. */
    static boolean reaches(State s, boolean[][] blocked, int player) {
        int size = s.size();
        boolean[] seen = new boolean[size * size];
        int[] stack = new int[size * size];
        int top = 0;
        int start = s.rows()[player] * size + s.columns()[player];
        stack[top++] = start;
        seen[start] = true;
        while (top > 0) {
            int cell = stack[--top];
            if (s.goal(player, cell % size, cell / size)) {
                return true;
            }
            for (int d = 0; d < 4; d++) {
                if (!blocked[cell][d]) {
                    int next = (cell / size + DIRECTIONS[d][1]) * size + cell % size + DIRECTIONS[d][0];
                    if (!seen[next]) {
                        seen[next] = true;
                        stack[top++] = next;
                    }
                }
            }
        }
        return false;
    }

    static boolean everyoneHasAPath(State s) {
        boolean[][] blocked = blockedSteps(s.size(), s.walls());
        for (int p = 0; p < s.players(); p++) {
            if (!reaches(s, blocked, p)) {
                return false;
            }
        }
        return true;
    }

    static long perft(State s, int depth) {
        Set<Move> moves = legalMoves(s);
        if (depth == 1) {
            return moves.size();
        }
        long leaves = 0;
        for (Move m : moves) {
            State next = s.play((QuoridorMove) m);
            if (!next.gameOver()) {
                leaves += perft(next, depth - 1);
            }
        }
        return leaves;
    }

    static String describe(State s) {
        return Arrays.toString(s.columns()) + Arrays.toString(s.rows()) + s.walls() + " side " + s.side();
    }
}

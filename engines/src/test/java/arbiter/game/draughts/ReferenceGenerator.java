package arbiter.game.draughts;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * An independent, deliberately slow and simple draughts move generator, used only to check the fast
 * bitboard generator. It knows nothing of the fast generator's layout: it reads a position through
 * {@link DraughtsPosition#pieceAt} only, keeps the board as a plain {@code char[row][col]} grid and
 * finds captures by straightforward recursion. Every rule comes from the {@link DraughtsRules}
 * parameters, so any combination of overrides is covered.
 *
 * <p>Board layout (the PDN numbering): squares 1..N are numbered row by row from the top; row 0 is
 * the top row, column 0 is file a. On even rows the dark squares are columns 1,3,5,... (b, d, f...),
 * on odd rows columns 0,2,4,... (a, c, e...). White moves up (towards row 0) and is crowned on row 0;
 * Black moves down and is crowned on the bottom row.
 *
 * <p>Cells hold {@code 'w'} white man, {@code 'W'} white king, {@code 'b'} black man, {@code 'B'}
 * black king, or {@code 'e'} empty, exactly as {@code pieceAt} returns them.
 *
 * <p>The output is a set of move identities: {@link DraughtsMove} values (from, to, captured squares,
 * promotes). A set makes capture paths that differ only in their order one move, as the rules want.
 */
final class ReferenceGenerator {
    /** The four diagonal directions as {row step, column step}; the first two go up the board. */
    private static final int[][] DIRECTIONS = {{-1, -1}, {-1, 1}, {1, -1}, {1, 1}};

    private final DraughtsRules rules;
    /** Board width and height (8 or 10). */
    private final int size;
    /** Number of playable squares: size * size / 2. */
    private final int squares;

    ReferenceGenerator(DraughtsRules rules) {
        this.rules = rules;
        this.size = rules.width();
        this.squares = size * size / 2;
    }

    // ---------------------------------------------------------------- geometry (square <-> row/column)

    int squareCount() {
        return squares;
    }

    /** Row of a square, 0 = top row. */
    int row(int square) {
        return (square - 1) / (size / 2);
    }

    /** Column of a square, 0 = file a. */
    int column(int square) {
        int r = row(square);
        int k = (square - 1) % (size / 2);
        return r % 2 == 0 ? 2 * k + 1 : 2 * k;
    }

    /** The square number at a row and column, or 0 when off the board or a light square. */
    int square(int row, int column) {
        if (!onBoard(row, column) || (row + column) % 2 == 0) {
            return 0;
        }
        return row * (size / 2) + column / 2 + 1;
    }

    /** Algebraic name of a square, e.g. c3 (file letter, rank counted from the bottom). */
    String algebraic(int square) {
        return "" + (char) ('a' + column(square)) + (size - row(square));
    }

    /** The square number of an algebraic name like c3, or 0 if it is not a dark square. */
    int square(String algebraic) {
        int column = algebraic.charAt(0) - 'a';
        int rank = Integer.parseInt(algebraic.substring(1));
        return square(size - rank, column);
    }

    private boolean onBoard(int row, int column) {
        return row >= 0 && row < size && column >= 0 && column < size;
    }

    /** The row on which men of this colour are crowned. */
    private int promotionRow(boolean white) {
        return white ? 0 : size - 1;
    }

    /** The row direction a man of this colour moves in: White up (-1), Black down (+1). */
    private static int forward(boolean white) {
        return white ? -1 : 1;
    }

    private static boolean isWhite(char piece) {
        return piece == 'w' || piece == 'W';
    }

    private static boolean isBlack(char piece) {
        return piece == 'b' || piece == 'B';
    }

    private static boolean isKing(char piece) {
        return piece == 'W' || piece == 'B';
    }

    private static boolean isEnemy(char piece, boolean white) {
        return white ? isBlack(piece) : isWhite(piece);
    }

    // ---------------------------------------------------------------- board conversion

    /** The pieces of a position by square number (index 0 unused), read through pieceAt only. */
    char[] board(DraughtsPosition position) {
        char[] board = new char[squares + 1];
        board[0] = 'e';
        for (int s = 1; s <= squares; s++) {
            board[s] = position.pieceAt(s);
        }
        return board;
    }

    private char[][] grid(char[] board) {
        char[][] grid = new char[size][size];
        for (int r = 0; r < size; r++) {
            for (int c = 0; c < size; c++) {
                grid[r][c] = 'e';
            }
        }
        for (int s = 1; s <= squares; s++) {
            grid[row(s)][column(s)] = board[s];
        }
        return grid;
    }

    // ---------------------------------------------------------------- legal moves

    /** The legal moves of a fast position, computed from its pieces alone. */
    Set<DraughtsMove> legalMoves(DraughtsPosition position) {
        return legalMoves(board(position), position.whiteToMove());
    }

    /**
     * The legal moves for the side to move.
     *
     * @param board       pieces by square number, index 0 unused
     * @param whiteToMove the side to move
     */
    Set<DraughtsMove> legalMoves(char[] board, boolean whiteToMove) {
        char[][] grid = grid(board);

        // Captures are compulsory: look for them first, for every piece of the side to move.
        List<Capture> captures = new ArrayList<>();
        for (int s = 1; s <= squares; s++) {
            char piece = board[s];
            if (whiteToMove ? isWhite(piece) : isBlack(piece)) {
                captures.addAll(capturesFrom(grid, s, whiteToMove));
            }
        }
        if (!captures.isEmpty()) {
            // kingCapturePriority (Czech): when any king can capture, only king captures are legal.
            if (rules.kingCapturePriority() && captures.stream().anyMatch(c -> c.byKing)) {
                captures.removeIf(c -> !c.byKing);
            }
            // majorityCapture: only the sequences taking the most pieces are legal (a king counts one).
            if (rules.majorityCapture()) {
                int most = 0;
                for (Capture c : captures) {
                    most = Math.max(most, c.move.captureCount());
                }
                final int max = most;
                captures.removeIf(c -> c.move.captureCount() < max);
            }
            Set<DraughtsMove> moves = new HashSet<>();
            for (Capture c : captures) {
                moves.add(c.move);
            }
            return moves;
        }

        // No capture: quiet moves.
        Set<DraughtsMove> moves = new HashSet<>();
        for (int s = 1; s <= squares; s++) {
            char piece = board[s];
            if (!(whiteToMove ? isWhite(piece) : isBlack(piece))) {
                continue;
            }
            int r = row(s);
            int c = column(s);
            if (isKing(piece)) {
                // Kings move in all four directions: any distance along empty squares (flying) or one step.
                for (int[] d : DIRECTIONS) {
                    int rr = r + d[0];
                    int cc = c + d[1];
                    while (onBoard(rr, cc) && grid[rr][cc] == 'e') {
                        moves.add(new DraughtsMove(s, square(rr, cc), 0L, false));
                        if (!rules.flyingKings()) {
                            break;
                        }
                        rr += d[0];
                        cc += d[1];
                    }
                }
            } else {
                // Men step one square diagonally forward; reaching the last row crowns them.
                int rr = r + forward(whiteToMove);
                for (int dc : new int[] {-1, 1}) {
                    int cc = c + dc;
                    if (onBoard(rr, cc) && grid[rr][cc] == 'e') {
                        moves.add(new DraughtsMove(s, square(rr, cc), 0L, rr == promotionRow(whiteToMove)));
                    }
                }
            }
        }
        return moves;
    }

    /** A finished capture sequence and whether the piece that made it started as a king. */
    private record Capture(DraughtsMove move, boolean byKing) {
    }

    /** The state of one capture search: the moving piece's start and the pieces taken so far. */
    private final class Search {
        final char[][] grid;
        final int from;
        final boolean white;
        final boolean startedAsKing;
        /** Pieces jumped so far: they stay on the board (they block) but cannot be jumped again. */
        final boolean[][] taken = new boolean[size][size];
        long capturedMask;
        final List<Capture> found = new ArrayList<>();

        Search(char[][] grid, int from, boolean white, boolean startedAsKing) {
            this.grid = grid;
            this.from = from;
            this.white = white;
            this.startedAsKing = startedAsKing;
        }

        void take(int r, int c) {
            taken[r][c] = true;
            capturedMask |= 1L << (square(r, c) - 1);
        }

        void untake(int r, int c) {
            taken[r][c] = false;
            capturedMask &= ~(1L << (square(r, c) - 1));
        }

        void record(int r, int c, boolean promotes) {
            found.add(new Capture(new DraughtsMove(from, square(r, c), capturedMask, promotes), startedAsKing));
        }
    }

    /** One jump: the enemy piece jumped over and the square landed on. */
    private record Jump(int takenRow, int takenColumn, int landRow, int landColumn) {
    }

    /** Every complete capture sequence of the piece on {@code from}. */
    private List<Capture> capturesFrom(char[][] grid, int from, boolean white) {
        int r = row(from);
        int c = column(from);
        char piece = grid[r][c];
        // The moving piece's start square counts as empty during the move (it may pass or end there).
        grid[r][c] = 'e';
        try {
            Search search = new Search(grid, from, white, isKing(piece));
            extend(search, r, c, isKing(piece), false);
            return search.found;
        } finally {
            grid[r][c] = piece;
        }
    }

    /**
     * Continues a capture sequence from (r, c). A sequence ends only when no further jump is possible
     * (or when a man is crowned under the STOP rule); then it is recorded.
     *
     * @param king    whether the piece now moves as a king
     * @param crowned whether the man was already crowned during this move (CONTINUE_AS_KING)
     */
    private void extend(Search s, int r, int c, boolean king, boolean crowned) {
        List<Jump> jumps = jumps(s, r, c, king);
        if (jumps.isEmpty()) {
            if (s.capturedMask != 0) {
                // A man is crowned when it ends its move on the promotion row (or was crowned on the way).
                boolean promotes = !s.startedAsKing && (crowned || r == promotionRow(s.white));
                s.record(r, c, promotes);
            }
            return;
        }
        for (Jump j : jumps) {
            s.take(j.takenRow, j.takenColumn);
            int lr = j.landRow;
            int lc = j.landColumn;
            if (!king && lr == promotionRow(s.white)) {
                // A man reaches the promotion row in the middle of a capture.
                switch (rules.capturePromotion()) {
                    case STOP -> s.record(lr, lc, true); // crowned, and the move ends here
                    case CONTINUE_AS_KING -> extend(s, lr, lc, true, true); // crowned, goes on as a king
                    case PASS_THROUGH -> extend(s, lr, lc, false, false); // stays a man, crowned only if it ends here
                    default -> throw new IllegalStateException();
                }
            } else {
                extend(s, lr, lc, king, crowned);
            }
            s.untake(j.takenRow, j.takenColumn);
        }
    }

    /** The jumps available to the moving piece at (r, c), given the pieces already taken. */
    private List<Jump> jumps(Search s, int r, int c, boolean king) {
        List<Jump> jumps = new ArrayList<>();
        for (int[] d : DIRECTIONS) {
            boolean upward = d[0] == -1;
            if (!king && upward != s.white && !rules.menCaptureBackward()) {
                continue; // men capture forward only unless menCaptureBackward
            }
            if (king && rules.flyingKings()) {
                flyingJumps(s, r, c, d, jumps);
            } else {
                // Men and short kings jump an adjacent enemy piece to the empty square right behind it.
                int er = r + d[0];
                int ec = c + d[1];
                int lr = er + d[0];
                int lc = ec + d[1];
                if (onBoard(lr, lc) && isEnemy(s.grid[er][ec], s.white) && !s.taken[er][ec]
                        && s.grid[lr][lc] == 'e') {
                    jumps.add(new Jump(er, ec, lr, lc));
                }
            }
        }
        return jumps;
    }

    /**
     * Flying king jumps in one direction: the first piece along the diagonal (only empty squares
     * before it) must be an enemy not yet taken; the king may land on any empty square beyond it, up
     * to the next piece. Taken pieces block: they can be neither jumped nor passed. If some landing
     * squares let the capture go on and others do not, only the ones that go on are allowed.
     */
    private void flyingJumps(Search s, int r, int c, int[] d, List<Jump> jumps) {
        int er = r + d[0];
        int ec = c + d[1];
        while (onBoard(er, ec) && s.grid[er][ec] == 'e') {
            er += d[0];
            ec += d[1];
        }
        if (!onBoard(er, ec) || !isEnemy(s.grid[er][ec], s.white) || s.taken[er][ec]) {
            return;
        }
        List<Jump> landings = new ArrayList<>();
        int lr = er + d[0];
        int lc = ec + d[1];
        while (onBoard(lr, lc) && s.grid[lr][lc] == 'e') {
            landings.add(new Jump(er, ec, lr, lc));
            lr += d[0];
            lc += d[1];
        }
        if (landings.isEmpty()) {
            return;
        }
        List<Jump> goingOn = new ArrayList<>();
        s.take(er, ec);
        for (Jump j : landings) {
            if (flyingKingCanJump(s, j.landRow, j.landColumn)) {
                goingOn.add(j);
            }
        }
        s.untake(er, ec);
        jumps.addAll(goingOn.isEmpty() ? landings : goingOn);
    }

    /** Whether a flying king at (r, c) has at least one jump (any direction, any landing square). */
    private boolean flyingKingCanJump(Search s, int r, int c) {
        for (int[] d : DIRECTIONS) {
            int er = r + d[0];
            int ec = c + d[1];
            while (onBoard(er, ec) && s.grid[er][ec] == 'e') {
                er += d[0];
                ec += d[1];
            }
            int lr = er + d[0];
            int lc = ec + d[1];
            if (onBoard(lr, lc) && isEnemy(s.grid[er][ec], s.white) && !s.taken[er][ec]
                    && s.grid[lr][lc] == 'e') {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- playing and perft

    /** The board after a move of the side to move (a new array; the input is unchanged). */
    char[] play(char[] board, DraughtsMove move) {
        char[] next = board.clone();
        char piece = next[move.from()];
        next[move.from()] = 'e';
        for (int s = 1; s <= squares; s++) {
            if ((move.captured() & (1L << (s - 1))) != 0) {
                next[s] = 'e'; // captured pieces leave the board once the move is complete
            }
        }
        next[move.to()] = move.promotes() ? Character.toUpperCase(piece) : piece;
        return next;
    }

    /** Leaf count of the legal move tree to the given depth, by this reference generator. */
    long perft(char[] board, boolean whiteToMove, int depth) {
        if (depth == 0) {
            return 1;
        }
        Set<DraughtsMove> moves = legalMoves(board, whiteToMove);
        if (depth == 1) {
            return moves.size();
        }
        long total = 0;
        for (DraughtsMove m : moves) {
            total += perft(play(board, m), !whiteToMove, depth - 1);
        }
        return total;
    }

    /** A FEN for a board, numeric squares, as DraughtsFen reads it. */
    String fen(char[] board, boolean whiteToMove) {
        StringBuilder sb = new StringBuilder(whiteToMove ? "W" : "B");
        for (boolean white : new boolean[] {true, false}) {
            sb.append(':').append(white ? 'W' : 'B');
            boolean first = true;
            for (int s = 1; s <= squares; s++) {
                char p = board[s];
                if (white ? isWhite(p) : isBlack(p)) {
                    sb.append(first ? "" : ",").append(isKing(p) ? "K" : "").append(s);
                    first = false;
                }
            }
        }
        return sb.toString();
    }
}

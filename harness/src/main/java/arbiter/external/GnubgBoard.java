package arbiter.external;

import java.util.Arrays;

/**
 * A backgammon position for GNU Backgammon, from the side of the player on roll ("mine"): checkers
 * per point in each player's own numbering (each moves from its 24-point down to its 1-point; my
 * point p is the opponent's point 25-p), index 25 = the bar; the dice rolled. Written as a FIBS
 * {@code board:} string with me as O moving from 24 to 1 (direction -1, home 0, bar 25), a money
 * game (match length 9999) with a centred cube both may double, so gnubg answers a move.
 */
public record GnubgBoard(int[] mine, int[] theirs, int die1, int die2) {
    public static final int BAR = 25;
    public static final int CHECKERS = 15;

    public GnubgBoard {
        mine = check(mine, "mine");
        theirs = check(theirs, "theirs");
        if (die1 < 1 || die1 > 6 || die2 < 1 || die2 > 6) {
            throw new IllegalArgumentException("dice must be 1..6, got " + die1 + " and " + die2);
        }
        for (int p = 1; p <= 24; p++) {
            if (mine[p] > 0 && theirs[25 - p] > 0) {
                throw new IllegalArgumentException("both players on my point " + p);
            }
        }
    }

    private static int[] check(int[] board, String who) {
        if (board.length != 26) {
            throw new IllegalArgumentException(who + ": 26 counts expected (index 1..24 points, 25 bar), got "
                    + board.length);
        }
        int total = 0;
        for (int p = 1; p <= 25; p++) {
            if (board[p] < 0) {
                throw new IllegalArgumentException(who + ": negative count on point " + p);
            }
            total += board[p];
        }
        if (total > CHECKERS) {
            throw new IllegalArgumentException(who + ": " + total + " checkers, at most " + CHECKERS);
        }
        return board.clone();
    }

    /** The standard start with the given roll for the player on roll. */
    public static GnubgBoard start(int die1, int die2) {
        int[] b = new int[26];
        b[24] = 2;
        b[13] = 5;
        b[8] = 3;
        b[6] = 5;
        return new GnubgBoard(b, b.clone(), die1, die2);
    }

    public int borneOff(int[] board) {
        int n = 0;
        for (int p = 1; p <= 25; p++) {
            n += board[p];
        }
        return CHECKERS - n;
    }

    /** The FIBS board string gnubg's external interface reads. */
    public String fibs(String me, String opponent) {
        StringBuilder sb = new StringBuilder("board:").append(clean(me)).append(':').append(clean(opponent))
                .append(":9999:0:0");
        int[] board = new int[26];
        board[0] = -theirs[BAR];
        board[25] = mine[BAR];
        for (int p = 1; p <= 24; p++) {
            board[p] = mine[p] > 0 ? mine[p] : -theirs[25 - p];
        }
        for (int v : board) {
            sb.append(':').append(v);
        }
        sb.append(":1");                                        // O (me) to move
        sb.append(':').append(die1).append(':').append(die2).append(":0:0");
        sb.append(":1:1:1:0");                                  // cube 1, both may double, not doubled
        sb.append(":1:-1:0:25");                                // colour O, direction -1, home 0, bar 25
        sb.append(':').append(borneOff(mine)).append(':').append(borneOff(theirs));
        sb.append(':').append(mine[BAR]).append(':').append(theirs[BAR]);
        sb.append(':').append(die1 == die2 ? 4 : 2).append(":0:0:0");
        return sb.toString();
    }

    private static String clean(String name) {
        String n = name == null ? "" : name.replaceAll("[^A-Za-z0-9_]", "_");
        return n.isEmpty() ? "player" : n;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GnubgBoard b && Arrays.equals(b.mine, mine) && Arrays.equals(b.theirs, theirs)
                && b.die1 == die1 && b.die2 == die2;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(mine) * 31 + Arrays.hashCode(theirs) * 7 + die1 * 6 + die2;
    }

    @Override
    public String toString() {
        return fibs("me", "opponent");
    }
}

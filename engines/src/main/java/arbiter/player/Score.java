package arbiter.player;

/**
 * Search scores are ints from the mover's view. Wins and losses by distance: a win in {@code n}
 * plies scores {@code WIN - n}, a loss {@code -(WIN - n)}, so shorter wins score higher.
 */
public final class Score {
    public static final int WIN = 1_000_000;
    public static final int MAX_PLY = 256;
    /** Scores beyond this are wins or losses by distance. */
    public static final int WIN_THRESHOLD = WIN - MAX_PLY;
    public static final int INFINITE = WIN + 1;

    private Score() {
    }

    public static boolean isWin(int score) {
        return score >= WIN_THRESHOLD;
    }

    public static boolean isLoss(int score) {
        return score <= -WIN_THRESHOLD;
    }

    /** Plies to the end for a win or loss score. */
    public static int pliesToEnd(int score) {
        return WIN - Math.abs(score);
    }

    /**
     * Text for records, as fastchess writes a score ({@code Score}'s string form in its
     * {@code app/src/types/score.hpp}): {@code +1.25}, {@code -0.40}, {@code 0.00} (units of 1/100); a win
     * or loss by distance as {@code +M5} / {@code -M4}, the plies to the end (UCI {@code mate 3} is
     * {@code +M5}, {@code mate -2} is {@code -M4}).
     */
    public static String format(int score) {
        if (isWin(score)) {
            return "+M" + pliesToEnd(score);
        }
        if (isLoss(score)) {
            return "-M" + pliesToEnd(score);
        }
        int abs = Math.abs(score);
        StringBuilder sb = new StringBuilder(8).append(score > 0 ? "+" : score < 0 ? "-" : "");
        sb.append(abs / 100).append('.').append(abs % 100 < 10 ? "0" : "").append(abs % 100);
        return sb.toString();
    }
}

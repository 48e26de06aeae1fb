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

    /** Text for records: {@code +1.25}, {@code #+3} (win in 3 moves), {@code #-2}; units of 1/100. */
    public static String format(int score) {
        if (isWin(score)) {
            return "#+" + (pliesToEnd(score) + 1) / 2;
        }
        if (isLoss(score)) {
            return "#-" + (pliesToEnd(score) + 1) / 2;
        }
        return String.format(java.util.Locale.ROOT, "%+.2f", score / 100.0);
    }
}

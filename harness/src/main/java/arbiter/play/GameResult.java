package arbiter.play;

/** The result of a recorded game as written in PGN/PDN, from White's (the first player's) side. */
public enum GameResult {
    WHITE_WIN, DRAW, BLACK_WIN,
    /** {@code *}: game in progress, abandoned or result not known. Not rated. */
    UNFINISHED,
    /** Anything else (missing token and tag, or an unrecognized value). Not rated. */
    UNKNOWN;

    /**
     * Reads a result token or Result tag value: {@code 1-0}, {@code 2-0} (White wins), {@code 0-1},
     * {@code 0-2} (Black wins), {@code 1/2-1/2}, {@code 1-1}, {@code ½-½} (draw), {@code *}.
     */
    public static GameResult parse(String token) {
        if (token == null) {
            return UNKNOWN;
        }
        return switch (token.trim()) {
            case "1-0", "2-0" -> WHITE_WIN;
            case "0-1", "0-2" -> BLACK_WIN;
            case "1/2-1/2", "1-1", "\u00bd-\u00bd" -> DRAW;
            case "*" -> UNFINISHED;
            default -> UNKNOWN;
        };
    }

    /** True for the tokens that end a game's move text. */
    public static boolean isResultToken(String token) {
        return parse(token) != UNKNOWN;
    }

    /**
     * White's (the first player's) score: 1 for a White win, 0 for a Black win, 1/2 otherwise (a draw;
     * an unfinished or unknown result, which is not rated, also reads as 1/2). The one place a result
     * becomes a score.
     */
    public double whiteScore() {
        return switch (this) {
            case WHITE_WIN -> 1.0;
            case BLACK_WIN -> 0.0;
            default -> 0.5;
        };
    }

    /** The score of one side: {@code white} true for White's (the first player's), else Black's. */
    public double scoreOf(boolean white) {
        return white ? whiteScore() : 1.0 - whiteScore();
    }

    /**
     * Index of the outcome for White in win/draw/loss order: 0 a White win, 1 a draw, 2 a White loss
     * (undecided results count as draws; callers rate decided ones only).
     */
    public int whiteWdlIndex() {
        return 2 - (int) Math.round(whiteScore() * 2);
    }

    /** True when the game can be rated (a win or a draw). */
    public boolean decided() {
        return this == WHITE_WIN || this == DRAW || this == BLACK_WIN;
    }
}

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

    /** True when the game can be rated (a win or a draw). */
    public boolean decided() {
        return this == WHITE_WIN || this == DRAW || this == BLACK_WIN;
    }
}

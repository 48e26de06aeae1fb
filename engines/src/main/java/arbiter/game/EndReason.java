package arbiter.game;

/** Why a game ended by the rules of the game (the referee adds its own reasons: time, crash...). */
public enum EndReason {
    /** The side to move has no legal move (draughts: loses; chess uses CHECKMATE / STALEMATE). */
    NO_LEGAL_MOVE("no legal move"),
    CHECKMATE("checkmate"),
    STALEMATE("stalemate"),
    /** The same position occurred the variant's number of times (threefold by default). */
    REPETITION("repetition"),
    /** Too many moves without progress: chess 50-move rule, draughts king-only or no-capture rule. */
    NO_PROGRESS("no progress"),
    INSUFFICIENT_MATERIAL("insufficient material"),
    /** Quoridor: a pawn reached its goal row. */
    GOAL_REACHED("goal reached"),
    /** Backgammon: a player bore off all checkers. */
    BORNE_OFF("all checkers borne off");

    private final String text;

    EndReason(String text) {
        this.text = text;
    }

    /** Human-readable reason as written in records, e.g. "no legal move". */
    public String text() {
        return text;
    }
}

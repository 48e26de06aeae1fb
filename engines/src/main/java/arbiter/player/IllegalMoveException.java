package arbiter.player;

/** A player (usually an external engine) answered a move that is unparsable or illegal; it loses the game. */
public class IllegalMoveException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String move;

    public IllegalMoveException(String move, String message) {
        super(message);
        this.move = move;
    }

    /** The move text as the player sent it. */
    public String move() {
        return move;
    }
}

package arbiter.game.chess;

import arbiter.game.GameFamily;
import arbiter.game.NotationException;
import arbiter.game.Rules;
import java.util.Map;

/**
 * The FIDE Laws of Chess: castling, en passant, promotion to any piece, checkmate and stalemate,
 * the 50-move rule (a claimable draw that the harness applies at once), threefold repetition (via
 * {@link arbiter.game.GameHistory}) and dead positions by insufficient material. No rule parameters.
 */
public final class ChessRules implements Rules {
    /** The one instance: standard chess. */
    public static final ChessRules STANDARD = new ChessRules();

    private ChessRules() {
    }

    @Override
    public String id() {
        return "chess";
    }

    @Override
    public GameFamily family() {
        return GameFamily.CHESS;
    }

    @Override
    public String playerName(int player) {
        return player == 0 ? "White" : "Black";
    }

    @Override
    public ChessPosition start() {
        return ChessFen.parse(this, ChessFen.START);
    }

    @Override
    public ChessPosition parsePosition(String text) throws NotationException {
        return ChessFen.parse(this, text);
    }

    @Override
    public int repetitionLimit() {
        return 3;
    }

    @Override
    public Map<String, String> parameters() {
        return Map.of();
    }

    @Override
    public String toString() {
        return id();
    }
}

package arbiter.pdn;

import arbiter.game.GameFamily;
import arbiter.game.GameHistory;
import arbiter.game.Games;
import arbiter.game.NotationException;
import arbiter.game.Outcome;
import arbiter.game.Rules;
import arbiter.play.GameResult;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Replays a record under its rules and says what is wrong with it: an illegal move (with its ply),
 * or a result that the final position contradicts (a game the rules ended must carry their result;
 * a game that did not end may carry any, as after adjudication, resignation or a time forfeit).
 */
public final class RecordCheck {
    private RecordCheck() {
    }

    /**
     * The rules of a record: {@code variant} when given (e.g. from the command line), else the record's
     * {@code Variant} tag ({@code english majorityCapture=true}), else chess for a PGN GameType 0 or no GameType.
     */
    public static Rules rules(GameRecord g, String variant) {
        String text = variant != null ? variant : g.tag("Variant");
        if (text == null) {
            String type = g.tag("GameType");
            if (type == null || type.equals("0")) {
                return Games.rules("chess");
            }
            throw new NotationException("no Variant tag and GameType " + type + ": give --game");
        }
        String[] words = text.trim().split("\\s+");
        Map<String, String> overrides = new LinkedHashMap<>();
        for (int i = 1; i < words.length; i++) {
            int eq = words[i].indexOf('=');
            if (eq <= 0) {
                throw new NotationException("Variant tag '" + text + "': '" + words[i] + "' is not RULE=VALUE");
            }
            overrides.put(words[i].substring(0, eq), words[i].substring(eq + 1));
        }
        return Games.rules(words[0], overrides);
    }

    /** The problem with the record under {@code rules}, or null when it replays and its result fits. */
    public static String problem(GameRecord g, Rules rules) {
        if (rules.family() == GameFamily.BACKGAMMON) {
            return null; // the dice are in a tag of their own; a backgammon record is not replayed here
        }
        GameHistory game;
        try {
            String fen = g.tag("FEN");
            game = new GameHistory(fen == null ? rules.start() : rules.parsePosition(fen));
        } catch (NotationException e) {
            return "start position: " + e.getMessage();
        }
        int ply = 0;
        for (String move : g.moves()) {
            ply++;
            if (game.outcome() != null) {
                return "move '" + move + "' at ply " + ply + " after the game ended (" + game.outcome().reason().text() + ")";
            }
            try {
                game.play(game.current().parseMove(move));
            } catch (NotationException e) {
                return "illegal move '" + move + "' at ply " + ply + ": " + e.getMessage();
            }
        }
        Outcome end = game.outcome();
        GameResult result = g.result();
        if (end == null || !result.decided()) {
            return null;
        }
        GameResult byRules = end instanceof Outcome.Win w ? (w.winner() == 0 ? GameResult.WHITE_WIN : GameResult.BLACK_WIN)
                : GameResult.DRAW;
        if (byRules != result) {
            return "impossible result " + (g.resultToken() != null ? g.resultToken() : g.tag("Result")) + ": the final position is "
                    + (byRules == GameResult.DRAW ? "a draw" : (byRules == GameResult.WHITE_WIN ? "won by White" : "won by Black"))
                    + " (" + end.reason().text() + ")";
        }
        return null;
    }
}

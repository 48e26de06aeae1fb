package arbiter.play;

import arbiter.game.GameHistory;
import arbiter.game.Position;
import arbiter.game.Rules;
import java.util.List;

/**
 * Where a game starts: a position text (null = the variant's start position) and moves to play from
 * it before the engines take over.
 *
 * @param label how the opening is named in records (the file's line or game, or "start")
 */
public record Opening(String label, String position, List<String> moves) {
    public Opening {
        moves = List.copyOf(moves);
    }

    public static Opening start() {
        return new Opening("start", null, List.of());
    }

    /** The game after the opening's moves; a bad position text or move throws the rules' NotationException. */
    public GameHistory replay(Rules rules) {
        Position start = position == null ? rules.start() : rules.parsePosition(position);
        GameHistory game = new GameHistory(start);
        for (String text : moves) {
            game.play(game.current().parseMove(text));
        }
        return game;
    }
}

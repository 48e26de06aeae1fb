package arbiter.play;

import java.util.List;

/**
 * A finished game: what was played and how it ended.
 *
 * @param startText  position text of the position the opening started from (null = standard start)
 * @param moves      every move from that position, opening moves included
 * @param openingPlies how many of {@code moves} came from the opening
 * @param points     backgammon: 1, 2 or 3 for a single game, gammon, backgammon; 1 otherwise
 */
public record PlayedGame(GameTask task, String startText, List<PlayedMove> moves, int openingPlies,
                         GameResult result, Termination termination, int points) {
    public PlayedGame {
        moves = List.copyOf(moves);
    }

    /** Score of a player by name: 1, 1/2 or 0. */
    public double scoreOf(String player) {
        return result.scoreOf(player.equals(task.white()));
    }
}

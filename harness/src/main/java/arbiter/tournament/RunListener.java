package arbiter.tournament;

import arbiter.config.RunConfig;
import arbiter.results.Scoreboard;
import arbiter.play.GameTask;
import arbiter.play.PlayedGame;
import arbiter.play.PlayedMove;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;

/**
 * A subscriber to a run's events. The coordinator calls every method on its own thread, in order:
 * {@code runStarted}, then {@code gameStarted} / {@code gameFinished} as games go, then
 * {@code runEnded}. A subscriber must not block: slow work belongs on its own thread.
 */
public interface RunListener {

    /**
     * The plan is made and resumed games are counted; nothing is played yet.
     *
     * @param console where the run prints for its user (standings, results)
     * @param scoreboard the run's results so far (the resumed games), kept up to date as games are recorded;
     *                  read it on the coordinator's thread, or a {@link Scoreboard#copy()} elsewhere
     * @param tally     what the run report needs of every game in the log, kept up to date as games are
     *                  recorded, like {@code scoreboard}; also the name (and version) each external
     *                  engine gave itself ({@link ReportTally#engines()})
     */
    record RunStart(RunConfig config, List<GameTask> tasks, int resumed, Scoreboard scoreboard, PrintWriter console,
                    ReportTally tally) {
    }

    /**
     * A game was recorded in the log and counted in {@code scoreboard}.
     *
     * @param stopping   the stop policy ended the run with this game (games in progress are abandoned)
     * @param moreToPlay games of the plan are still to be submitted
     */
    record GameEnd(PlayedGame game, Scoreboard scoreboard, boolean stopping, boolean moreToPlay) {
    }

    default void runStarted(RunStart start) {
    }

    /** A worker took the game ({@code worker}: a thread here, a cluster member's name there). */
    default void gameStarted(GameTask task, String worker) {
    }

    /** True to be told the moves of games in progress ({@link #moveMade}); they cost a position text each. */
    default boolean wantsMoves() {
        return false;
    }

    /** With {@link #wantsMoves}: the least time between two moves told of one game; 0 for every move. */
    default long moveIntervalMillis() {
        return 0;
    }

    /** A move of a game in progress, with the position text after it (a cluster may skip some). */
    default void moveMade(GameTask task, PlayedMove move, String position) {
    }

    /** As {@link #moveMade(GameTask, PlayedMove, String)}, with the game's ply after the move (0: not known). */
    default void moveMade(GameTask task, PlayedMove move, String position, int ply) {
        moveMade(task, move, position);
    }

    default void gameFinished(GameEnd end) throws IOException {
    }

    default void runEnded(Tournament.Summary summary) throws IOException {
    }
}

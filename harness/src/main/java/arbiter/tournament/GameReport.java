package arbiter.tournament;

import arbiter.execute.GameObserver;
import arbiter.game.Rules;
import arbiter.play.GameTask;
import arbiter.play.PlayedGame;
import arbiter.play.PlayedMove;
import java.util.List;
import java.util.concurrent.BlockingQueue;

/** What the executor reports of a game to the coordinator's queue: started, a move, or finished. */
sealed interface GameReport {
    GameTask task();

    /** A worker took the game ({@code worker}: a thread here, a cluster member's name there). */
    record Started(GameTask task, String worker) implements GameReport {
    }

    /** A move of a game in progress, with the position text after it. */
    record Moved(GameTask task, PlayedMove move, String position, int ply) implements GameReport {
    }

    /**
     * A game's end: played (its record and report facts made), abandoned ({@code game} null: played
     * again on resume), or failed ({@code error} set).
     */
    record Finished(GameTask task, PlayedGame game, byte[] pdn, ReportTally.GameFacts facts, Throwable error)
            implements GameReport {

        /**
         * A played game's record and report facts are made here, on the thread that finished it (a game
         * thread, usually), so the coordinator only appends and adds up.
         */
        static Finished of(GameTask task, PlayedGame game, Throwable error, PdnRecorder recorder, Rules rules) {
            if (game == null || error != null) {
                return new Finished(task, game, null, null, error);
            }
            try {
                return new Finished(task, game, recorder.format(game), ReportTally.GameFacts.of(game, rules), null);
            } catch (RuntimeException e) {
                return new Finished(task, null, null, null, e);
            }
        }
    }

    /**
     * The coordinator's queue, and the observers that fill it from the executor's threads; moves are
     * asked for only when a listener wants them.
     */
    record Queue(boolean wantsMoves, long moveInterval, BlockingQueue<GameReport> reports) {
        Queue(List<RunListener> listeners, BlockingQueue<GameReport> reports) {
            this(listeners.stream().anyMatch(RunListener::wantsMoves), listeners.stream()
                    .filter(RunListener::wantsMoves).mapToLong(RunListener::moveIntervalMillis).min().orElse(0), reports);
        }

        GameObserver observer(GameTask task) {
            return new GameObserver() {
                @Override
                public void started(String worker) {
                    reports.add(new Started(task, worker));
                }

                @Override
                public boolean wantsMoves() {
                    return wantsMoves;
                }

                @Override
                public long moveIntervalMillis() {
                    return moveInterval;
                }

                @Override
                public void moved(PlayedMove move, String position) {
                    moved(move, position, 0);
                }

                @Override
                public void moved(PlayedMove move, String position, int ply) {
                    reports.add(new Moved(task, move, position, ply));
                }
            };
        }
    }
}

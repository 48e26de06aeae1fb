package arbiter.referee;

import arbiter.play.PlayedGame;
import arbiter.play.PlayedMove;
import arbiter.play.Termination;
import arbiter.play.Adjudication;
import arbiter.play.TimeLimits;
import arbiter.player.EngineResignedException;
import arbiter.game.GameHistory;
import arbiter.game.Move;
import arbiter.game.NotationException;
import arbiter.game.Outcome;
import arbiter.game.Position;
import arbiter.game.Rules;
import arbiter.play.GameResult;
import arbiter.player.Limits;
import arbiter.player.Player;
import arbiter.player.SearchResult;
import arbiter.player.IllegalMoveException;
import arbiter.player.EngineStalledException;
import arbiter.play.GameTask;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;

/**
 * Plays one game and owns its truth: it validates every move with the rules, measures each move's
 * wall time and keeps the clocks, rolls the dice (seeded per game, so both games of a
 * colour-reversed pair see the same rolls), applies the config's adjudication, and decides the
 * result and its reason. A player that throws, answers nothing or plays an illegal move loses. A time
 * verdict that this JVM's own stall accounts for ({@link StallWatch}) makes the game void instead.
 */
public final class Referee {
    private final Rules rules;
    private final Adjudication adjudication;

    public Referee(Rules rules, Adjudication adjudication) {
        this.rules = rules;
        this.adjudication = adjudication;
    }

    /**
     * Plays the task. Returns null when {@code abort} turned true before the game ended: an abandoned
     * game is not recorded.
     *
     * @param players index 0 plays White (the task's {@code white}), 1 Black
     * @param limits  each player's limits
     */
    public PlayedGame play(GameTask task, Player[] players, TimeLimits[] limits, BooleanSupplier abort) {
        return play(task, players, limits, abort, null);
    }

    /**
     * As {@link #play(GameTask, Player[], TimeLimits[], BooleanSupplier)}, telling {@code onMove} each
     * move the players make (after the referee accepted it) with the position it led to.
     */
    public PlayedGame play(GameTask task, Player[] players, TimeLimits[] limits, BooleanSupplier abort,
                           BiConsumer<PlayedMove, Position> onMove) {
        GameHistory game = task.opening().replay(rules);
        PlayedGame played = play(game, task, players, limits, abort, onMove);
        if (played != null) {
            double white = played.result().whiteScore();
            for (Player p : players) {
                try {
                    p.gameOver(game, white);
                } catch (RuntimeException e) {
                    // The result stands; the player's own trouble shows in its next game.
                }
            }
        }
        return played;
    }

    private PlayedGame play(GameHistory game, GameTask task, Player[] players, TimeLimits[] limits, BooleanSupplier abort,
                            BiConsumer<PlayedMove, Position> onMove) {
        Plies plies = new Plies(game, task, players, limits, abort, onMove);
        for (int side = 0; side < 2; side++) {
            long start = System.nanoTime();
            try {
                players[side].newGame(task.seed());
            } catch (EngineStalledException e) {
                long stalled = StallWatch.stalledMillis(start, System.nanoTime());
                return abort.getAsBoolean() ? null : stalled > 0 ? voided(task, plies, side, stalled)
                        : lost(task, plies.startText, plies.record, plies.openingPlies, side,
                        new Termination.EngineStalled(side, e.waitedMs()));
            } catch (RuntimeException e) {
                return abort.getAsBoolean() ? null : lost(task, plies.startText, plies.record, plies.openingPlies, side,
                        new Termination.EngineCrash(side, String.valueOf(e.getMessage())));
            }
        }
        // One call per ply: the ply's code is compiled as soon as it is hot, even in a process that
        // stops at C1, where the loop of this once-per-game method stayed interpreted.
        boolean goesOn;
        do {
            goesOn = plies.next();
        } while (goesOn);
        return plies.ended;
    }

    /** The state of a game in play, and its plies one call at a time. */
    private final class Plies {
        private final GameHistory game;
        private final GameTask task;
        private final Player[] players;
        private final TimeLimits[] limits;
        private final BooleanSupplier abort;
        private final BiConsumer<PlayedMove, Position> onMove;
        /** The record so far: the opening's moves, then the players'. */
        private final List<PlayedMove> record = new ArrayList<>();
        private final int openingPlies;
        private final String startText;
        private final SplittableRandom dice;
        /** Each side's clock, and its moves so far (for moves-per-period controls). */
        private final long[] remaining = new long[2];
        private final int[] movesMade = new int[2];
        /** Per side: how much of the time charged to its clock this JVM itself was stalled ({@link StallWatch}). */
        private final long[] stalledMs = new long[2];
        private final ScoreAdjudication scores;
        /** The game as recorded once {@link #next} returned false; null when it was abandoned. */
        PlayedGame ended;

        Plies(GameHistory game, GameTask task, Player[] players, TimeLimits[] limits, BooleanSupplier abort,
              BiConsumer<PlayedMove, Position> onMove) {
            this.game = game;
            this.task = task;
            this.players = players;
            this.limits = limits;
            this.abort = abort;
            this.onMove = onMove;
            GameHistory replay = new GameHistory(game.start());
            for (Move m : game.moves()) {
                record.add(new PlayedMove(replay.current().formatMove(m), null, 0, 0, null));
                replay.play(m);
            }
            openingPlies = record.size();
            startText = task.opening().position();
            scores = new ScoreAdjudication(adjudication, ScoreAdjudication.startPly(rules, game.start()));
            dice = new SplittableRandom(task.seed());
            for (int side = 0; side < 2; side++) {
                remaining[side] = limits[side].timeMs();
            }
        }

        private boolean end(PlayedGame played) {
            ended = played;
            return false;
        }

        /** Plays one ply; false when the game is over (see {@link #ended}). */
        boolean next() {
            if (abort.getAsBoolean()) {
                return end(null);
            }
            Outcome outcome = game.outcome();
            if (outcome != null) {
                return end(finish(task, startText, record, openingPlies, outcome));
            }
            ScoreAdjudication.Verdict capped = scores.beforePly(record.size());
            if (capped != null) {
                return end(done(task, startText, record, openingPlies, capped.result(), capped.termination(), 1));
            }
            String roll = null;
            if (game.current().needsDice()) {
                roll = roll(game, dice);
            }
            Position position = game.current();
            int side = position.sideToMove();
            TimeLimits tl = limits[side];
            TimeLimits other = limits[1 - side];
            Limits moveLimits = new Limits(tl.depth(), tl.nodes(), tl.moveTimeMs(),
                    tl.hasClock() ? Math.max(1, remaining[side]) : 0, tl.incrementMs(),
                    tl.movesPerPeriod() > 0 ? tl.movesPerPeriod() - movesMade[side] % tl.movesPerPeriod() : 0,
                    other.hasClock() ? Math.max(1, remaining[1 - side]) : 0, other.hasClock() ? other.incrementMs() : 0);
            long allowedMs = tl.hasClock() ? remaining[side] + tl.marginMs()
                    : tl.moveTimeMs() > 0 ? tl.moveTimeMs() + tl.marginMs() : 0;
            long start = System.nanoTime();
            long deadline = allowedMs > 0 ? start + allowedMs * 1_000_000L : Long.MAX_VALUE;
            SearchResult answer;
            try {
                answer = players[side].chooseMove(game, moveLimits,
                        () -> abort.getAsBoolean() || System.nanoTime() > deadline);
            } catch (IllegalMoveException e) {
                return end(lost(task, startText, record, openingPlies, side, new Termination.IllegalMove(side, e.move(), e.getMessage())));
            } catch (EngineStalledException e) {
                if (abort.getAsBoolean()) {
                    return end(null);
                }
                long stalled = StallWatch.stalledMillis(start, System.nanoTime());
                if (stalled > 0) {
                    return end(voided(task, this, side, stalled)); // the wait was this JVM's, not the engine's
                }
                return end(lost(task, startText, record, openingPlies, side, new Termination.EngineStalled(side, e.waitedMs())));
            } catch (EngineResignedException e) {
                return end(lost(task, startText, record, openingPlies, side, new Termination.Resigned(side, e.getMessage())));
            } catch (RuntimeException e) {
                if (abort.getAsBoolean()) {
                    return end(null);
                }
                return end(lost(task, startText, record, openingPlies, side, new Termination.EngineCrash(side,
                        e instanceof arbiter.player.EngineException ? e.getMessage() : String.valueOf(e))));
            }
            long end = System.nanoTime();
            long elapsedMs = (end - start) / 1_000_000;
            long stalled = allowedMs > 0 ? StallWatch.stalledMillis(start, end) : 0;
            if (abort.getAsBoolean()) {
                return end(null);
            }
            if (answer == null || answer.move() == null) {
                return end(lost(task, startText, record, openingPlies, side, new Termination.EngineCrash(side, "no move returned")));
            }
            Move move = answer.move();
            if (!position.legalMoves().contains(move)) {
                return end(lost(task, startText, record, openingPlies, side,
                        new Termination.IllegalMove(side, String.valueOf(move), "not a legal move in " + position.toText())));
            }
            // Clocks: the referee's own measurement decides, unless this JVM's own stalls decided it: a
            // forfeit that the time it did not run accounts for makes the game void, not lost.
            stalledMs[side] += stalled;
            if (tl.hasClock()) {
                remaining[side] -= elapsedMs;
                if (remaining[side] < -tl.marginMs()) {
                    return end(remaining[side] + stalledMs[side] >= -tl.marginMs() ? voided(task, this, side, stalledMs[side])
                            : lost(task, startText, record, openingPlies, side, new Termination.TimeForfeit(side, -remaining[side])));
                }
                remaining[side] += tl.incrementMs();
                movesMade[side]++;
                if (tl.movesPerPeriod() > 0 && movesMade[side] % tl.movesPerPeriod() == 0) {
                    remaining[side] += tl.timeMs();
                }
            } else if (tl.moveTimeMs() > 0 && elapsedMs > tl.moveTimeMs() + tl.marginMs()) {
                return end(elapsedMs - stalled <= tl.moveTimeMs() + tl.marginMs() ? voided(task, this, side, stalled)
                        : lost(task, startText, record, openingPlies, side, new Termination.TimeForfeit(side, elapsedMs - tl.moveTimeMs())));
            }
            Integer score = answer.depth() > 0 || answer.score() != 0 ? answer.score() : null;
            record.add(new PlayedMove(position.formatMove(move), score, answer.depth(), elapsedMs, roll,
                    answer.selDepth(), answer.nodes(), answer.nodes() > 0 && answer.timeMs() > 0
                            ? answer.nodes() * 1000 / answer.timeMs() : 0, pvText(position, answer)));
            boolean resetsCount = position.resetsProgressCount(move);
            game.play(move);
            if (onMove != null) {
                onMove.accept(record.get(record.size() - 1), game.current());
            }
            ScoreAdjudication.Verdict adjudicated = scores.afterMove(side, score, resetsCount, record.size(),
                    () -> game.outcome() != null);
            if (adjudicated != null) {
                return end(done(task, startText, record, openingPlies, adjudicated.result(), adjudicated.termination(), 1));
            }
            return true;
        }
    }

    /** Longest principal variation kept in a record, in plies. */
    static final int PV_PLIES = 12;

    /** The player's principal variation in the game's notation (as far as it is legal), or null for none beyond the move. */
    static String pvText(Position position, SearchResult answer) {
        List<Move> pv = answer.pv();
        if (pv.size() < 2 || !pv.get(0).equals(answer.move())) {
            return null;
        }
        return String.join(" ", position.formatLine(pv, PV_PLIES));
    }

    /** Rolls two dice into the position; an opening tie (not a legal first roll) is rolled again. */
    static String roll(GameHistory game, SplittableRandom dice) {
        for (int attempt = 0; attempt < 1000; attempt++) {
            int a = dice.nextInt(1, 7);
            int b = dice.nextInt(1, 7);
            try {
                Position rolled = game.current().withDice(a, b);
                game.replaceCurrent(rolled);
                return a + "-" + b;
            } catch (NotationException e) {
                // Opening roll with equal dice: roll again.
            }
        }
        throw new IllegalStateException("no acceptable roll in 1000 attempts");
    }

    private static PlayedGame finish(GameTask task, String startText, List<PlayedMove> record, int openingPlies,
                                     Outcome outcome) {
        return done(task, startText, record, openingPlies, result(outcome), new Termination.ByRules(outcome.reason()),
                outcome instanceof Outcome.Win win ? win.points() : 1);
    }

    /** The result the rules' outcome gives. */
    static GameResult result(Outcome outcome) {
        return outcome instanceof Outcome.Win win ? win.winner() == 0 ? GameResult.WHITE_WIN : GameResult.BLACK_WIN : GameResult.DRAW;
    }

    /** No result: the time verdict on {@code side} was this JVM's stall (see {@link StallWatch}); played again. */
    private static PlayedGame voided(GameTask task, Plies plies, int side, long stalledMs) {
        return done(task, plies.startText, plies.record, plies.openingPlies, GameResult.UNFINISHED,
                new Termination.HarnessStalled(side, stalledMs), 1);
    }

    private static PlayedGame lost(GameTask task, String startText, List<PlayedMove> record, int openingPlies, int loser,
                                   Termination why) {
        return done(task, startText, record, openingPlies, loser == 0 ? GameResult.BLACK_WIN : GameResult.WHITE_WIN, why, 1);
    }

    private static PlayedGame done(GameTask task, String startText, List<PlayedMove> record, int openingPlies,
                                   GameResult result, Termination why, int points) {
        return new PlayedGame(task, startText, record, openingPlies, result, why, points);
    }
}

package arbiter.referee;

import arbiter.game.GameHistory;
import arbiter.game.Move;
import arbiter.game.Outcome;
import arbiter.game.Position;
import arbiter.game.Rules;
import arbiter.play.Adjudication;
import arbiter.play.GameResult;
import arbiter.play.GameTask;
import arbiter.play.PlayedGame;
import arbiter.play.PlayedMove;
import arbiter.play.Termination;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * Checks a game played elsewhere (by a cluster worker) against what the {@link Referee} would have
 * made of its moves: it starts from the task's own opening, every move is legal and written as the
 * referee writes it, the dice are those of the task's seed, and it ends where and as the rules or the
 * adjudication end it: by the rules, with the result they give; at the move cap; by the engines'
 * scores as recorded; or, before a player's move, with that player losing (time, an illegal move, a
 * crash, a resignation: what the referee saw there cannot be checked, only that it is the side to
 * move that lost). What it cannot see: moves an engine did not choose (a legal game made up by the
 * worker), scores and times made up to reach an adjudication, a loss on time that was not one.
 */
public final class GameAudit {
    private GameAudit() {
    }

    /** Null when {@code game} is a game of {@code task} as the referee would record it; else why it is not. */
    public static String check(Rules rules, Adjudication adjudication, GameTask task, PlayedGame game) {
        try {
            return replay(rules, adjudication, task, game);
        } catch (RuntimeException e) { // a move or position the rules cannot read (NotationException), or worse
            return String.valueOf(e.getMessage());
        }
    }

    private static String replay(Rules rules, Adjudication adjudication, GameTask task, PlayedGame game) {
        if (!task.equals(game.task())) {
            return "it is not the game of the task it was given";
        }
        if (!Objects.equals(task.opening().position(), game.startText())) {
            return "it starts from '" + game.startText() + "', not from its opening's position";
        }
        if (game.result() == null || !game.result().decided() || game.termination() == null) {
            return "it has no result";
        }
        GameHistory opening = task.opening().replay(rules);
        List<PlayedMove> moves = game.moves();
        if (game.openingPlies() != opening.moves().size() || moves.size() < game.openingPlies()) {
            return "its opening has " + game.openingPlies() + " plies, not " + opening.moves().size();
        }
        GameHistory history = new GameHistory(opening.start());
        for (int i = 0; i < game.openingPlies(); i++) {
            Move m = opening.moves().get(i);
            if (!history.current().formatMove(m).equals(moves.get(i).text())) {
                return "ply " + (i + 1) + " is not its opening's move";
            }
            history.play(m);
        }
        SplittableRandom dice = new SplittableRandom(task.seed());
        ScoreAdjudication scores = new ScoreAdjudication(adjudication, ScoreAdjudication.startPly(rules, opening.start()));
        for (int ply = game.openingPlies(); ; ply++) {
            Outcome outcome = history.outcome();
            if (outcome != null) {
                return ends(game, ply, Referee.result(outcome), new Termination.ByRules(outcome.reason()),
                        outcome instanceof Outcome.Win win ? win.points() : 1);
            }
            ScoreAdjudication.Verdict capped = scores.beforePly(ply);
            if (capped != null) {
                return ends(game, ply, capped.result(), capped.termination(), 1);
            }
            if (ply == moves.size()) {
                return lostBeforeMoving(game, history.current().sideToMove(), ply == game.openingPlies());
            }
            String roll = history.current().needsDice() ? Referee.roll(history, dice) : null;
            PlayedMove played = moves.get(ply);
            if (!Objects.equals(roll, played.dice())) {
                return "ply " + (ply + 1) + " has the dice " + played.dice() + ", not the seed's " + roll;
            }
            Position position = history.current();
            int side = position.sideToMove();
            Move move = position.parseMove(played.text());
            if (!position.formatMove(move).equals(played.text())) {
                return "ply " + (ply + 1) + " '" + played.text() + "' is not written as the referee writes it";
            }
            boolean resetsCount = position.resetsProgressCount(move);
            history.play(move);
            ScoreAdjudication.Verdict adjudicated = scores.afterMove(side, played.score(), resetsCount, ply + 1,
                    () -> history.outcome() != null);
            if (adjudicated != null) {
                return ends(game, ply + 1, adjudicated.result(), adjudicated.termination(), 1);
            }
        }
    }

    /** Null when the game ends after {@code plies} plies with this result, termination and points. */
    private static String ends(PlayedGame game, int plies, GameResult result, Termination termination, int points) {
        if (game.moves().size() != plies) {
            return "it goes on after ply " + plies + ", where " + termination.describe() + " ended it";
        }
        if (game.result() != result || !game.termination().equals(termination) || game.points() != points) {
            return "it ends " + game.result() + " (" + game.termination().describe() + ") where the referee says " + result
                    + " (" + termination.describe() + ")";
        }
        return null;
    }

    /**
     * Null when the game may have ended, before {@code toMove}'s move, with a player losing for what the
     * referee alone saw: the side to move, or either side when its engine failed at the game's start.
     */
    private static String lostBeforeMoving(PlayedGame game, int toMove, boolean atStart) {
        Termination t = game.termination();
        int loser;
        if (t instanceof Termination.TimeForfeit f) {
            loser = f.player();
        } else if (t instanceof Termination.IllegalMove m) {
            loser = m.player();
        } else if (t instanceof Termination.Resigned r) {
            loser = r.player();
        } else if (t instanceof Termination.EngineCrash c) {
            loser = c.player();
        } else if (t instanceof Termination.EngineStalled st) {
            loser = st.player();
        } else {
            return "it ends with " + t.describe() + " where neither the rules nor the adjudication end it";
        }
        boolean failedToStart = atStart && (t instanceof Termination.EngineCrash || t instanceof Termination.EngineStalled);
        if (loser != toMove && !(failedToStart && (loser == 0 || loser == 1))) {
            return "it ends with " + t.describe() + " of player " + loser + " where player " + toMove + " was to move";
        }
        GameResult result = loser == 0 ? GameResult.BLACK_WIN : GameResult.WHITE_WIN;
        if (game.result() != result || game.points() != 1) {
            return "it ends " + game.result() + " although player " + loser + " lost (" + t.describe() + ")";
        }
        return null;
    }
}

package arbiter.referee;

import arbiter.play.Adjudication;
import arbiter.play.GameResult;
import arbiter.play.Termination;
import java.util.function.BooleanSupplier;

/**
 * The config's adjudication on the engines' own scores, move by move, as cutechess-cli's
 * GameAdjudicator: a capture or a pawn (man) move resets the draw count, then the move's score
 * counts; a move without a score resets the counts. The referee asks it after every move it plays,
 * and {@link GameAudit} after every move of a record it checks, so both end a game at the same move.
 */
final class ScoreAdjudication {
    /** How an adjudication ended the game. */
    record Verdict(GameResult result, Termination.Adjudicated termination) {
    }

    private final Adjudication adjudication;
    /** Consecutive moves (of both sides) with |score| within drawScore, since the last capture or pawn/man move. */
    private int drawStreak;
    /** Per side: its consecutive moves with its own score at least resignScore below / above zero. */
    private final int[] losingStreak = new int[2];
    private final int[] winningStreak = new int[2];

    ScoreAdjudication(Adjudication adjudication) {
        this.adjudication = adjudication;
    }

    /** The game's end by the maximum of plies, before a ply when {@code plies} have been played; or null. */
    Verdict beforePly(int plies) {
        if (adjudication.maxPlies() > 0 && plies >= adjudication.maxPlies()) {
            return new Verdict(GameResult.DRAW, new Termination.Adjudicated("maximum of " + adjudication.maxPlies() + " plies"));
        }
        return null;
    }

    /**
     * After {@code side}'s move with {@code score} (null: none), the game's end by adjudication, or null.
     *
     * @param irreversible whether the move was a capture or a pawn (man) move
     * @param plies        the plies of the record, this move included
     * @param over         whether the rules ended the game with this move (then the rules decide it)
     */
    Verdict afterMove(int side, Integer score, boolean irreversible, int plies, BooleanSupplier over) {
        if (irreversible) {
            drawStreak = 0;
        }
        if (score == null) {
            drawStreak = 0;
            losingStreak[side] = 0;
            winningStreak[side] = 0;
            return null;
        }
        drawStreak = Math.abs(score) <= adjudication.drawScore() ? drawStreak + 1 : 0;
        losingStreak[side] = score <= -adjudication.resignScore() ? losingStreak[side] + 1 : 0;
        winningStreak[side] = score >= adjudication.resignScore() ? winningStreak[side] + 1 : 0;
        if (over.getAsBoolean()) {
            return null;
        }
        if (adjudication.drawMoves() > 0 && plies >= adjudication.drawMinPlies() && drawStreak >= 2 * adjudication.drawMoves()) {
            return new Verdict(GameResult.DRAW, new Termination.Adjudicated(
                    "both scores within " + adjudication.drawScore() + " for " + adjudication.drawMoves() + " moves"));
        }
        if (adjudication.resignMoves() > 0 && adjudication.resignScore() > 0
                && losingStreak[side] >= adjudication.resignMoves()
                && (!adjudication.resignTwoSided() || winningStreak[1 - side] >= adjudication.resignMoves())) {
            String who = side == 0 ? "White" : "Black";
            return new Verdict(side == 0 ? GameResult.BLACK_WIN : GameResult.WHITE_WIN, new Termination.Adjudicated(
                    adjudication.resignTwoSided()
                            ? "both engines see " + (side == 0 ? "Black" : "White") + " ahead by " + adjudication.resignScore()
                            : who + "'s score at least " + adjudication.resignScore() + " below zero for "
                                    + adjudication.resignMoves() + " moves"));
        }
        return null;
    }
}

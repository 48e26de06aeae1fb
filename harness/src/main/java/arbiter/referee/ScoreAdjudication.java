package arbiter.referee;

import arbiter.play.Adjudication;
import arbiter.play.GameResult;
import arbiter.play.Termination;
import java.util.function.BooleanSupplier;

/**
 * The config's adjudication on the engines' own scores, move by move, as fastchess's trackers: a capture or a pawn (man) move resets the draw count, then the move's score
 * counts; a move without a score resets the counts. The referee asks it after every move it plays,
 * and {@link GameAudit} after every move of a record it checks, so both end a game at the same move.
 */
final class ScoreAdjudication {
    /** How an adjudication ended the game. */
    record Verdict(GameResult result, Termination.Adjudicated termination) {
    }

    private final Adjudication adjudication;
    /** The ply number of the game's start as its move number counts it (see {@code Position#moveNumber}). */
    private final int startPly;
    /** Consecutive moves (of both sides) with |score| within drawScore, since the last capture or pawn/man move. */
    private int drawStreak;
    /** Per side: its consecutive moves with its own score at least resignScore below zero. */
    private final int[] losingStreak = new int[2];
    /** Two-sided resign: consecutive moves (of both sides) with |score| at least resignScore. */
    private int decisiveStreak;

    /**
     * @param startPly the ply number of the game's start position as its move number counts it (0 for a
     *                 game's usual start; an EPD opening's own move number counts, as in fastchess)
     */
    ScoreAdjudication(Adjudication adjudication, int startPly) {
        this.adjudication = adjudication;
        this.startPly = startPly;
    }

    /** The ply number, as {@link #ScoreAdjudication} counts it, of a game that starts at {@code first} under {@code rules}. */
    static int startPly(arbiter.game.Rules rules, arbiter.game.Position first) {
        return 2 * (first.moveNumber() - 1) + (first.sideToMove() == rules.start().sideToMove() ? 0 : 1);
    }

    /** The game's end by the maximum of plies, before a ply when {@code plies} have been played; or null. */
    Verdict beforePly(int plies) {
        if (adjudication.maxPlies() > 0 && plies >= adjudication.maxPlies()) {
            return new Verdict(GameResult.DRAW, new Termination.Adjudicated("maximum of " + adjudication.maxPlies() + " plies"));
        }
        return null;
    }

    /**
     * After {@code side}'s move with {@code score} (null: none), the game's end by adjudication, or null;
     * as fastchess's {@code Match::adjudicate} and its trackers ({@code app/src/matchmaking/match/match.hpp},
     * match.cpp): a capture or a pawn (man) move resets the draw count, then the move's score counts; a
     * move without a score resets the counts. Resign is checked before draw. The draw waits for
     * {@code drawMinPlies} counted from the game's start as its move number counts it.
     *
     * @param resetsCount whether the move resets the progress count (a capture or a pawn/man move)
     * @param plies       the plies of the record, this move included
     * @param over        whether the rules ended the game with this move (then the rules decide it)
     */
    Verdict afterMove(int side, Integer score, boolean resetsCount, int plies, BooleanSupplier over) {
        if (resetsCount) {
            drawStreak = 0;
        }
        if (score == null) {
            drawStreak = 0;
            losingStreak[side] = 0;
            decisiveStreak = 0;
            return null;
        }
        drawStreak = Math.abs(score) <= adjudication.drawScore() ? drawStreak + 1 : 0;
        losingStreak[side] = score <= -adjudication.resignScore() ? losingStreak[side] + 1 : 0;
        decisiveStreak = Math.abs(score) >= adjudication.resignScore() ? decisiveStreak + 1 : 0;
        if (over.getAsBoolean()) {
            return null;
        }
        boolean twoSided = adjudication.resignTwoSided();
        if (adjudication.resignMoves() > 0 && adjudication.resignScore() > 0 && score < 0
                && (twoSided ? decisiveStreak >= 2 * adjudication.resignMoves() : losingStreak[side] >= adjudication.resignMoves())) {
            String who = side == 0 ? "White" : "Black";
            return new Verdict(side == 0 ? GameResult.BLACK_WIN : GameResult.WHITE_WIN, new Termination.Adjudicated(twoSided
                    ? "both engines' scores at least " + adjudication.resignScore() + " from zero for "
                            + adjudication.resignMoves() + " moves, " + who + "'s below"
                    : who + "'s score at least " + adjudication.resignScore() + " below zero for "
                            + adjudication.resignMoves() + " moves"));
        }
        if (adjudication.drawMoves() > 0 && startPly + plies >= adjudication.drawMinPlies()
                && drawStreak >= 2 * adjudication.drawMoves()) {
            return new Verdict(GameResult.DRAW, new Termination.Adjudicated(
                    "both scores within " + adjudication.drawScore() + " for " + adjudication.drawMoves() + " moves"));
        }
        return null;
    }
}

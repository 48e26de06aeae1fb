package arbiter.play;

/**
 * Adjudication; 0 switches a rule off. The rules are those of cutechess-cli and fastchess
 * (cutechess-cli(6), fastchess's {@code -draw} and {@code -resign}): captures and pawn moves (draughts:
 * captures and man moves) reset the draw count, and resign is one-sided unless {@code resignTwoSided}.
 *
 * @param drawMinPlies   plies before a draw may be adjudicated
 * @param drawScore      both engines' |score| at most this (centi-units) ...
 * @param drawMoves      ... for this many consecutive moves each, with no capture or pawn (man) move between
 * @param resignScore    an engine's score at least this far below zero ...
 * @param resignMoves    ... for this many of its consecutive moves loses
 * @param maxPlies       the game is drawn after this many plies
 * @param resignTwoSided the winner's scores must also be at least {@code resignScore} above zero for as long
 */
public record Adjudication(int drawMinPlies, int drawScore, int drawMoves, int resignScore, int resignMoves,
                           int maxPlies, boolean resignTwoSided) {

    /** One-sided resign. */
    public Adjudication(int drawMinPlies, int drawScore, int drawMoves, int resignScore, int resignMoves, int maxPlies) {
        this(drawMinPlies, drawScore, drawMoves, resignScore, resignMoves, maxPlies, false);
    }
}

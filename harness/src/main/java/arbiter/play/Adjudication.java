package arbiter.play;

/**
 * Adjudication; 0 switches a rule off.
 *
 * @param drawMinPlies plies before a draw may be adjudicated
 * @param drawScore    both engines' |score| at most this (centi-units) ...
 * @param drawMoves    ... for this many consecutive moves each
 * @param resignScore  both engines agree one side is ahead by at least this ...
 * @param resignMoves  ... for this many consecutive moves each
 * @param maxPlies     the game is drawn after this many plies
 */
public record Adjudication(int drawMinPlies, int drawScore, int drawMoves, int resignScore, int resignMoves,
                           int maxPlies) {
}

package arbiter.referee;

/**
 * A move as the referee recorded it.
 *
 * @param text    in the game's standard notation (SAN for chess)
 * @param score   the mover's score in centi-units (see {@link arbiter.player.Score}); null without one
 * @param depth   search depth reported, 0 if none
 * @param timeMs  wall time measured by the referee
 * @param dice    backgammon: the roll this move played, e.g. "6-5"; null otherwise
 */
public record PlayedMove(String text, Integer score, int depth, long timeMs, String dice) {
}

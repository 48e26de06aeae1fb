package arbiter.play;

/**
 * A move as the referee recorded it.
 *
 * @param text     in the game's standard notation (SAN for chess)
 * @param score    the mover's score in centi-units (see {@link arbiter.player.Score}); null without one
 * @param depth    search depth reported, 0 if none
 * @param timeMs   wall time measured by the referee
 * @param dice     backgammon: the roll this move played, e.g. "6-5"; null otherwise
 * @param selDepth deepest ply the search reported, 0 if none
 * @param nodes    nodes the search reported, 0 if none
 * @param nps      nodes per second of the search (its nodes over its own time), 0 if unknown
 * @param pv       the principal variation in the game's notation, space-separated, or null
 */
public record PlayedMove(String text, Integer score, int depth, long timeMs, String dice, int selDepth, long nodes,
                         long nps, String pv) {

    public PlayedMove(String text, Integer score, int depth, long timeMs, String dice) {
        this(text, score, depth, timeMs, dice, 0, 0, 0, null);
    }
}

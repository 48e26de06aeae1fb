package arbiter.stats;

/**
 * One line of a rating list.
 *
 * @param index player index in the {@link GameCounts}
 * @param name player name
 * @param rating maximum-likelihood rating (anchor or mean applied)
 * @param error half-width of the 95% interval of the rating (relative to the anchor, or to the
 *     mean of its group without anchor); 0 for the anchor itself
 * @param games games played
 * @param points points scored (win 1, draw 1/2)
 * @param draws drawn games
 * @param opponentsAverage average rating of the opponents, weighted by games
 * @param group connected group (0-based) the player belongs to
 */
public record PlayerRating(int index, String name, double rating, double error, long games, double points,
        long draws, double opponentsAverage, int group) {

    /** Points per game, 0..1. */
    public double score() {
        return games == 0 ? Double.NaN : points / games;
    }

    /** Draws per game, 0..1. */
    public double drawRatio() {
        return games == 0 ? Double.NaN : draws / (double) games;
    }
}

package arbiter.stats;

import java.util.List;

/**
 * A computed rating list.
 *
 * @param counts the games the list was computed from
 * @param options how it was computed
 * @param players one line per player, ordered by group (anchored or largest first), then rating
 * @param groups player names of each connected group (players linked by games); one group unless
 *     the games split the players into parts that never met
 * @param differenceError half-width of the 95% interval of R_i - R_j, by player index (NaN across groups);
 *     null for lists of more than {@link RatingList#DENSE_LIMIT} players
 * @param los likelihood of superiority P(R_i > R_j), by player index (NaN across groups, 0.5 on the
 *     diagonal); null for lists of more than {@link RatingList#DENSE_LIMIT} players
 * @param whiteAdvantage fitted Elo advantage of White (the first player); NaN when not estimated
 * @param drawElo fitted drawElo of the BayesElo draw model; NaN with draws as half points
 * @param errorMethod how the error bars were obtained, in words
 * @param notes remarks a reader must see: perfect scores, disconnected groups, players without games
 */
public record Ratings(GameCounts counts, RatingOptions options, List<PlayerRating> players,
        List<List<String>> groups, double[][] differenceError, double[][] los, double whiteAdvantage,
        double drawElo, String errorMethod, List<String> notes) {

    /** The line of the player with this index in {@link #counts}. */
    public PlayerRating player(int index) {
        for (PlayerRating p : players) {
            if (p.index() == index) {
                return p;
            }
        }
        throw new IllegalArgumentException("no player " + index);
    }

    /** The line of the named player. */
    public PlayerRating player(String name) {
        int i = counts.indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException("no player " + name);
        }
        return player(i);
    }
}

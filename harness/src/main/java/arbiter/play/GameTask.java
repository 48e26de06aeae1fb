package arbiter.play;

/**
 * One game to play, as a value: it can be queued, retried or sent elsewhere, and replays to the same
 * result under depth or node limits.
 *
 * @param id      game number in the run, from 1 ({@link #FIRST_ID}); the console's {@code Finished game N}, the page and
 *                the records' {@code Game} tag all give this number
 * @param round   round number from 1
 * @param pair    index of the colour-reversed pair (games of a pair share opening and seed)
 * @param white   name of the player moving first as White (player 0)
 * @param black   name of the other player
 * @param opening the start position and opening moves
 * @param seed    the game's seed (dice in backgammon, random openings plies)
 */
public record GameTask(int id, int round, int pair, String white, String black, Opening opening, long seed) {
    /**
     * The number of a run's first game: 1, as fastchess ({@code ++game_counter} in its scheduler) and
     * cutechess-cli number games on their consoles, so the console, the page and the records agree.
     */
    public static final int FIRST_ID = 1;
}

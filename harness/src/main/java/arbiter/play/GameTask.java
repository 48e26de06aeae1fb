package arbiter.play;

/**
 * One game to play, as a value: it can be queued, retried or sent elsewhere, and replays to the same
 * result under depth or node limits.
 *
 * @param id      game number in the run, from 0; records carry it as the {@code Game} tag
 * @param round   round number from 1
 * @param pair    index of the colour-reversed pair (games of a pair share opening and seed)
 * @param white   name of the player moving first as White (player 0)
 * @param black   name of the other player
 * @param opening the start position and opening moves
 * @param seed    the game's seed (dice in backgammon, random openings plies)
 */
public record GameTask(int id, int round, int pair, String white, String black, Opening opening, long seed) {
}

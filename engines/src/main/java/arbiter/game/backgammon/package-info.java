/**
 * Backgammon, cubeless, with gammons and backgammons scored (a rule parameter).
 *
 * <p>The dice are an input: a {@link arbiter.game.backgammon.BackgammonPosition} awaits the dice
 * until {@link arbiter.game.Position#withDice} supplies a roll (the referee re-rolls a tied opening
 * roll, which {@code withDice} refuses). A rolled position's legal moves are full moves
 * ({@link arbiter.game.backgammon.BackgammonMove}): every die used as the rules require, different
 * orders or paths to the same position merged into one move, and the explicit pass (written
 * {@code pass}) when no die can be used. Points are numbered from the mover's side in moves
 * ({@code 24/18 13/11*}, {@code bar/22}, {@code 6/off}) and from each player's own side in the
 * position text (see BackgammonText), e.g. the start {@code O:W24x2,13x5,8x3,6x5:B24x2,13x5,8x3,6x5:-}.
 *
 * <p>The legal move sets are checked against GNU Backgammon in the tests.
 */
package arbiter.game.backgammon;

/**
 * The game API shared by every game family (draughts, chess, Quoridor, backgammon).
 *
 * <p>A {@link arbiter.game.Rules} is a variant: rules as data plus the factory of positions.
 * A {@link arbiter.game.Position} is an immutable value; {@link arbiter.game.Position#play} returns
 * the next position. Anything that needs the history of a game (repetition) lives in
 * {@link arbiter.game.GameHistory}. Chance (backgammon dice) is an input supplied by the caller
 * through {@link arbiter.game.Position#withDice}, never rolled by the game itself.
 *
 * <p>Search and perft do not go through this API: each game has its own allocation-free fast path
 * and exposes it through {@link arbiter.game.Position#perft}.
 */
package arbiter.game;

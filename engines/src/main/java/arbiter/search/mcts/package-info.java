/**
 * Monte Carlo tree search (UCT) over a game's {@link arbiter.search.mcts.MctsBoard}, and the
 * built-in player that uses it.
 */
package arbiter.search.mcts;

/**
 * Arbiter's Quoridor evaluation and its engines (alpha-beta and MCTS).
 */
package arbiter.engine.quoridor;

/**
 * Arbiter's backgammon engine: an expectimax search over the dice with a linear evaluation.
 */
package arbiter.engine.backgammon;

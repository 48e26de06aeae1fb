/**
 * Plays one game between two players and owns its truth: legal moves, clocks, dice, adjudication
 * and the result with its reason.
 */
package arbiter.referee;

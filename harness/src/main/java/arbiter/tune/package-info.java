/**
 * Tuning runs: SPSA over a player's weights or options, played as small matches through the
 * coordinator, and Texel fitting of a linear evaluation to self-play games.
 */
package arbiter.tune;

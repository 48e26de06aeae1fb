/**
 * The player API: what a game asks of a player (a move within limits), its options, scores and
 * search results, and the exceptions a player ends a game with. It depends on the game API only.
 */
package arbiter.player;

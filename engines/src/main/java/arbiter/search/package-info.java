/**
 * Alpha-beta search over a game's allocation-free {@link arbiter.search.SearchBoard}, and the
 * built-in player that uses it.
 */
package arbiter.search;

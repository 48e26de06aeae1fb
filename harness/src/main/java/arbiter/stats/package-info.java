/**
 * Statistics of game results: Elo and its intervals, LOS, SPRT (trinomial and pentanomial), and
 * maximum-likelihood rating lists (Ordo, BayesElo).
 */
package arbiter.stats;

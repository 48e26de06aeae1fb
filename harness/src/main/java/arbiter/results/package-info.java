/**
 * A run's results as counts, kept as games finish: the {@link arbiter.results.Scoreboard} (W/D/L per
 * pairing and colour, pentanomial pairs) and its {@link arbiter.results.MatchVerdict} (counts, Elo,
 * nElo, LOS, SPRT) in constant time a game, and the {@link arbiter.results.MatchReading} of a verdict
 * (its cells, the SPRT's status and progress, the median-unbiased Elo after a stop) that the report
 * and the dashboard both print. Below the tournament, which fills it; above
 * {@code stats} (the formulas) and {@code play} (a result's score). Console, dashboard, reports, the
 * SPRT stop and the tuner read it and nothing else.
 */
package arbiter.results;

/**
 * The game record: reading and writing PDN/PGN, the run's append-only {@code games.pdn} log that a
 * resume reads back, and the checks of a record against the rules.
 */
package arbiter.pdn;

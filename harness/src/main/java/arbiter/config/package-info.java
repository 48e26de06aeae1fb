/**
 * Reads and validates a run config (JSON) into a {@link arbiter.config.RunConfig}: every problem with
 * its JSON path, reported together. {@link arbiter.config.ConfigLoader} reads the top-level schema; a
 * reader per part does the rest (players and {@code extends}, external engines, builds, program
 * lookup, schedule, tuning).
 */
package arbiter.config;

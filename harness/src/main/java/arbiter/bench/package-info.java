/**
 * Measurements of the harness itself (e.g. its overhead per move with real UCI engines), run by
 * {@code arbiter bench} and the scripts under {@code bench/}; figures go to {@code docs/benchmarks.md}.
 */
package arbiter.bench;

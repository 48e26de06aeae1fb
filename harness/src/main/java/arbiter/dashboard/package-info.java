/**
 * The live web dashboard of a run: a subscriber of the run's events that serves a read-only page,
 * its state as JSON and the same state as server-sent events.
 */
package arbiter.dashboard;

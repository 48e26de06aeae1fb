/**
 * What the test service's server and its workers and clients say to each other: the JSON values of
 * the HTTP API (registration, tasks, cumulative counts, reports, tests) and the reading of a test's
 * definition, which both sides check the same way.
 */
package arbiter.service.protocol;

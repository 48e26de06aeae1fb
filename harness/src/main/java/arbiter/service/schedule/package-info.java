/**
 * The test service's rules over its rows, in memory and without a database: which test a worker's
 * next task comes from (stride scheduling over fishtest's weights), how big it is, what a report must
 * be to count, when a lease is lost and when a test ends. {@link arbiter.service.schedule.Board}
 * holds the state; every change it makes names the rows to write.
 */
package arbiter.service.schedule;

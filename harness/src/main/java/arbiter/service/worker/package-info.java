/**
 * The test service's worker ({@code arbiter worker --server URL}): an HTTP client around the local
 * executor. It turns a leased task into the test's game specs (planned as a local run plans them),
 * plays them with this machine's engines, and reports cumulative counts with the PDN of new pairs.
 */
package arbiter.service.worker;

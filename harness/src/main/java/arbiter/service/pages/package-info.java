/**
 * The test service's web pages ({@code arbiter serve}, beside its API): tests, a test with its live
 * SPRT chart, tasks and games (the dashboard's viewer), the submit form with fishtest's SPRT
 * calculator, machines, users, the event log, log in and registration — HTML rendered here with
 * every outside text escaped, renewed over server-sent events; session cookies, CSRF tokens and
 * throttled log in ({@link arbiter.service.pages.ServicePages}).
 */
package arbiter.service.pages;

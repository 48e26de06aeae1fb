/**
 * Arbiter's built-in engines served over a protocol (UCI, Hub, DXP) to other programs, by
 * {@code arbiter engine}.
 */
package arbiter.server;

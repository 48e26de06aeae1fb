/**
 * Arbiter's chess evaluation, searched by the shared alpha-beta.
 */
package arbiter.engine.chess;

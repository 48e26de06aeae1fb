/**
 * Arbiter's draughts evaluation, searched by the shared alpha-beta.
 */
package arbiter.engine.draughts;

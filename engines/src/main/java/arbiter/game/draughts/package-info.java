/**
 * Draughts on the game API: international, English, Russian, Brazilian and other variants as rule
 * parameters, with FEN and standard notation, and the fast board that search uses.
 */
package arbiter.game.draughts;

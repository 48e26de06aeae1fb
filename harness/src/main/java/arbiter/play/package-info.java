/**
 * The values a game is made of and travels as: a game task and spec, a player spec (a name, never a
 * command), limits, adjudication, played moves and games, results and terminations, and the
 * {@link arbiter.play.Protocol}s an external engine can speak.
 */
package arbiter.play;

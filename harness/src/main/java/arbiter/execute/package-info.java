/**
 * Where games are played: the {@link arbiter.execute.GameExecutor} seam (submit a game spec, get the
 * played game), worker threads on this machine ({@link arbiter.execute.LocalExecutor}) and the
 * {@link arbiter.execute.PlayerFactory} that turns a player spec into a running player from this
 * machine's own configuration.
 */
package arbiter.execute;

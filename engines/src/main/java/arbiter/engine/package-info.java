/**
 * The built-in engines: the {@link arbiter.engine.EngineRegistry} that creates one by id with its
 * options and weights, the random player, and a bench of their search speed. Each game's evaluation
 * and engines live in a subpackage.
 */
package arbiter.engine;

/**
 * The {@code arbiter} command line: one picocli subcommand per job (run, match, tune, elo, sprt,
 * worker, engine, perft, bench ...). It reads arguments and configs, wires the layers below together and
 * turns bad input into one {@code error:} line with exit code 2.
 */
package arbiter.cli;

package arbiter.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code arbiter} command line: one subcommand per job. */
@Command(name = "arbiter",
        mixinStandardHelpOptions = true,
        version = "arbiter 0.1.0",
        description = "Tournament and tuning harness for board-game engines.",
        subcommands = {PerftCommand.class, MovesCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line and returns the exit code (0 ok, 1 failure, 2 bad input). */
    public static int run(String... args) {
        CommandLine cli = new CommandLine(new Main());
        cli.setExecutionExceptionHandler(new ErrorHandler());
        return cli.execute(args);
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}

package arbiter.cli;

import arbiter.config.ConfigException;
import arbiter.game.NotationException;
import picocli.CommandLine;

/**
 * Turns exceptions from commands into one clear line on stderr: bad input (exit 2) names what was
 * wrong; anything else is an internal failure (exit 1) and keeps its stack trace for the log.
 */
final class ErrorHandler implements CommandLine.IExecutionExceptionHandler {
    static final int BAD_INPUT = 2;

    @Override
    public int handleExecutionException(Exception ex, CommandLine cmd, CommandLine.ParseResult parsed) {
        if (ex instanceof ConfigException config) {
            for (String problem : config.problems()) {
                cmd.getErr().println("error: " + problem);
            }
            return BAD_INPUT;
        }
        if (ex instanceof NotationException || ex instanceof BadInputException
                || ex instanceof arbiter.player.OptionException || ex instanceof arbiter.eval.WeightsException) {
            cmd.getErr().println("error: " + ex.getMessage());
            return BAD_INPUT;
        }
        if (ex instanceof java.nio.file.FileSystemException || ex instanceof java.io.IOException io
                && String.valueOf(io.getMessage()).contains("No space left on device")) {
            // The machine, not Arbiter: a full disk, a folder that is a file, no permission. The message names the path.
            cmd.getErr().println("error: " + ex.getMessage());
            return BAD_INPUT;
        }
        cmd.getErr().println("internal error: " + ex);
        ex.printStackTrace(cmd.getErr());
        return 1;
    }
}

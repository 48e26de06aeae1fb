package arbiter.cli;

import arbiter.config.ConfigException;
import arbiter.game.NotationException;
import picocli.CommandLine;

/**
 * Turns exceptions from commands into one clear line on stderr: bad input (exit 2) names what was
 * wrong; anything else is an internal failure (exit 1) and keeps its stack trace for the log. Bad
 * arguments (an unknown option, a value of the wrong type, a missing parameter) are bad input too: one
 * line with picocli's message and where to read the usage, not the whole usage.
 */
final class ErrorHandler implements CommandLine.IExecutionExceptionHandler, CommandLine.IParameterExceptionHandler {
    static final int BAD_INPUT = 2;

    @Override
    public int handleParseException(CommandLine.ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        String message = String.valueOf(ex.getMessage());
        if (ex instanceof CommandLine.UnmatchedArgumentException unmatched && !unmatched.getSuggestions().isEmpty()) {
            message += " (did you mean " + String.join(" or ", unmatched.getSuggestions()) + "?)";
        }
        String help = cmd.getCommandSpec().qualifiedName();
        cmd.getErr().println("error: " + message.replace('\n', ' ').strip() + " (usage: " + help + " --help)");
        cmd.getErr().flush();
        return BAD_INPUT;
    }

    /** Reads a path argument; one the machine cannot name is a bad value with the reason (see {@link #describe}). */
    static java.nio.file.Path path(String text) {
        try {
            return java.nio.file.Path.of(text);
        } catch (java.nio.file.InvalidPathException e) {
            throw new CommandLine.TypeConversionException(describe(e));
        }
    }

    /**
     * A path this machine cannot name: a NUL in it, or characters the file-name encoding cannot write
     * (under LC_ALL=C Java names files in ASCII). The text, the reason, where, and the remedy.
     */
    static String describe(java.nio.file.InvalidPathException path) {
        String text = "path '" + path.getInput().replace("\0", "\\0") + "': " + path.getReason()
                + (path.getIndex() >= 0 ? " at index " + path.getIndex() : "");
        String encoding = System.getProperty("sun.jnu.encoding", "");
        if (path.getReason() != null && path.getReason().contains("unmappable") && !encoding.toUpperCase().contains("UTF")) {
            text += " (this process names files in " + encoding + ": run it under a UTF-8 locale, e.g. LC_ALL=C.UTF-8)";
        }
        return text;
    }

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
        if (ex instanceof arbiter.execute.ExecutorStoppedException stopped) {
            cmd.getErr().println("error: " + stopped.getMessage());
            return 1;
        }
        if (ex instanceof java.nio.file.FileSystemException fs) {
            // The machine, not Arbiter: a folder that is a file, no permission. The path and the reason.
            cmd.getErr().println("error: " + describe(fs));
            return BAD_INPUT;
        }
        if (ex instanceof java.nio.file.InvalidPathException path) {
            cmd.getErr().println("error: " + describe(path));
            return BAD_INPUT;
        }
        if (ex instanceof java.io.IOException io && String.valueOf(io.getMessage()).contains("No space left on device")) {
            // The machine, not Arbiter: a full disk, a folder that is a file, no permission. The message names the path.
            cmd.getErr().println("error: " + ex.getMessage());
            return BAD_INPUT;
        }
        cmd.getErr().println("internal error: " + ex);
        ex.printStackTrace(cmd.getErr());
        return 1;
    }

    /** A file system error as "PATH: reason" ({@code getMessage()} alone is only the path for most of them). */
    static String describe(java.nio.file.FileSystemException e) {
        String reason;
        if (e instanceof java.nio.file.AccessDeniedException) {
            reason = "permission denied";
        } else if (e instanceof java.nio.file.FileAlreadyExistsException) {
            reason = "already exists (and is in the way)";
        } else if (e instanceof java.nio.file.NoSuchFileException) {
            reason = "no such file or folder";
        } else if (e instanceof java.nio.file.NotDirectoryException) {
            reason = "not a folder";
        } else if (e instanceof java.nio.file.DirectoryNotEmptyException) {
            reason = "folder not empty";
        } else if (e.getReason() != null) {
            reason = e.getReason();
        } else {
            reason = "cannot be used";
        }
        String file = e.getFile() != null ? e.getFile() : "";
        return file + (e.getOtherFile() != null ? " -> " + e.getOtherFile() : "") + ": " + reason;
    }
}

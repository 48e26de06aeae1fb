package arbiter.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whole files read into memory only up to a size: a config, a weights file or a state file is small,
 * so one of gigabytes is a mistake (the wrong file named) and gets an error, not the heap it would take.
 */
public final class BoundedFiles {
    /** The largest config, weights or state file read (16 MiB): thousands of times a real one. */
    public static final long MAX_TEXT_FILE = 16L << 20;

    private BoundedFiles() {
    }

    /** The file as UTF-8 text, if it has at most {@link #MAX_TEXT_FILE} bytes. */
    public static String readString(Path file, String what) throws IOException {
        return readString(file, what, MAX_TEXT_FILE);
    }

    /**
     * The file as UTF-8 text, if it has at most {@code maxBytes} bytes.
     *
     * @param what what the file is, for the message ("a config")
     * @throws FileTooLargeException naming the file, its size and the bound
     */
    public static String readString(Path file, String what, long maxBytes) throws IOException {
        if (Files.isRegularFile(file)) {
            long size = Files.size(file);
            if (size > maxBytes) {
                throw new FileTooLargeException(file + ": " + size + " bytes, more than the "
                        + BoundedLines.size(maxBytes) + " " + what + " may have (the wrong file?)");
            }
        }
        return Files.readString(file, StandardCharsets.UTF_8);
    }

    /** A file over its bound: the message names it, its size and the bound. */
    public static final class FileTooLargeException extends IOException {
        private static final long serialVersionUID = 1L;

        public FileTooLargeException(String message) {
            super(message);
        }
    }
}

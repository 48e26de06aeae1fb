package arbiter.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
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
     * The file as UTF-8 text, if it has at most {@code maxBytes} bytes (a pipe, as a shell's
     * {@code <(...)} gives, is read up to the bound too).
     *
     * @param what what the file is, for the message ("a config")
     * @throws FileTooLargeException naming the file, its size and the bound
     */
    public static String readString(Path file, String what, long maxBytes) throws IOException {
        if (Files.isRegularFile(file) && Files.size(file) > maxBytes) {
            throw tooLarge(file, Files.size(file) + " bytes, more", what, maxBytes);
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes((int) Math.min(maxBytes + 1, Integer.MAX_VALUE - 8));
        }
        if (bytes.length > maxBytes) {
            throw tooLarge(file, "more", what, maxBytes);
        }
        return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
    }

    private static FileTooLargeException tooLarge(Path file, String size, String what, long maxBytes) {
        return new FileTooLargeException(file + ": " + size + " than the " + BoundedLines.size(maxBytes) + " " + what
                + " may have (the wrong file?)");
    }

    /**
     * Why {@code file} cannot be read as {@code what} (e.g. "config file"), or null when it can:
     * "no such config file: F", or "config file F is a folder (a device, a socket), not a file". A pipe
     * can be read (a shell's {@code <(...)}).
     */
    public static String notAFile(Path file, String what) {
        if (Files.isRegularFile(file)) {
            return null;
        }
        if (!Files.exists(file)) {
            return "no such " + what + ": " + file;
        }
        String kind = "not a regular file";
        if (Files.isDirectory(file)) {
            kind = "a folder";
        } else {
            try {
                int type = (Integer) Files.getAttribute(file, "unix:mode") & 0170000;
                if (type == 0010000) {
                    return null; // a pipe
                }
                kind = type == 0140000 ? "a socket" : "a device";
            } catch (IOException | RuntimeException e) {
                // not a POSIX file system: "not a regular file" says enough
            }
        }
        return what + " " + file + " is " + kind + (kind.startsWith("not") ? "" : ", not a file");
    }

    /** A file over its bound: the message names it, its size and the bound. */
    public static final class FileTooLargeException extends IOException {
        private static final long serialVersionUID = 1L;

        public FileTooLargeException(String message) {
            super(message);
        }
    }
}

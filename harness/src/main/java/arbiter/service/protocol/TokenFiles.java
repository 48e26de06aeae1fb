package arbiter.service.protocol;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/** Token files: one token on one line, in a file only its owner may read. */
public final class TokenFiles {
    /** A token file's largest size: a token is 47 characters. */
    private static final int MAX_SIZE = 4096;

    private TokenFiles() {
    }

    /**
     * Reads a token file (its one line).
     *
     * @throws IllegalArgumentException saying what is wrong with it
     */
    public static String read(Path file) {
        try {
            if (Files.size(file) > MAX_SIZE) {
                throw new IllegalArgumentException(file + " is too large to be a token file");
            }
            String t = Files.readString(file, StandardCharsets.UTF_8).strip();
            if (t.isEmpty() || t.contains("\n") || t.length() > 200) {
                throw new IllegalArgumentException(file + " does not hold a token (one line)");
            }
            return t;
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the token file " + file + ": "
                    + (e instanceof java.nio.file.NoSuchFileException ? "no such file" : e.getMessage()));
        }
    }

    /**
     * Writes a token to a new file that only its owner may read: created so (never through a link,
     * never over a file that exists).
     *
     * @throws IllegalArgumentException when it cannot
     */
    public static Path write(Path file, String token) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            try (SeekableByteChannel ch = Files.newByteChannel(file, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))) {
                ch.write(ByteBuffer.wrap((token + "\n").getBytes(StandardCharsets.UTF_8)));
            }
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                throw new IllegalArgumentException(file + " is not a plain file");
            }
            return file;
        } catch (FileAlreadyExistsException e) {
            throw new IllegalArgumentException(file + " exists already: a token is written only to a new file (move it away)");
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot write " + file + ": " + e.getMessage());
        }
    }
}

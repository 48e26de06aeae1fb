package arbiter.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The one way Arbiter opens, creates or replaces a file it writes in a results folder (games, state,
 * reports, log, lock, engine record, cluster secret, a worker's files): never through a symbolic
 * link. A folder handed over by someone else may hold links where Arbiter's files belong, pointing
 * anywhere the user may write; each is refused with one error naming it ({@link LinkRefusedException}),
 * and its target is neither written nor created. Files are opened with {@code O_NOFOLLOW}, so the
 * check and the open are one step; a replacement is written to a temporary created new (never
 * opened if anything is in its place) and renamed over the file, so a reader sees the old content or
 * the new, and a failed write (a full disk) leaves no temporary behind and names the file.
 */
public final class OwnFiles {
    private OwnFiles() {
    }

    /**
     * Opens {@code file} with {@code options}, never following a symbolic link.
     *
     * @throws LinkRefusedException when {@code file} is a symbolic link
     */
    public static FileChannel open(Path file, OpenOption... options) throws IOException {
        return open(file, List.of(options));
    }

    private static FileChannel open(Path file, List<OpenOption> options, FileAttribute<?>... attributes) throws IOException {
        Set<OpenOption> set = new HashSet<>(options);
        set.add(LinkOption.NOFOLLOW_LINKS);
        try {
            return FileChannel.open(file, set, attributes);
        } catch (IOException e) {
            // O_NOFOLLOW on a link fails with ELOOP, O_EXCL on one with EEXIST: say which file and why
            refuseLink(file);
            throw e;
        }
    }

    /** Appends {@code bytes} to {@code file} (created if missing), never through a symbolic link. */
    public static void append(Path file, byte[] bytes) throws IOException {
        try (FileChannel ch = open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            writeFully(ch, bytes);
        }
    }

    /** Creates {@code file}, which must not exist, with {@code bytes} and {@code attributes} (e.g. its permissions). */
    public static void createNew(Path file, byte[] bytes, FileAttribute<?>... attributes) throws IOException {
        try (FileChannel ch = open(file, List.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), attributes)) {
            writeFully(ch, bytes);
            ch.force(true);
        }
    }

    /** As {@link #replace(Path, byte[])}, with UTF-8 text. */
    public static void replace(Path file, String text) throws IOException {
        replace(file, text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Replaces {@code file} (or creates it) with {@code bytes} atomically: readers see the old content
     * or the new, never a mix. A symbolic link at the file or at its temporary is refused; a
     * temporary left by an interrupted write is removed first.
     *
     * @throws FileSystemException naming {@code file} when it cannot be written (a full disk); no temporary is left
     */
    public static void replace(Path file, byte[] bytes) throws IOException {
        refuseLink(file);
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        refuseLink(tmp);
        Files.deleteIfExists(tmp);
        try {
            try (FileChannel ch = open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                writeFully(ch, bytes);
                ch.force(true);
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (LinkRefusedException e) {
            throw e;
        } catch (IOException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // the first failure is the one to report
            }
            throw cannotWrite(file, e);
        }
    }

    /** Throws a {@link LinkRefusedException} when {@code file} is a symbolic link. */
    public static void refuseLink(Path file) throws LinkRefusedException {
        if (Files.isSymbolicLink(file)) {
            throw new LinkRefusedException(file);
        }
    }

    /**
     * A failure to write {@code file} as one message naming it and the system's reason (a full disk's
     * "No space left on device"), whatever the exception named.
     */
    public static FileSystemException cannotWrite(Path file, IOException e) {
        if (e instanceof LinkRefusedException refused) {
            return refused;
        }
        String reason = e instanceof FileSystemException fs && fs.getReason() != null ? fs.getReason() : e.getMessage();
        return new FileSystemException(file.toString(), null, "cannot write: " + reason);
    }

    private static void writeFully(FileChannel ch, byte[] bytes) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
            ch.write(buffer);
        }
    }

    /** A symbolic link where Arbiter writes a file: refused, whatever it points to. */
    public static final class LinkRefusedException extends FileSystemException {
        private static final long serialVersionUID = 1L;

        public LinkRefusedException(Path file) {
            super(file.toString(), null, "is a symbolic link: Arbiter never writes through one (a results folder "
                    + "from elsewhere may hold links to any file); remove it, or choose another output");
        }
    }
}

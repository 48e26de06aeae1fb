package arbiter.pdn;

import arbiter.io.OwnFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The run's {@code games.pdn}: append-only, one whole game per write. A written game is in the
 * operating system's hands at once (a killed process loses nothing it wrote); it is forced to the
 * disk (fsync) in groups — when {@link #MAX_BATCH} games are pending, or the oldest pending game has
 * waited {@link #MAX_DELAY_MS}, or at {@link #syncIfDue}, {@link #sync} and close — so a power cut
 * loses at most that much, which a resume plays again. On opening, a torn last game (the process was
 * killed mid-write) is cut off, so the file always holds whole games only.
 */
public final class GameLog implements AutoCloseable {
    /** Games written but not yet forced to disk, at most. */
    public static final int MAX_BATCH = 256;
    /** How long a written game may wait for its fsync. */
    public static final long MAX_DELAY_MS = 50;

    private final Path file;
    private final FileChannel channel;
    private int pending;
    private long firstPendingNanos;
    private long forces;

    private GameLog(Path file, FileChannel channel) {
        this.file = file;
        this.channel = channel;
    }

    /**
     * Opens (creating if needed) a file that others may write too ({@code match -pgnout}, shared by
     * several runs as fastchess shares it) to append games to: nothing in it is cut or rewritten, and a
     * symbolic link in its place is refused.
     */
    public static GameLog openAppending(Path file) throws IOException {
        return new GameLog(file, OwnFiles.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND));
    }

    /**
     * Opens (creating if needed) the log, first cutting off an incomplete final game. A last game
     * that lost its closing blank line (or its line end) gets it back, so the next game starts after
     * a blank line. The file is read from its end, never whole: a log of any size opens at once.
     */
    public static GameLog open(Path file, Consumer<String> warnings) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        FileChannel ch = OwnFiles.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        try {
            long size = ch.size();
            LogTail tail = new LogTail(ch::read, size);
            long keep = tail.completeLength();
            if (keep < size) {
                warnings.accept(file + ": cut an incomplete last game (" + (size - keep) + " bytes) left by an interrupted run");
                ch.truncate(keep);
            }
            byte[] ending = tail.missingEnding(keep);
            ch.position(keep); // games are appended from here: this log's only writer holds the folder's lock
            ByteBuffer buffer = ByteBuffer.wrap(ending);
            while (buffer.hasRemaining()) {
                ch.write(buffer);
            }
            if (keep < size || ending.length > 0) {
                ch.force(true);
            }
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
        return new GameLog(file, ch);
    }

    /**
     * Length in bytes of the longest prefix made of whole games (see {@link #completeLength(byte[])}),
     * read from the file's end: the file is never read whole.
     */
    public static long completeLength(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            return new LogTail(ch::read, ch.size()).completeLength();
        }
    }

    /** As {@link #completeLength(byte[])}, on the text's UTF-8 bytes. */
    public static long completeLength(String text) {
        return completeLength(text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Length in bytes of the longest prefix made of whole games, as {@link PdnReader} reads them: a
     * game is whole once the line that holds its result token is (LF, CR LF or CR ending it, or the
     * end of the file), and the blank lines after it are kept; a torn game after the last such line
     * is not. Newlines and result tokens are ASCII, and no byte of a multi-byte UTF-8 character is one
     * of them, so the search needs no decoding.
     */
    public static long completeLength(byte[] bytes) {
        try {
            return new LogTail((dst, position) -> {
                int n = (int) Math.min(dst.remaining(), bytes.length - position);
                dst.put(bytes, (int) position, n);
                return n;
            }, bytes.length).completeLength();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e); // an array does not fail
        }
    }

    /**
     * Appends one whole game; it is forced to disk with the next group (see the class comment). A
     * failure (a full disk) names the file.
     */
    public void append(String game) throws IOException {
        append(game.getBytes(StandardCharsets.UTF_8));
    }

    /** As {@link #append(String)}, with the game already encoded in UTF-8. */
    public synchronized void append(byte[] game) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(game);
        try {
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
        } catch (IOException e) {
            throw failure(e);
        }
        if (pending++ == 0) {
            firstPendingNanos = System.nanoTime();
        }
        syncIfDue();
    }

    /** Forces pending games to disk when the group is full or its oldest game has waited long enough. */
    public synchronized void syncIfDue() throws IOException {
        if (pending >= MAX_BATCH || (pending > 0 && System.nanoTime() - firstPendingNanos >= MAX_DELAY_MS * 1_000_000L)) {
            sync();
        }
    }

    /** Milliseconds until pending games are due for their fsync, or -1 when none is pending. */
    public synchronized long millisUntilSync() {
        if (pending == 0) {
            return -1;
        }
        return Math.max(0, MAX_DELAY_MS - (System.nanoTime() - firstPendingNanos) / 1_000_000L);
    }

    /** Forces every written game to disk now. */
    public synchronized void sync() throws IOException {
        if (pending == 0) {
            return;
        }
        try {
            channel.force(false);
        } catch (IOException e) {
            throw failure(e);
        }
        pending = 0;
        forces++;
    }

    /** How many times games were forced to disk (for tests and benchmarks). */
    public synchronized long forces() {
        return forces;
    }

    private java.nio.file.FileSystemException failure(IOException e) {
        return new java.nio.file.FileSystemException(file.toString(), null,
                "cannot append a game: " + e.getMessage() + "; free space and run the same command again to resume");
    }

    /** The games already in the log (read back with {@link PdnReader}). */
    public static List<GameRecord> read(Path file, Consumer<String> warnings) throws IOException {
        if (!Files.exists(file)) {
            return List.of();
        }
        List<GameRecord> games = new ArrayList<>();
        try (PdnReader reader = PdnReader.open(file, w -> warnings.accept(w.toString()))) {
            while (reader.hasNext()) {
                games.add(reader.next());
            }
        }
        return games;
    }

    public Path file() {
        return file;
    }

    @Override
    public synchronized void close() throws IOException {
        try {
            sync();
        } finally {
            channel.close();
        }
    }
}

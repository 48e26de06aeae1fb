package arbiter.pdn;

import arbiter.play.GameResult;
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
     * several runs as fastchess shares it) to append games to: nothing in it is cut or rewritten.
     */
    public static GameLog openAppending(Path file) throws IOException {
        return new GameLog(file, FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND));
    }

    /** Opens (creating if needed) the log, first cutting off an incomplete final game. */
    public static GameLog open(Path file, Consumer<String> warnings) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        if (Files.exists(file)) {
            // Bytes, not text: a kill can tear a multi-byte character, which no decoder accepts.
            long keep = completeLength(Files.readAllBytes(file));
            long size = Files.size(file);
            if (keep < size) {
                warnings.accept(file + ": cut an incomplete last game (" + (size - keep) + " bytes) left by an interrupted run");
                try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                    ch.truncate(keep);
                    ch.force(true);
                }
            }
        }
        return openAppending(file);
    }

    /**
     * Length in bytes of the longest prefix made of whole games: every game we write ends with its
     * result token on a line, then an empty line.
     */
    public static long completeLength(String text) {
        return completeLength(text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * As {@link #completeLength(String)}, on the file's bytes. Newlines and result tokens are ASCII,
     * and no byte of a multi-byte UTF-8 character is a newline, so the search needs no decoding.
     */
    public static long completeLength(byte[] bytes) {
        int end = lastBlankLine(bytes, bytes.length - 2);
        while (end >= 0) {
            int lineStart = end;
            while (lineStart > 0 && bytes[lineStart - 1] != '\n') {
                lineStart--;
            }
            String lastLine = new String(bytes, lineStart, end - lineStart, StandardCharsets.UTF_8);
            if (!lastLine.startsWith("[") && endsWithResult(lastLine)) {
                return end + 2;
            }
            end = end == 0 ? -1 : lastBlankLine(bytes, end - 1);
        }
        return 0;
    }

    /** Index of the last "\n\n" starting at or before {@code from}, or -1. */
    private static int lastBlankLine(byte[] bytes, int from) {
        for (int i = Math.min(from, bytes.length - 2); i >= 0; i--) {
            if (bytes[i] == '\n' && bytes[i + 1] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private static boolean endsWithResult(String line) {
        String trimmed = line.strip();
        int space = trimmed.lastIndexOf(' ');
        String token = space < 0 ? trimmed : trimmed.substring(space + 1);
        return GameResult.isResultToken(token);
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

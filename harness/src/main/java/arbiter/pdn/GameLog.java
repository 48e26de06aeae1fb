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
 * The run's {@code games.pdn}: append-only, one whole game per write, flushed to disk (fsync) before
 * the game counts as finished. On opening, a torn last game (the process was killed mid-write) is cut
 * off, so the file always holds whole games only.
 */
public final class GameLog implements AutoCloseable {
    private final Path file;
    private final FileChannel channel;

    private GameLog(Path file, FileChannel channel) {
        this.file = file;
        this.channel = channel;
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
        FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        return new GameLog(file, ch);
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

    /** Appends one whole game and forces it to disk; a failure (a full disk) names the file. */
    public synchronized void append(String game) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(game.getBytes(StandardCharsets.UTF_8));
        try {
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            channel.force(false);
        } catch (IOException e) {
            throw new java.nio.file.FileSystemException(file.toString(), null,
                    "cannot append a game: " + e.getMessage() + "; free space and run the same command again to resume");
        }
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
    public void close() throws IOException {
        channel.close();
    }
}

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
            long keep = completeLength(Files.readString(file, StandardCharsets.UTF_8));
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
        int end = text.lastIndexOf("\n\n");
        while (end >= 0) {
            // The text before the blank line must end a game (a movetext line ending in a result token),
            // not a tag section (which also ends with a blank line before its moves).
            int lineStart = text.lastIndexOf('\n', end - 1) + 1;
            String lastLine = text.substring(lineStart, end);
            if (!lastLine.startsWith("[") && endsWithResult(lastLine)) {
                return text.substring(0, end + 2).getBytes(StandardCharsets.UTF_8).length;
            }
            end = end == 0 ? -1 : text.lastIndexOf("\n\n", end - 1);
        }
        return 0;
    }

    private static boolean endsWithResult(String line) {
        String trimmed = line.strip();
        int space = trimmed.lastIndexOf(' ');
        String token = space < 0 ? trimmed : trimmed.substring(space + 1);
        return GameResult.isResultToken(token);
    }

    /** Appends one whole game and forces it to disk. */
    public synchronized void append(String game) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(game.getBytes(StandardCharsets.UTF_8));
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
        channel.force(false);
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

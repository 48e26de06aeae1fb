package arbiter.game.chess;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Debian's stockfish as a perft oracle over UCI: {@code position fen ...} then {@code go perft N},
 * which prints {@code move: count} per root move and {@code Nodes searched: N}. Every answer is
 * waited for with a time limit, so a hung engine fails the test instead of blocking the build.
 */
final class StockfishOracle implements AutoCloseable {
    private static final long ANSWER_TIMEOUT_SECONDS = 60;

    /** Root move (UCI) to leaf count, and the total. */
    record Perft(Map<String, Long> divide, long nodes) {
    }

    private final Process process;
    private final Writer input;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    StockfishOracle() throws IOException {
        String binary = locate();
        if (binary == null) {
            throw new AssertionError("stockfish not found at /usr/games/stockfish or on PATH:"
                    + " install stockfish (apt-get install stockfish)");
        }
        process = new ProcessBuilder(binary).redirectErrorStream(true).start();
        input = new java.io.OutputStreamWriter(process.getOutputStream(), StandardCharsets.US_ASCII);
        Thread reader = new Thread(this::pump, "stockfish-reader");
        reader.setDaemon(true);
        reader.start();
        send("uci");
        awaitLine("uciok");
    }

    private static String locate() {
        File debian = new File("/usr/games/stockfish");
        if (debian.canExecute()) {
            return debian.getPath();
        }
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                File candidate = new File(dir, "stockfish");
                if (candidate.canExecute()) {
                    return candidate.getPath();
                }
            }
        }
        return null;
    }

    private void pump() {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.US_ASCII))) {
            for (String line; (line = r.readLine()) != null; ) {
                lines.add(line.trim());
            }
        } catch (IOException e) {
            // process ended; readers time out
        }
    }

    private void send(String command) throws IOException {
        input.write(command + "\n");
        input.flush();
    }

    private String nextLine() throws InterruptedException {
        String line = lines.poll(ANSWER_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        if (line == null) {
            fail("stockfish did not answer within " + ANSWER_TIMEOUT_SECONDS + " s");
        }
        return line;
    }

    private void awaitLine(String expected) throws IOException {
        try {
            while (!nextLine().equals(expected)) {
                // skip id and option lines
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    Perft perft(String fen, int depth) throws IOException {
        send("position fen " + fen);
        send("go perft " + depth);
        Map<String, Long> divide = new LinkedHashMap<>();
        try {
            while (true) {
                String line = nextLine();
                if (line.startsWith("Nodes searched:")) {
                    return new Perft(divide, Long.parseLong(line.substring("Nodes searched:".length()).trim()));
                }
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).matches("[a-h][1-8][a-h][1-8][nbrq]?")) {
                    divide.put(line.substring(0, colon), Long.parseLong(line.substring(colon + 1).trim()));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    @Override
    public void close() {
        try {
            send("quit");
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}

package arbiter.external;

import arbiter.player.EngineException;
import arbiter.game.NotationException;
import arbiter.player.EngineStalledException;
import java.io.IOException;
import java.io.InputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * GNU Backgammon as a move oracle through its {@code external} interface: gnubg runs in text mode
 * ({@code -t -q -r}, with its own empty HOME), the evaluation settings are typed on its command line,
 * then {@code external <socket>} makes it listen on a Unix socket; each FIBS {@code board:} line sent
 * there is answered by one line, gnubg's move ({@code 24/18 13/8}). The process is killed on
 * {@link #close}, or at JVM exit by {@link ProcessRegistry}.
 */
public final class GnubgEngine implements AutoCloseable {
    private static final Logger LOG = LogManager.getLogger(GnubgEngine.class);
    @SuppressWarnings("StringOperationCanBeSimplified")
    private static final String EOF = new String("<closed>");

    private final String name;
    private final List<String> command;
    private final Path workingDir;
    private final Map<String, String> env;
    private final GnubgSettings settings;
    private final long initTimeoutMs;
    private EngineProcess process;
    private Path home;
    private SocketChannel channel;
    private BlockingQueue<String> answers;
    private volatile String version;

    public GnubgEngine(String name, List<String> command, Path workingDir, Map<String, String> env,
                       GnubgSettings settings, long initTimeoutMs) {
        this.name = name;
        List<String> c = new ArrayList<>(command);
        for (String flag : List.of("-t", "-q", "-r")) {
            if (!c.contains(flag)) {
                c.add(flag);
            }
        }
        this.command = List.copyOf(c);
        this.workingDir = workingDir;
        this.env = Map.copyOf(env);
        this.settings = settings;
        this.initTimeoutMs = initTimeoutMs;
    }

    public EngineProcess process() {
        return process;
    }

    public boolean isRunning() {
        return process != null && process.isRunning() && channel != null && channel.isOpen();
    }

    /** Starts gnubg, sets the evaluation and connects to its external socket. */
    public void start() {
        kill();
        if (version == null) {
            version = askVersion(); // "GNU Backgammon 1.07.001 20230103", as its banner says
        }
        try {
            home = Files.createTempDirectory("arbiter-gnubg");
        } catch (IOException e) {
            throw new EngineException("engine " + name + ": cannot create a folder for gnubg: " + e.getMessage(), e);
        }
        Path socket = home.resolve("external.sock");
        Map<String, String> environment = new HashMap<>();
        environment.put("HOME", home.toString());
        environment.putAll(env);
        process = new EngineProcess(new EngineProcess.Spec(name, command, workingDir, environment, false));
        process.start();
        for (String c : settings.commands()) {
            process.send(c);
        }
        process.send("external " + socket);
        long end = System.nanoTime() + initTimeoutMs * 1_000_000L;
        IOException last = null;
        while (System.nanoTime() < end) {
            if (!process.isRunning()) {
                throw new EngineException("engine " + name + " (gnubg) exited while starting; see the log for its output");
            }
            if (Files.exists(socket)) {
                try {
                    SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
                    ch.connect(UnixDomainSocketAddress.of(socket));
                    channel = ch;
                    BlockingQueue<String> queue = new ArrayBlockingQueue<>(1000);
                    answers = queue;
                    InputStream in = Channels.newInputStream(ch);
                    EngineProcess.daemon("gnubg-" + name, () -> {
                        EngineProcess.readLines(in, queue::offer);
                        queue.offer(EOF);
                    });
                    LOG.info("engine {}: connected to gnubg's external interface at {}", name, socket);
                    return;
                } catch (IOException e) {
                    last = e;
                }
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        kill();
        throw new EngineStalledException(initTimeoutMs, "engine " + name + " (gnubg) did not open its external socket within "
                + initTimeoutMs + " ms" + (last == null ? "" : ": " + last.getMessage()));
    }

    /**
     * gnubg's name and version as {@code gnubg --version} (and its banner) gives them ("GNU Backgammon
     * 1.07.001 20230103"), or null when it printed none.
     */
    public String version() {
        return version;
    }

    /**
     * The first line of {@code gnubg --version} (the program of the command, its environment and
     * folder), asked once per engine; null when it prints none within 2 s.
     */
    private String askVersion() {
        try {
            ProcessBuilder pb = new ProcessBuilder(command.get(0), "--version").redirectErrorStream(true);
            pb.environment().putAll(env);
            if (workingDir != null) {
                pb.directory(workingDir.toFile());
            }
            Process v = pb.start();
            v.getOutputStream().close(); // a wrapper that ignores --version and reads commands ends at once
            if (!v.waitFor(2, java.util.concurrent.TimeUnit.SECONDS)) {
                v.destroyForcibly();
                return null;
            }
            String out = new String(v.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            String first = out.isEmpty() ? null : out.lines().findFirst().orElse("").strip();
            return first == null || !first.startsWith("GNU Backgammon") ? null : first;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /**
     * gnubg's move for the player on roll.
     *
     * @throws EngineStalledException when no answer came within {@code timeoutMs}
     * @throws NotationException      when the answer is not a move (gnubg's {@code Error: ...}, a cube decision)
     */
    public GnubgMove move(GnubgBoard board, long timeoutMs) {
        String fibs = board.fibs("arbiter", "opponent");
        LOG.debug("{} < {}", name, fibs);
        try {
            ByteBuffer b = ByteBuffer.wrap((fibs + "\n").getBytes(StandardCharsets.US_ASCII));
            while (b.hasRemaining()) {
                channel.write(b);
            }
        } catch (IOException | NullPointerException e) {
            throw new EngineException("engine " + name + " (gnubg) closed its external socket", e);
        }
        String answer;
        try {
            answer = answers.poll(timeoutMs, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineException("interrupted while waiting for engine " + name);
        }
        if (answer == null) {
            throw new EngineStalledException(timeoutMs, "engine " + name + " (gnubg) did not answer within " + timeoutMs + " ms");
        }
        if (answer == EOF) {
            throw new EngineException("engine " + name + " (gnubg) closed its external socket");
        }
        LOG.debug("{} > {}", name, answer);
        if (answer.startsWith("Error")) {
            throw new NotationException("gnubg answered '" + answer.strip() + "' to " + fibs);
        }
        return GnubgMove.parse(answer);
    }

    public void kill() {
        closeChannel();
        if (process != null) {
            process.kill();
        }
        deleteHome();
    }

    @Override
    public void close() {
        closeChannel();
        if (process != null) {
            process.shutdown(null, 300);
        }
        deleteHome();
    }

    private void closeChannel() {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                // already closed
            }
            channel = null;
        }
    }

    private void deleteHome() {
        if (home == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(home)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            LOG.debug("cannot delete {}: {}", home, e.toString());
        }
        home = null;
    }
}

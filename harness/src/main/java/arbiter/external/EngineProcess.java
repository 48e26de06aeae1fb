package arbiter.external;

import arbiter.player.EngineException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * One external engine process: started on demand, its standard output read line by line on a reader
 * thread (so every read has a timeout), its standard error copied to the log under the engine's
 * name, and killed with all its children on {@link #kill}, on {@link #shutdown} or when the JVM
 * exits (see {@link ProcessRegistry}). Not thread-safe except for {@link #kill}: one worker owns it.
 */
public final class EngineProcess implements AutoCloseable {
    private static final Logger LOG = LogManager.getLogger(EngineProcess.class);
    /** Engines' standard error, at INFO so it lands in the run's log (arbiter.log) but not on the console. */
    private static final Logger STDERR = LogManager.getLogger("arbiter.external.EngineStderr");
    /** Longer lines are cut: a garbage-spewing engine cannot exhaust memory. */
    static final int MAX_LINE = 64 * 1024;
    /**
     * Batches of lines waiting for the player, at most: a batch is at most one read of the pipe
     * (8 KiB), so an engine flooding its output is held to a few megabytes before it blocks.
     */
    private static final int QUEUE_BATCHES = 256;
    /** Marks the end of the engine's output in the line queue (compared by identity). */
    @SuppressWarnings("StringOperationCanBeSimplified")
    private static final String EOF = new String("<end of output>");

    /**
     * How to start an engine.
     *
     * @param name       the player's name, used in every message and log line
     * @param command    the program and its arguments
     * @param workingDir folder to run in, or null for Arbiter's own
     * @param env        variables added to the inherited environment
     * @param protocolOnStdout true when the protocol runs on standard input/output (UCI, Hub); false
     *                   when it runs elsewhere (DXP socket, gnubg socket) and standard output is logged
     */
    public record Spec(String name, List<String> command, Path workingDir, Map<String, String> env,
                       boolean protocolOnStdout) {
        public Spec {
            command = List.copyOf(command);
            env = Map.copyOf(env);
        }

        public Spec(String name, List<String> command, Path workingDir, Map<String, String> env) {
            this(name, command, workingDir, env, true);
        }
    }

    private final Spec spec;
    private volatile Process process;
    private OutputStream stdin;
    /** The engine's lines, in batches: all the complete lines of one read of its pipe go as one. */
    private ConcurrentLinkedQueue<String[]> lines;
    /** Batches in {@link #lines}: the reader waits while there are {@link #QUEUE_BATCHES}. */
    private AtomicInteger queued = new AtomicInteger();
    /** The thread waiting in {@link #readLine}, or null: the reader wakes it for an urgent line. */
    private volatile Thread waiter;
    /** Which lines wake a waiting reader at once (see {@link #wakeOnlyFor}). */
    private volatile Predicate<String> urgent = line -> true;
    /** The batch being handed out by {@link #readLine}, and the next line's index in it. */
    private String[] batch = new String[0];
    private int next;
    private AtomicBoolean abandoned = new AtomicBoolean();
    /** Set when {@link #shutdown} or {@link #kill} ends the engine's tree (the exit hook then leaves it to them). */
    private AtomicBoolean endingTree = new AtomicBoolean();
    private boolean ended;
    private int starts;

    public EngineProcess(Spec spec) {
        this.spec = spec;
    }

    public String name() {
        return spec.name();
    }

    /** How many times the process was started (1 + restarts). */
    public int starts() {
        return starts;
    }

    /** True while the process runs and its output is open. */
    public boolean isRunning() {
        Process p = process;
        return p != null && p.isAlive() && !ended;
    }

    /** The process id, or -1 when not running. */
    public long pid() {
        Process p = process;
        return p == null ? -1 : p.pid();
    }

    /** Starts the process (killing a previous one first). */
    public synchronized void start() {
        if (process != null) {
            kill();
        }
        // A cgroup and a group of its own, and a marker in its environment: the engine and everything it
        // starts can be found and ended together, even by a later run after this JVM was killed (see EngineTree).
        EngineTree.Launch launch = EngineTree.launch(spec.command());
        ProcessBuilder builder = new ProcessBuilder(launch.command());
        if (spec.workingDir() != null) {
            builder.directory(spec.workingDir().toFile());
        }
        builder.environment().putAll(spec.env());
        builder.environment().put(EngineTree.MARKER, launch.marker());
        Process p;
        try {
            p = builder.start();
        } catch (IOException e) {
            if (launch.cgroup() != null) {
                EngineCgroups.end(launch.cgroup());
            }
            throw new EngineException("engine " + name() + ": cannot start " + String.join(" ", spec.command()) + ": "
                    + e.getMessage(), e);
        }
        starts++;
        AtomicBoolean gone = new AtomicBoolean();
        ConcurrentLinkedQueue<String[]> queue = new ConcurrentLinkedQueue<>();
        AtomicInteger count = new AtomicInteger();
        abandoned = gone;
        lines = queue;
        queued = count;
        batch = new String[0];
        next = 0;
        stdin = p.getOutputStream();
        ended = false;
        process = p;
        ProcessRegistry.register(this);
        EngineTree engineTree = launch.started(p.pid());
        tree = engineTree;
        EngineLeftovers.started(engineTree, name());
        // However the engine ends (it exits by itself, crashes or is stopped), what it started ends
        // with it: its tree, SIGTERM then SIGKILL. Only then does its record leave engines.pids. When
        // shutdown or kill ended it, they end its tree themselves: the scan of /proc is not made twice.
        AtomicBoolean treeEnded = new AtomicBoolean();
        endingTree = treeEnded;
        p.onExit().thenRunAsync(() -> {
            if (!treeEnded.get()) {
                EngineLeftovers.afterExit(engineTree, GROUP_GRACE_MS);
            }
        }, EngineLeftovers.REAPER);
        if (spec.protocolOnStdout()) {
            daemon("engine-" + name() + "-out", () -> {
                List<String> read = new ArrayList<>();
                readLines(p.getInputStream(), read::add, () -> {
                    if (!read.isEmpty()) {
                        offer(queue, count, read.toArray(new String[read.size()]), gone); // one hand-off per read, not per line
                        read.clear();
                    }
                });
                offer(queue, count, new String[] {EOF}, gone);
            });
        } else {
            daemon("engine-" + name() + "-out", () -> readLines(p.getInputStream(),
                    line -> STDERR.info("{} (stdout): {}", name(), line)));
        }
        daemon("engine-" + name() + "-err", () -> readLines(p.getErrorStream(), line -> STDERR.info("{}: {}", name(), line)));
        LOG.info("engine {} started (pid {}, start #{}): {}", name(), p.pid(), starts, String.join(" ", spec.command()));
    }

    /** Sends one line (a newline is added). */
    public void send(String line) {
        send(line, null);
    }

    /**
     * Sends two lines in one write (newlines are added; {@code second} may be null): a move's
     * position and its search command cost the engine one wake-up, not two.
     */
    public void send(String line, String second) {
        Process p = process;
        if (p == null) {
            throw new EngineException("engine " + name() + " is not running");
        }
        LOG.debug("{} < {}", name(), line);
        try {
            stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            if (second != null) {
                LOG.debug("{} < {}", name(), second);
                stdin.write((second + "\n").getBytes(StandardCharsets.UTF_8));
            }
            stdin.flush();
        } catch (IOException e) {
            throw new EngineException("engine " + name() + " closed its input" + exitText(p), e);
        }
    }

    /**
     * The next line from the engine, waiting at most {@code timeoutMs}; null when none came in time.
     *
     * @throws EngineException when the engine's output has ended (it exited or closed it)
     */
    public String readLine(long timeoutMs) {
        if (ended || lines == null) {
            throw endedException();
        }
        if (next == batch.length) {
            String[] b = lines.poll();
            if (b == null) {
                b = awaitBatch(timeoutMs);
                if (b == null) {
                    return null;
                }
            }
            queued.decrementAndGet();
            batch = b;
            next = 0;
        }
        String line = batch[next++];
        if (line == EOF) {
            ended = true;
            throw endedException();
        }
        LOG.debug("{} > {}", name(), line);
        return line;
    }

    /**
     * Waits up to {@code timeoutMs} for a batch. The waiter is published before the queue is looked
     * at again, and the reader adds before it looks at the waiter: a batch is never missed.
     */
    private String[] awaitBatch(long timeoutMs) {
        long deadline = System.nanoTime() + Math.max(0, timeoutMs) * 1_000_000L;
        waiter = Thread.currentThread();
        try {
            String[] b;
            while ((b = lines.poll()) == null) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return null;
                }
                LockSupport.parkNanos(this, left);
                if (Thread.interrupted()) {
                    Thread.currentThread().interrupt();
                    throw new EngineException("interrupted while waiting for engine " + name());
                }
            }
            return b;
        } finally {
            waiter = null;
        }
    }

    /**
     * Lines that wake a waiting {@link #readLine} at once; others wait for its timeout, to be read
     * then with all that came meanwhile (null: every line wakes it, the default). A search sets
     * this to its answer so that an engine's progress lines, a dozen a move, do not each cost a
     * thread switch: they are folded in when the answer or the poll comes.
     */
    public void wakeOnlyFor(Predicate<String> lines) {
        urgent = lines == null ? line -> true : lines;
    }

    /** Discards lines already received (late output of an earlier search). */
    public void drain() {
        if (lines == null) {
            return;
        }
        while (true) {
            if (next == batch.length) {
                String[] b = lines.poll();
                if (b == null) {
                    return;
                }
                queued.decrementAndGet();
                batch = b;
                next = 0;
            }
            String line = batch[next++];
            if (line == EOF) {
                ended = true;
                return;
            }
            LOG.debug("{} > {} (discarded)", name(), line);
        }
    }

    private EngineException endedException() {
        Process p = process;
        if (p == null) {
            return new EngineException("engine " + name() + " is not running");
        }
        try {
            p.waitFor(200, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return new EngineException(p.isAlive() ? "engine " + name() + " closed its output"
                : "engine " + name() + " exited with code " + p.exitValue());
    }

    private static String exitText(Process p) {
        try {
            p.waitFor(200, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return p.isAlive() ? "" : " (exited with code " + p.exitValue() + ")";
    }

    /** Kills the process and every process it started, at once. */
    public synchronized void kill() {
        Process p = process;
        if (p == null) {
            return;
        }
        abandoned.set(true);
        endingTree.set(true);
        EngineTree engineTree = tree;
        List<ProcessHandle> children = p.descendants().toList();
        p.destroyForcibly();
        for (ProcessHandle child : children) {
            child.destroyForcibly();
        }
        EngineLeftovers.afterExit(engineTree, 0);
        awaitExit(p, 2000);
        for (ProcessHandle child : children) {
            child.onExit().completeOnTimeout(child, 1, TimeUnit.SECONDS).join();
        }
        closeQuietly();
        process = null;
        ended = true;
        ProcessRegistry.unregister(this);
        LOG.info("engine {} killed (pid {})", name(), p.pid());
    }

    /**
     * Ends the process gracefully: sends {@code quitLine} (if not null), closes its input and waits up
     * to {@code graceMs} for it to exit; then kills it and its children.
     */
    public synchronized void shutdown(String quitLine, long graceMs) {
        Process p = process;
        if (p == null) {
            return;
        }
        List<ProcessHandle> children = p.descendants().toList();
        endingTree.set(true);
        if (quitLine != null && p.isAlive()) {
            try {
                send(quitLine);
            } catch (EngineException e) {
                // already gone
            }
        }
        closeQuietly();
        awaitExit(p, graceMs);
        abandoned.set(true);
        if (p.isAlive()) {
            LOG.info("engine {} did not quit within {} ms; killing it", name(), graceMs);
        }
        p.destroyForcibly();
        for (ProcessHandle child : children) {
            if (child.isAlive()) {
                child.destroyForcibly();
            }
        }
        awaitExit(p, 2000);
        process = null;
        ended = true;
        ProcessRegistry.unregister(this);
        EngineLeftovers.afterExit(tree, GROUP_GRACE_MS);
    }

    @Override
    public void close() {
        shutdown(null, 500);
    }

    /** How long an engine's tree has between SIGTERM and SIGKILL once the engine itself ended. */
    static final long GROUP_GRACE_MS = 500;

    /** The process now running and what it started. */
    private volatile EngineTree tree;


    private void closeQuietly() {
        try {
            if (stdin != null) {
                stdin.close();
            }
        } catch (IOException e) {
            // the pipe is already broken
        }
    }

    private static void awaitExit(Process p, long ms) {
        try {
            p.waitFor(ms, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Hands a batch to the player; waits while {@link #QUEUE_BATCHES} are unread (an engine flooding its output). */
    private void offer(ConcurrentLinkedQueue<String[]> queue, AtomicInteger count, String[] batch, AtomicBoolean gone) {
        while (!gone.get() && count.get() >= QUEUE_BATCHES) {
            wakeWaiter(); // the player is behind: let it read, and wait (the engine blocks on its pipe meanwhile)
            LockSupport.parkNanos(1_000_000L);
        }
        queue.add(batch);
        count.incrementAndGet();
        Predicate<String> wake = urgent;
        for (String line : batch) {
            if (line == EOF || wake.test(line)) {
                wakeWaiter();
                return;
            }
        }
    }

    private void wakeWaiter() {
        Thread w = waiter;
        if (w != null) {
            LockSupport.unpark(w);
        }
    }

    static void daemon(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        t.start();
    }

    /**
     * Splits a byte stream into lines (LF or CRLF), decoding UTF-8 with replacement of bad bytes and
     * cutting lines longer than {@link #MAX_LINE}; returns at end of stream or on a read error.
     */
    /**
     * Splits the stream into lines (at most {@code MAX_LINE} bytes kept of each; a final line without
     * a newline counts). Lines are cut from the read buffer directly: no per-byte call or lock.
     */
    static void readLines(InputStream in, Consumer<String> sink) {
        readLines(in, sink, () -> { });
    }

    /** As {@link #readLines(InputStream, Consumer)}, calling {@code readDone} after the lines of each read. */
    static void readLines(InputStream in, Consumer<String> sink, Runnable readDone) {
        byte[] buffer = new byte[8192];
        byte[] partial = new byte[256];
        int kept = 0; // bytes of a line begun in an earlier read
        try (in) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                int start = 0;
                for (int i = 0; i < n; i++) {
                    if (buffer[i] != '\n') {
                        continue;
                    }
                    if (kept == 0) {
                        sink.accept(decode(buffer, start, Math.min(i - start, MAX_LINE)));
                    } else {
                        partial = append(partial, kept, buffer, start, i - start);
                        sink.accept(decode(partial, 0, Math.min(kept + i - start, MAX_LINE)));
                        kept = 0;
                    }
                    start = i + 1;
                }
                if (start < n && kept < MAX_LINE) {
                    int take = Math.min(n - start, MAX_LINE - kept);
                    partial = append(partial, kept, buffer, start, take);
                    kept += take;
                }
                readDone.run();
            }
        } catch (IOException e) {
            // the process ended or its pipe was closed
        }
        if (kept > 0) {
            sink.accept(decode(partial, 0, kept));
        }
        readDone.run();
    }

    /** {@code to[0..used)} followed by {@code from[off..off+len)}, growing {@code to} when needed (bounded by MAX_LINE). */
    private static byte[] append(byte[] to, int used, byte[] from, int off, int len) {
        len = Math.max(0, Math.min(len, MAX_LINE - used));
        if (used + len > to.length) {
            to = java.util.Arrays.copyOf(to, Math.max(used + len, 2 * to.length));
        }
        System.arraycopy(from, off, to, used, len);
        return to;
    }

    /** A line's text (UTF-8), without a trailing carriage return. */
    private static String decode(byte[] b, int off, int len) {
        if (len > 0 && b[off + len - 1] == '\r') {
            len--;
        }
        return new String(b, off, len, StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return "engine " + name() + " (pid " + pid() + ")";
    }
}

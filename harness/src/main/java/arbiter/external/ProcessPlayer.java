package arbiter.external;

import arbiter.play.Protocol;
import arbiter.game.Rules;
import arbiter.player.EngineException;
import arbiter.player.EngineStalledException;
import arbiter.player.Limits;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/** An external engine that is a local process speaking a line-based protocol on its standard input and output. */
public abstract class ProcessPlayer extends ExternalPlayer {
    private static final Logger LOG = LogManager.getLogger(ProcessPlayer.class);
    /** After the stop command, how long the engine has to answer before it is given up as hung. */
    static final long STOP_GRACE_MS = 500;
    /** How long a quitting engine has to exit before it is killed. */
    static final long QUIT_GRACE_MS = 500;
    /** How often a timed search checks the referee's stop flag while the engine is silent. */
    private static final long POLL_MS = 5;
    /**
     * The same for a search without a clock (depth or nodes): its stop flag turns only when the run
     * stops, so a slower check saves a wake-up per move and still stops a run at once to the eye.
     */
    private static final long UNTIMED_POLL_MS = 50;

    protected final EngineProcess process;
    /** The name the engine gave itself in its handshake, or null. */
    protected String engineName;

    protected ProcessPlayer(String name, ExternalEngine engine, Map<String, Object> options, Rules rules) {
        super(name, engine, options, rules);
        this.process = new EngineProcess(new EngineProcess.Spec(name, engine.command(), engine.workingDir(),
                engine.env()));
    }

    /** The protocol's quit command. */
    protected abstract String quitCommand();

    /** The protocol's id, e.g. uci. */
    protected abstract Protocol protocol();

    @Override
    public String engineId() {
        return protocol().id() + ":" + (engineName != null ? engineName
                : Path.of(engine.command().get(0)).getFileName().toString());
    }

    @Override
    public String ownName() {
        return engineName == null || engineName.isBlank() ? null : engineName;
    }

    /** The engine process (for tests: its pid and number of starts). */
    public EngineProcess process() {
        return process;
    }

    @Override
    protected boolean alive() {
        return process.isRunning();
    }

    @Override
    protected void kill() {
        process.kill();
    }

    @Override
    protected void quit() {
        process.shutdown(process.isRunning() ? quitCommand() : null, QUIT_GRACE_MS);
    }

    /**
     * The most an engine may write while Arbiter waits for one answer (a handshake's {@code uciok},
     * {@code wait} or {@code feature done=1}, a {@code readyok} or {@code pong}): 1 MiB, hundreds of
     * times a real engine's whole handshake (stockfish's {@code uci} answer is 2 KB). What it writes
     * meanwhile is kept (options, features), so an engine writing on without end would fill the heap.
     */
    static final long MAX_AWAITED_OUTPUT = 1 << 20;

    /**
     * Reads lines until one satisfies {@code wanted} (returned); the others go to {@code others}. What
     * arrived is read before the time is checked, so an answer that came while this JVM could not run
     * (stopped, paused) is taken, not timed out.
     *
     * @throws EngineStalledException when nothing wanted came within {@code timeoutMs}
     * @throws EngineException when the engine wrote more than {@link #MAX_AWAITED_OUTPUT} first
     */
    protected String await(Predicate<String> wanted, Consumer<String> others, long timeoutMs, String what) {
        long end = System.nanoTime() + timeoutMs * 1_000_000L;
        long written = 0;
        while (true) {
            String line = process.readLine(Math.max(0, (end - System.nanoTime()) / 1_000_000L));
            if (line == null) {
                if (System.nanoTime() - end >= 0) {
                    throw new EngineStalledException(timeoutMs, "engine " + name + " did not answer " + what
                            + " within " + timeoutMs + " ms");
                }
                continue;
            }
            if (wanted.test(line)) {
                return line;
            }
            written = countAwaited(written, line, what);
            others.accept(line);
        }
    }

    /**
     * Adds a line to what the engine wrote while awaiting {@code what}.
     *
     * @throws EngineException once it is more than {@link #MAX_AWAITED_OUTPUT} characters
     */
    protected long countAwaited(long written, String line, String what) {
        long now = written + line.length() + 1;
        if (now > MAX_AWAITED_OUTPUT) {
            throw new EngineException("engine " + name + " wrote more than "
                    + (MAX_AWAITED_OUTPUT >> 20) + " MiB without answering " + what
                    + " (Arbiter's bound on what an engine writes before an answer it waits for)");
        }
        return now;
    }

    /**
     * Reads a search's output until the answer line. When the referee's {@code stop} turns true (the
     * engine is past its time and margin, or the run is stopping), or after the hang timeout when the
     * limits give no time, the stop command is sent; an engine that still has not answered
     * {@link #STOP_GRACE_MS} later is given up as hung.
     */
    protected String awaitAnswer(Predicate<String> isAnswer, Consumer<String> onLine, Limits limits,
                                 BooleanSupplier stop, String stopCommand) {
        long start = System.nanoTime();
        boolean timed = limits.moveTimeMs() > 0 || limits.hasClock();
        long hangAt = timed ? Long.MAX_VALUE : start + engine.hangTimeoutMs() * 1_000_000L;
        boolean stopSent = false;
        long stopSentAt = 0;
        long poll = timed ? POLL_MS : UNTIMED_POLL_MS;
        while (true) {
            String line = process.readLine(stopSent ? POLL_MS : poll);
            if (line != null) {
                if (isAnswer.test(line)) {
                    return line;
                }
                onLine.accept(line);
            }
            long now = System.nanoTime();
            if (!stopSent) {
                boolean hung = now > hangAt;
                if (hung || stop.getAsBoolean()) {
                    LOG.info("engine {}: sending '{}' after {} ms ({})", name, stopCommand, (now - start) / 1_000_000,
                            hung ? "hang timeout " + engine.hangTimeoutMs() + " ms" : "time is up or the run stops");
                    process.send(stopCommand);
                    stopSent = true;
                    stopSentAt = now;
                }
            } else if (now - stopSentAt > STOP_GRACE_MS * 1_000_000L) {
                long waited = (now - start) / 1_000_000L;
                throw new EngineStalledException(waited, "engine " + name + " did not answer within " + waited
                        + " ms, not even " + STOP_GRACE_MS + " ms after '" + stopCommand + "'");
            }
        }
    }

    /** Names an engine declared, for a message: the first {@value #LISTED}, then how many more. */
    protected static String listed(java.util.Collection<String> names) {
        String shown = String.join(", ", names.stream().limit(LISTED).toList());
        return names.size() > LISTED ? shown + " and " + (names.size() - LISTED) + " more" : shown;
    }

    private static final int LISTED = 40;

    /** The option's value as protocol text. */
    protected static String text(Object value) {
        if (value instanceof Double d && d == Math.rint(d) && !Double.isInfinite(d)) {
            return Long.toString(d.longValue());
        }
        return String.valueOf(value);
    }

    /** Whether the line's first word is {@code word} (as {@code firstToken(line).equals(word)}, without copying). */
    static boolean startsWithWord(String line, String word) {
        int i = 0;
        int n = line.length();
        while (i < n && space(line.charAt(i))) {
            i++;
        }
        int end = i + word.length();
        return line.startsWith(word, i) && (end == n || space(line.charAt(end)));
    }

    /** {@link Character#isWhitespace}, with the ASCII cases decided without a table lookup. */
    static boolean space(char c) {
        return c <= ' ' ? c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1C && c <= 0x1F)
                : c >= 0x80 && Character.isWhitespace(c);
    }

    static String firstToken(String line) {
        String s = line.strip();
        int space = s.indexOf(' ');
        return space < 0 ? s : s.substring(0, space);
    }
}

package arbiter.external;

import arbiter.player.EngineResignedException;
import arbiter.game.GameHistory;
import arbiter.game.Rules;
import arbiter.player.Limits;
import arbiter.player.Player;
import arbiter.player.SearchResult;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * A player backed by an external engine. The engine is started lazily (at the first game), kept for
 * the following games, and after any failure (crash, hang, garbage, illegal move, closed pipe) it is
 * stopped at once and started afresh for the next game. Each worker owns its own instance, hence its
 * own engine process.
 */
public abstract class ExternalPlayer implements Player {
    private static final Logger LOG = LogManager.getLogger(ExternalPlayer.class);

    protected final String name;
    protected final ExternalEngine engine;
    protected final Map<String, Object> options;
    protected final Rules rules;
    private boolean ready;
    private int failures;
    private SearchObserver observer;

    /** @throws EngineException when an option cannot be written to the engine ({@link ProtocolRules#unsafeOption}) */
    protected ExternalPlayer(String name, ExternalEngine engine, Map<String, Object> options, Rules rules) {
        String unsafe = ProtocolRules.unsafeOption(options);
        if (unsafe != null) {
            throw new arbiter.player.EngineException("engine " + name + ": " + unsafe);
        }
        this.name = name;
        this.engine = engine;
        this.options = Map.copyOf(options);
        this.rules = rules;
    }

    /** The player's name in the config (used in messages and logs). */
    public String name() {
        return name;
    }

    /**
     * The name the engine gave itself, with its version when it gives one: UCI {@code id name}, xboard
     * {@code feature myname}, Hub {@code id name= version=} (Hub-1 {@code name}), gnubg --version, the
     * DXP peer's name (known after its first game); null when it gave none or has not started.
     */
    public String ownName() {
        return null;
    }

    /**
     * The options the engine declared in its handshake, each with the value it plays with: the config's,
     * else the engine's default (UCI {@code option name Hash type spin default 16}); by the engine's own
     * spelling, in its order. Empty for a protocol without declared options, or before the handshake.
     */
    public Map<String, String> optionValues() {
        return Map.of();
    }

    /** How many times this player's engine failed (and was stopped). */
    public int failures() {
        return failures;
    }

    /** Reports each search to {@code o} (null: to nobody); protocols that time their searches call it. */
    public void observeSearches(SearchObserver o) {
        this.observer = o;
    }

    /** Tells the observer, if any, about a search (see {@link SearchObserver#searched}). */
    protected final void searched(GameHistory game, long goNanos, long answerNanos, long reportedMs) {
        if (observer != null) {
            observer.searched(game, goNanos, answerNanos, reportedMs);
        }
    }

    /** True while the engine (process or connection) is usable. */
    protected abstract boolean alive();

    /** Starts the engine and completes the protocol's handshake, sending the options. */
    protected abstract void startAndHandshake();

    /** Tells the engine a new game begins and waits until it is ready. */
    protected abstract void beginGame(long gameSeed);

    /** Asks the engine for its move in the game's current position. */
    protected abstract SearchResult search(GameHistory game, Limits limits, BooleanSupplier stop);

    /** Stops the engine at once (after a failure). */
    protected abstract void kill();

    /** Stops the engine politely (quit command, then kill after a grace period). */
    protected abstract void quit();

    /** Starts the engine and completes its handshake, if not done yet (also used as a pre-flight check). */
    public final void ensureReady() {
        if (ready && alive()) {
            return;
        }
        if (ready) {
            LOG.warn("engine {} is gone; starting it again", name);
        }
        ready = false;
        try {
            startAndHandshake();
            ready = true;
        } catch (RuntimeException e) {
            fault(e);
            throw e;
        }
    }

    @Override
    public final void newGame(long gameSeed) {
        ensureReady();
        try {
            beginGame(gameSeed);
        } catch (RuntimeException e) {
            fault(e);
            throw e;
        }
    }

    @Override
    public final SearchResult chooseMove(GameHistory game, Limits limits, BooleanSupplier stop) {
        ensureReady();
        try {
            return search(game, limits, stop);
        } catch (EngineResignedException e) {
            throw e;
        } catch (RuntimeException e) {
            fault(e);
            throw e;
        }
    }

    private void fault(RuntimeException e) {
        ready = false;
        if (ProcessRegistry.shutdownBegun()) {
            // Ctrl-C or SIGTERM: the engine was cut off by the run's own end, not at fault.
            LOG.info("engine {} stopped: this process is shutting down ({})", name, e.getMessage());
        } else {
            failures++;
            LOG.warn("engine {} failed: {}; it is stopped and will be started again for its next game", name, e.getMessage());
        }
        try {
            kill();
        } catch (RuntimeException k) {
            LOG.warn("engine {}: stopping it failed: {}", name, k.toString());
        }
    }

    @Override
    public void close() {
        ready = false;
        quit();
    }
}

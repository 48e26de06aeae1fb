package arbiter.external;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Every engine process (and engine socket) alive in this JVM, so none outlives it. One shutdown hook
 * (installed with the first registration) marks the JVM as shutting down, gives the owners of engine
 * processes a moment to close them gracefully (the run's own hook stops the tournament, which closes
 * its players), then kills whatever is left, children included, and closes the connections, and ends
 * this JVM's engine cgroup ({@link EngineCgroups}) with anything still in it. A JVM killed with SIGKILL runs no hook:
 * the engines then see their standard input close, which makes protocol-abiding engines quit.
 */
public final class ProcessRegistry {
    private static final Logger LOG = LogManager.getLogger(ProcessRegistry.class);
    /** How long the hook waits for owners to close their engines before killing them. */
    static final long GRACE_MS = 2000;

    private static final Set<AutoCloseable> LIVE = ConcurrentHashMap.newKeySet();
    private static volatile boolean shuttingDown;
    private static boolean hookInstalled;

    private ProcessRegistry() {
    }

    /** True once the JVM has begun to shut down (Ctrl-C, SIGTERM, System.exit); a volatile read, for hot paths. */
    public static boolean shuttingDown() {
        return shuttingDown;
    }

    /**
     * As {@link #shuttingDown()}, also before this class's own hook has run (the JVM refuses new
     * shutdown hooks from the moment it begins); costs a lock, so not for hot paths.
     */
    public static boolean shutdownBegun() {
        if (shuttingDown) {
            return true;
        }
        Thread probe = new Thread(() -> { });
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException shutdownInProgress) {
            return true;
        }
    }

    static synchronized void register(AutoCloseable resource) {
        if (!hookInstalled) {
            Runtime.getRuntime().addShutdownHook(new Thread(ProcessRegistry::shutdown, "engine-reaper"));
            hookInstalled = true;
        }
        LIVE.add(resource);
    }

    static void unregister(AutoCloseable resource) {
        LIVE.remove(resource);
    }

    /** Number of engine processes and connections open now (for tests). */
    public static int liveCount() {
        return LIVE.size();
    }

    private static void shutdown() {
        shuttingDown = true;
        long end = System.nanoTime() + GRACE_MS * 1_000_000L;
        while (LIVE.stream().anyMatch(r -> r instanceof EngineProcess) && System.nanoTime() < end) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                break;
            }
        }
        for (AutoCloseable r : List.copyOf(LIVE)) {
            try {
                if (r instanceof EngineProcess p) {
                    p.kill();
                } else {
                    r.close();
                }
            } catch (Exception e) {
                LOG.warn("killing {} at exit: {}", r, e.toString());
            }
        }
        EngineCgroups.endRun(); // whatever the engines started that is still in this JVM's cgroup
    }
}

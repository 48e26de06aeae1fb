package arbiter.tournament;

import arbiter.execute.LocalExecutor;
import java.lang.management.ManagementFactory;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The coordinator thread's CPU over a run, logged at its end per game played (what
 * {@code bench/sprt-overhead.sh} reads), with the JIT's compilation time so far.
 */
final class CoordinatorCpu {
    private static final Logger LOG = LogManager.getLogger(CoordinatorCpu.class);
    private final long startMillis = LocalExecutor.threadCpuMillis();

    /** Logs the CPU since this was made, on the thread that made it. */
    void log(int played) {
        long ms = LocalExecutor.threadCpuMillis() - startMillis;
        LOG.info("coordinator: {} ms of CPU for {} games ({} us per game); JIT compilation so far {} ms", ms, played,
                played > 0 ? ms * 1000 / played : 0, ManagementFactory.getCompilationMXBean().getTotalCompilationTime());
    }
}

package arbiter.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/**
 * Runs a long job (a tournament, a tuning run) with its own log file, so that Ctrl-C or SIGTERM asks
 * it to stop and the JVM waits until it has: games in progress are abandoned, records stay whole, and
 * the job can be resumed.
 */
final class StopOnSignal {
    private StopOnSignal() {
    }

    /** Runs {@code job} with its log in {@code logFile}; a failure to write the log is told once on {@code err}. */
    static <T> T run(Path logFile, java.io.PrintWriter err, Runnable stop, Callable<T> job) throws Exception {
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            stop.run();
            try {
                finished.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "stop-on-signal");
        Runtime.getRuntime().addShutdownHook(hook);
        try (RunLog log = new RunLog(logFile, err)) {
            return job.call();
        } finally {
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // The hook is running (Ctrl-C) and waits for the job, which has now ended.
            }
        }
    }
}

package arbiter.cli;

import arbiter.cluster.ClusterExecutor;
import arbiter.dashboard.Dashboard;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Option;

/**
 * {@code --dashboard [HOST:PORT]} and {@code --[no-]keep-dashboard} of {@code run}, {@code match} and
 * {@code tune}. After the run the page, its report and its games are served on until Arbiter is
 * stopped (Ctrl-C) when a person started it at a terminal; a script's run (no terminal) ends as
 * cutechess-cli and fastchess runs do, when its games are played, unless told to keep the page.
 */
final class DashboardOption {
    @Option(names = "--dashboard", arity = "0..1", fallbackValue = Dashboard.DEFAULT_ADDRESS, paramLabel = "HOST:PORT",
            description = "Serve a live, read-only web page of the run (default address " + Dashboard.DEFAULT_ADDRESS
                    + "; loopback unless told otherwise).")
    String address;

    @Option(names = "--keep-dashboard", negatable = true, description = "After the run, keep serving the dashboard "
            + "(its report and games) until Arbiter is stopped with Ctrl-C. Default: yes at a terminal; no for a "
            + "script or a pipe, where the command ends with its run.")
    Boolean keep;

    /** Released when Arbiter is asked to stop (Ctrl-C, SIGTERM): a kept dashboard then closes. */
    private final java.util.concurrent.CountDownLatch stopped = new java.util.concurrent.CountDownLatch(1);

    /** The cluster the dashboard lists workers of, once it is started. */
    final AtomicReference<ClusterExecutor> cluster = new AtomicReference<>();

    /** Starts the dashboard when asked for, else null. */
    Dashboard start(PrintWriter out) {
        if (address == null) {
            if (Boolean.TRUE.equals(keep)) {
                throw new BadInputException("--keep-dashboard keeps the dashboard after the run: give --dashboard too");
            }
            return null;
        }
        Dashboard d;
        try {
            d = new Dashboard(address, () -> workers(cluster.get()));
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
        d.staysAfterRun(keeps());
        out.println("Dashboard on http://" + d.address() + "/");
        out.flush();
        return d;
    }

    /** The dashboard outlives the run: asked to, or by default when a person at a terminal started it. */
    boolean keeps() {
        return keep != null ? keep : Terminal.interactive();
    }

    /** Arbiter is asked to stop (from the signal handler): a dashboard kept after the run closes. */
    void stop() {
        stopped.countDown();
    }

    /** After the run: when the dashboard is kept, says so and serves it until {@link #stop()}. */
    void stayUntilStopped(Dashboard d, PrintWriter out) throws InterruptedException {
        if (d == null || !keeps()) {
            return;
        }
        out.println("The run has ended. The dashboard stays on http://" + d.address()
                + "/ (its report and games) until you stop Arbiter: press Ctrl-C.");
        out.flush();
        stopped.await();
    }

    private static List<Map<String, Object>> workers(ClusterExecutor c) {
        if (c == null) {
            return List.of();
        }
        return c.workers().stream().map(w -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", w.id());
            m.put("host", w.host());
            m.put("cores", w.cores());
            m.put("slots", w.slots());
            m.put("engines", w.engines());
            return m;
        }).toList();
    }
}

package arbiter.cli;

import arbiter.cluster.ClusterExecutor;
import arbiter.dashboard.Dashboard;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Option;

/** {@code --dashboard [HOST:PORT]} of {@code run} and {@code tune}. */
final class DashboardOption {
    @Option(names = "--dashboard", arity = "0..1", fallbackValue = Dashboard.DEFAULT_ADDRESS, paramLabel = "HOST:PORT",
            description = "Serve a live, read-only web page of the run (default address " + Dashboard.DEFAULT_ADDRESS
                    + "; loopback unless told otherwise).")
    String address;

    /** The cluster the dashboard lists workers of, once it is started. */
    final AtomicReference<ClusterExecutor> cluster = new AtomicReference<>();

    /** Starts the dashboard when asked for, else null. */
    Dashboard start(PrintWriter out) {
        if (address == null) {
            return null;
        }
        Dashboard d;
        try {
            d = new Dashboard(address, () -> workers(cluster.get()));
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
        out.println("Dashboard on http://" + d.address() + "/");
        out.flush();
        return d;
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

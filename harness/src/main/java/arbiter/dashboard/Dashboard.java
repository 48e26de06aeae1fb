package arbiter.dashboard;

import arbiter.play.GameTask;
import arbiter.play.PlayedMove;
import arbiter.tournament.RunListener;
import arbiter.tournament.Tournament;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.staticfiles.Location;
import io.javalin.http.sse.SseClient;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The live dashboard: a read-only web page of a run ({@code GET /}), its state as JSON
 * ({@code GET /api/state}) and the same state pushed as server-sent events ({@code GET /api/events}).
 * It is a subscriber of the run's events: the coordinator only records what happened
 * ({@link DashboardState}, a few field updates per event); ratings, the match block and the JSON
 * are computed on the dashboard's own thread at most once a second, and only when something changed.
 */
public final class Dashboard implements RunListener, AutoCloseable {
    private static final Logger LOG = LogManager.getLogger(Dashboard.class);
    public static final String DEFAULT_ADDRESS = "127.0.0.1:8080";
    private static final ObjectMapper JSON = new ObjectMapper();
    /** A live view needs no more; each refresh costs a rating fit and a page redraw in the browser. */
    private static final long REFRESH_MILLIS = 1000;

    private final DashboardState state = new DashboardState();
    private final Javalin server;
    private final List<SseClient> clients = new CopyOnWriteArrayList<>();
    private final ScheduledExecutorService refresher;
    private volatile String snapshot;
    private final String address;

    /**
     * Starts serving on {@code hostPort} ({@code 127.0.0.1:8080} by default; loopback unless told).
     *
     * @param workers the cluster's workers, or null outside cluster mode
     * @throws IllegalArgumentException for a malformed address or a port that cannot be bound
     */
    public Dashboard(String hostPort, Supplier<List<Map<String, Object>>> workers) {
        int colon = hostPort.lastIndexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("--dashboard '" + hostPort + "' is not HOST:PORT");
        }
        String host = hostPort.substring(0, colon);
        int port;
        try {
            port = Integer.parseInt(hostPort.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--dashboard '" + hostPort + "': the port is not a number");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("--dashboard '" + hostPort + "': the port must be 0..65535");
        }
        state.workers(workers);
        snapshot = text(state.json());
        server = Javalin.create(config -> {
            config.showJavalinBanner = false;
            config.staticFiles.add(files -> {
                files.hostedPath = "/";
                files.directory = "/dashboard";
                files.location = Location.CLASSPATH;
            });
        });
        server.get("/api/state", ctx -> ctx.contentType("application/json").result(snapshot));
        server.sse("/api/events", client -> {
            client.keepAlive();
            client.onClose(() -> clients.remove(client));
            clients.add(client);
            client.sendEvent("state", snapshot);
        });
        try {
            server.start(host, port);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("--dashboard: cannot serve on " + hostPort + ": "
                    + (e.getCause() != null ? e.getCause().getMessage() : e.getMessage()));
        }
        address = host + ":" + server.port();
        refresher = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "dashboard");
            t.setDaemon(true);
            return t;
        });
        refresher.scheduleWithFixedDelay(this::refresh, REFRESH_MILLIS, REFRESH_MILLIS, TimeUnit.MILLISECONDS);
        LOG.info("dashboard on http://{}/", address);
    }

    /** Where the page is served, e.g. {@code 127.0.0.1:8080} (the real port when 0 was asked for). */
    public String address() {
        return address;
    }

    /** The state as the page last received it (for tests and {@code /api/state}). */
    public String snapshot() {
        return snapshot;
    }

    /** Recomputes the state when something changed and pushes it to every open page. */
    private void refresh() {
        try {
            ObjectNode json = state.refresh();
            if (json == null) {
                return;
            }
            snapshot = text(json);
            for (SseClient c : clients) {
                try {
                    c.sendEvent("state", snapshot);
                } catch (RuntimeException e) {
                    clients.remove(c);
                }
            }
        } catch (RuntimeException e) {
            LOG.warn("dashboard refresh: {}", e.toString());
        }
    }

    private static String text(ObjectNode node) {
        try {
            return JSON.writeValueAsString(node);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A tuning run's parameters after an iteration (SPSA) or round (Texel). */
    public void tuneStep(int step, List<String> names, double[] values) {
        state.tuneStep(step, names, values);
    }

    @Override
    public void runStarted(RunStart start) {
        state.runStarted(start);
    }

    @Override
    public void gameStarted(GameTask task, String worker) {
        state.gameStarted(task, worker);
    }

    @Override
    public boolean wantsMoves() {
        return true;
    }

    /** A board a few times a second is a live view; every move of every game would cost the run. */
    @Override
    public long moveIntervalMillis() {
        return 250;
    }

    @Override
    public void moveMade(GameTask task, PlayedMove move, String position) {
        state.moveMade(task, move, position);
    }

    @Override
    public void gameFinished(GameEnd end) {
        state.gameFinished(end);
    }

    @Override
    public void runEnded(Tournament.Summary summary) {
        state.runEnded(summary);
        refresh();
    }

    @Override
    public void close() {
        refresher.shutdownNow();
        refresh();
        for (SseClient c : clients) {
            try {
                c.close();
            } catch (RuntimeException e) {
                // already gone
            }
        }
        server.stop();
    }

}

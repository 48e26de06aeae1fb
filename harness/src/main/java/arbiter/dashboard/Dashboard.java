package arbiter.dashboard;

import arbiter.play.GameTask;
import arbiter.play.PlayedMove;
import arbiter.tournament.RunListener;
import arbiter.tournament.Tournament;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import arbiter.config.RunConfig;
import arbiter.game.Games;
import arbiter.pdn.GameReplay;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.staticfiles.Location;
import io.javalin.http.sse.SseClient;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * ({@code GET /api/state}), the same state pushed as server-sent events ({@code GET /api/events}, with a
 * {@code ping} event every second while nothing changes, so a page notices a dead run), a finished game
 * replayed from the log ({@code GET /api/game/ID}) and the report once written ({@code GET /report}).
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
    private volatile RunConfig config;
    private volatile Map<String, String> rulesParameters;

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
        server.get("/api/events", this::events);
        server.get("/api/game/{id}", this::game);
        server.get("/report", this::report);
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

    /**
     * Whether the page is served on after the run ends (until Arbiter is stopped) or closes with it; the
     * page says which once the run has ended.
     */
    public void staysAfterRun(boolean stays) {
        state.staysAfterRun(stays);
    }

    /** Where the page is served, e.g. {@code 127.0.0.1:8080} (the real port when 0 was asked for). */
    public String address() {
        return address;
    }

    /** The state as the page last received it (for tests and {@code /api/state}). */
    public String snapshot() {
        return snapshot;
    }

    /** Server-sent events: the state at once, then each change. */
    private void events(Context ctx) {
        EventStreams.open(ctx, clients, true, client -> client.sendEvent("state", snapshot));
    }

    /** A finished game replayed from the run's games.pdn, as JSON (see {@link GameReplay}). */
    private void game(Context ctx) throws java.io.IOException {
        RunConfig c = config;
        int id;
        try {
            id = Integer.parseInt(ctx.pathParam("id"));
        } catch (NumberFormatException e) {
            ctx.status(400).result("error: game id '" + ctx.pathParam("id") + "' is not a number");
            return;
        }
        GameReplay game = c == null ? null : GameReplay.find(c.output().resolve("games.pdn"), id);
        if (game == null) {
            ctx.status(404).result("error: no game " + id + " in the run's games.pdn (yet)");
            return;
        }
        ctx.contentType("application/json").result(JSON.writeValueAsString(game));
    }

    /** The run's HTML report, once it is written. */
    private void report(Context ctx) throws java.io.IOException {
        RunConfig c = config;
        Path html = c == null ? null : c.output().resolve("report.html");
        if (html == null || !Files.isRegularFile(html)) {
            ctx.status(404).result("error: no report.html yet");
            return;
        }
        ctx.contentType("text/html; charset=utf-8").result(Files.readString(html));
    }

    /** Recomputes the state when something changed and pushes it to every open page; else a ping, so a page knows the run is alive. */
    private void refresh() {
        try {
            ObjectNode json = state.refresh();
            if (json == null) {
                send("ping", Long.toString(System.currentTimeMillis()));
                return;
            }
            decorate(json);
            snapshot = text(json);
            send("state", snapshot);
        } catch (RuntimeException e) {
            LOG.warn("dashboard refresh: {}", e.toString());
        }
    }

    private void send(String event, String data) {
        for (SseClient c : clients) {
            try {
                c.sendEvent(event, data);
            } catch (RuntimeException e) {
                clients.remove(c);
            }
        }
    }

    /** What the page needs besides the run's figures: the game's rule parameters (board size) and the report once written. */
    private void decorate(ObjectNode json) {
        RunConfig c = config;
        if (c == null) {
            return;
        }
        Map<String, String> params = rulesParameters;
        if (params != null) {
            ObjectNode r = json.putObject("rules");
            params.forEach(r::put);
        }
        Path html = c.output().resolve("report.html");
        if (json.path("ended").asBoolean() && Files.isRegularFile(html)) {
            json.put("report", html.toAbsolutePath().toString());
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
        config = start.config();
        try {
            rulesParameters = Games.rules(config.game().variant(), config.game().rules()).parameters();
        } catch (RuntimeException e) {
            rulesParameters = null;
        }
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
        state.moveMade(task, withRoll(move), position, 0);
    }

    @Override
    public void moveMade(GameTask task, PlayedMove move, String position, int ply) {
        state.moveMade(task, withRoll(move), position, ply);
    }

    /** A backgammon move with the roll it played, {@code 8/5,6/5 (3-1)}: the position after it awaits the next roll. */
    private static PlayedMove withRoll(PlayedMove move) {
        return move.dice() == null ? move : new PlayedMove(move.text() + " (" + move.dice() + ")", move.score(), move.depth(),
                move.timeMs(), move.dice());
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

package arbiter.service.api;

import arbiter.service.protocol.Wire;
import arbiter.service.schedule.Refused;
import arbiter.service.store.Store;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.http.HandlerType;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The service's HTTP API (the table in docs/service.md): each handler authenticates the caller (a
 * bearer token), checks who may call it, reads and bounds the body, and calls the {@link Service}; no
 * SQL and no scheduling rule is here. Whatever is refused gets a 4xx and one line of text saying why
 * (logged with the path, never with a token); a database that fails gets 503 (the caller retries).
 */
public final class ServiceServer implements AutoCloseable {
    private static final Logger LOG = LogManager.getLogger(ServiceServer.class);
    /** The largest body: a test whose openings are 4 MiB, or a report of a few hundred long games. */
    public static final int MAX_BODY = 8 << 20;
    /** The largest body of the requests that carry no games or openings. */
    static final int MAX_SMALL_BODY = 64 << 10;
    public static final String DEFAULT_ADDRESS = "127.0.0.1:7700";

    /**
     * Who may call an endpoint or page, as docs/service.md's tables say: anyone; an active user (some
     * only for their own tests or tokens, which the call checks); an approver (or admin); an admin;
     * a worker (a machine's worker token).
     */
    public enum Who { ANYONE, USER, APPROVER, ADMIN, WORKER }

    /** An endpoint or page: its method, its path as Javalin writes it ({@code /api/tests/{id}}) and who may call it. */
    public record Route(String method, String path, Who who) {
    }

    /** More routes on the same server (the web pages): installed before it starts serving. */
    public interface Extension {
        void install(ServiceServer server);

        /** Called when the server stops. */
        default void close() {
        }
    }

    private final Service service;
    private final Javalin app;
    private final String address;
    private final List<Route> routes = new ArrayList<>();
    private final List<Extension> extensions;

    /**
     * Serves on {@code host:port} (port 0: any free one).
     *
     * @throws IllegalArgumentException when the address is malformed or cannot be bound
     */
    public ServiceServer(Service service, String hostPort, List<Extension> extensions) {
        this.service = service;
        this.extensions = List.copyOf(extensions);
        int colon = hostPort.lastIndexOf(':');
        int port;
        try {
            port = colon <= 0 ? -1 : Integer.parseInt(hostPort.substring(colon + 1));
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("--listen '" + hostPort + "' is not HOST:PORT (PORT 0-65535)");
        }
        String host = hostPort.substring(0, colon);
        app = Javalin.create(config -> {
            config.showJavalinBanner = false;
            config.http.maxRequestSize = MAX_BODY;
        });
        serve();
        extensions.forEach(e -> e.install(this));
        try {
            app.start(host, port);
        } catch (RuntimeException e) {
            this.extensions.forEach(Extension::close);
            throw new IllegalArgumentException("--listen: cannot serve on " + hostPort + ": "
                    + (e.getCause() != null ? e.getCause().getMessage() : e.getMessage()));
        }
        address = host + ":" + app.port();
    }

    /** Where it serves, e.g. {@code 127.0.0.1:7700} (the real port when 0 was asked for). */
    public String address() {
        return address;
    }

    public Service service() {
        return service;
    }

    /** Every endpoint and page served, in the order they were added. */
    public List<Route> routes() {
        return List.copyOf(routes);
    }

    /** Serves a route and records it (the tables of docs/service.md are checked against these). */
    public void add(HandlerType method, String path, Who who, Handler handler) {
        routes.add(new Route(method.name(), path, who));
        app.addHttpHandler(method, path, handler);
    }

    private void api(HandlerType method, String path, Who who, Call call) {
        add(method, path, who, guard(who, call));
    }

    private void serve() {
        HandlerType get = HandlerType.GET;
        HandlerType post = HandlerType.POST;
        People people = service.people();
        api(get, "/api/version", Who.ANYONE, (ctx, c) -> json(ctx, new Version(Wire.PROTOCOL)));
        api(get, "/api/tests", Who.ANYONE, (ctx, c) -> json(ctx, service.list(limit(ctx))));
        api(get, "/api/tests/{id}", Who.ANYONE, (ctx, c) -> json(ctx, service.view(id(ctx))));
        api(get, "/api/tests/{id}/definition", Who.ANYONE, (ctx, c) ->
                ctx.contentType("application/json").result(service.definition(id(ctx))));
        api(get, "/api/tests/{id}/pdn", Who.ANYONE, this::pdn);
        api(get, "/api/tests/{id}/games/{game}", Who.ANYONE, (ctx, c) -> json(ctx, service.game(id(ctx), id(ctx, "game"))));
        api(get, "/api/tests/{id}/tasks", Who.ANYONE, (ctx, c) -> json(ctx, service.tasks(id(ctx))));
        api(get, "/api/tests/{id}/workers", Who.ANYONE, (ctx, c) -> json(ctx, service.workers(id(ctx))));
        api(get, "/api/tests/{id}/spsa", Who.ANYONE, (ctx, c) -> json(ctx, service.spsa(id(ctx))));
        api(get, "/api/tests/{id}/ratings", Who.ANYONE, (ctx, c) -> json(ctx, service.ratings(id(ctx))));
        api(post, "/api/tests/{id}/purge", Who.APPROVER, (ctx, c) ->
                json(ctx, service.purge(c, id(ctx), Wire.read(body(ctx, MAX_SMALL_BODY), Wire.Purge.class))));
        api(get, "/api/sprt", Who.ANYONE, (ctx, c) -> json(ctx, SprtForecasts.of(ctx::queryParam)));
        api(post, "/api/tests", Who.USER, (ctx, c) -> json(ctx.status(201), service.submit(c, body(ctx, MAX_BODY))));
        api(post, "/api/tests/{id}/stop", Who.USER, (ctx, c) -> {
            service.stop(c, id(ctx));
            ok(ctx);
        });
        api(post, "/api/tests/{id}/modify", Who.USER, (ctx, c) -> {
            Wire.Modify m = Wire.read(body(ctx, MAX_SMALL_BODY), Wire.Modify.class);
            service.modify(c, id(ctx), m.priority(), m.throughput());
            ok(ctx);
        });
        api(post, "/api/tests/{id}/approve", Who.APPROVER, (ctx, c) -> {
            service.approve(c, id(ctx));
            ok(ctx);
        });
        api(post, "/api/users", Who.ADMIN, (ctx, c) ->
                json(ctx.status(201), people.newUser(c, Wire.read(body(ctx, MAX_SMALL_BODY), Wire.NewUser.class))));
        api(post, "/api/users/{name}/enable", Who.APPROVER, (ctx, c) -> {
            people.state(c, ctx.pathParam("name"), true);
            ok(ctx);
        });
        api(post, "/api/users/{name}/block", Who.APPROVER, (ctx, c) -> {
            people.state(c, ctx.pathParam("name"), false);
            ok(ctx);
        });
        api(post, "/api/users/{name}/role", Who.ADMIN, (ctx, c) -> {
            people.role(c, ctx.pathParam("name"), Wire.read(body(ctx, MAX_SMALL_BODY), Wire.Role.class).role());
            ok(ctx);
        });
        api(post, "/api/password", Who.USER, (ctx, c) -> {
            Wire.Password p;
            try {
                p = Wire.read(body(ctx, MAX_SMALL_BODY), Wire.Password.class);
            } catch (Wire.BadMessageException e) { // the parser's message may quote the body: a password
                throw new Refused(Refused.Kind.BAD, "give {\"password\": \"...\"}");
            }
            people.password(c, p.password());
            ok(ctx);
        });
        api(post, "/api/tokens", Who.USER, (ctx, c) ->
                json(ctx.status(201), people.newToken(c, Wire.read(body(ctx, MAX_SMALL_BODY), Wire.NewToken.class))));
        api(HandlerType.DELETE, "/api/tokens/{id}", Who.USER, (ctx, c) -> {
            people.revoke(c, id(ctx));
            ok(ctx);
        });
        api(post, "/api/machines/{id}/block", Who.APPROVER, (ctx, c) -> {
            people.machine(c, id(ctx), true);
            ok(ctx);
        });
        api(post, "/api/machines/{id}/unblock", Who.APPROVER, (ctx, c) -> {
            people.machine(c, id(ctx), false);
            ok(ctx);
        });
        api(post, "/api/workers", Who.WORKER, (ctx, c) ->
                json(ctx.status(201), service.register(c, hello(body(ctx, MAX_SMALL_BODY)))));
        api(post, "/api/workers/{id}/task", Who.WORKER, (ctx, c) -> json(ctx, service.request(c, id(ctx))));
        api(post, "/api/workers/{id}/beat", Who.WORKER, (ctx, c) ->
                json(ctx, service.beat(c, id(ctx), Wire.read(body(ctx, MAX_SMALL_BODY), Wire.Beat.class))));
        api(post, "/api/tasks/{id}/report", Who.WORKER, (ctx, c) ->
                json(ctx, service.report(c, id(ctx), Wire.read(body(ctx, MAX_BODY), Wire.Report.class))));
        api(post, "/api/tasks/{id}/failure", Who.WORKER, (ctx, c) -> {
            service.fail(c, id(ctx), Wire.read(body(ctx, MAX_SMALL_BODY), Wire.Failure.class));
            ok(ctx);
        });
        app.error(404, ctx -> {
            if (ctx.result() == null || ctx.result().isEmpty() || ctx.result().startsWith("Endpoint")) {
                line(ctx, 404, "no endpoint " + ctx.method() + " " + ctx.path());
            }
        });
        app.error(405, ctx -> line(ctx, 405, ctx.method() + " is not allowed on " + ctx.path()));
        app.exception(Exception.class, (e, ctx) -> {
            LOG.error("{} {} failed", ctx.method(), ctx.path(), e);
            line(ctx, 500, "the server failed: " + e.getClass().getSimpleName());
        });
    }

    record Version(int protocol) {
    }

    /** A handler that gets the authenticated caller (null for {@link Who#ANYONE}). */
    public interface Call {
        void handle(Context ctx, Accounts.Caller caller) throws Exception;
    }

    /** Authenticates, checks the caller may call, runs, and turns what is refused into one line. */
    public Handler guard(Who who, Call call) {
        return ctx -> {
            try {
                Accounts.Caller caller = caller(ctx, who);
                call.handle(ctx, caller);
            } catch (Refused e) {
                refuse(ctx, status(e.kind()), e.getMessage());
            } catch (Wire.BadMessageException e) {
                refuse(ctx, 400, e.getMessage());
            } catch (Denied e) {
                refuse(ctx, e.status, e.getMessage());
            } catch (Store.StoreException e) {
                LOG.error("{} {}: {}", ctx.method(), ctx.path(), e.getMessage());
                line(ctx, 503, "the database failed; try again");
            }
        };
    }

    /** The HTTP status of a refusal. */
    public static int status(Refused.Kind kind) {
        return switch (kind) {
            case BAD -> 400;
            case FORBIDDEN -> 403;
            case UNKNOWN -> 404;
            case CONFLICT -> 409;
            case GONE -> 410;
        };
    }

    private void refuse(Context ctx, int status, String why) {
        LOG.info("{} {} refused ({}): {}", ctx.method(), ctx.path(), status, why);
        line(ctx, status, why);
    }

    private Accounts.Caller caller(Context ctx, Who who) {
        if (who == Who.ANYONE) {
            return null;
        }
        String header = ctx.header("Authorization");
        if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            throw new Denied(401, "no token: send the header Authorization: Bearer TOKEN");
        }
        Accounts.Caller c = service.accounts().authenticate(header.substring(7).trim());
        if (c == null) {
            throw new Denied(401, "the token is unknown or revoked");
        }
        if (!c.user().active()) {
            throw new Denied(403, "the account " + c.user().name() + " is " + c.user().state());
        }
        if (c.token().blocked()) {
            throw new Denied(403, "this machine (worker token " + c.token().id() + ") is blocked by an approver");
        }
        if (who == Who.WORKER) {
            if (!c.worker()) {
                throw new Denied(403, "this endpoint is for workers: use a worker token");
            }
            String p = ctx.header(Wire.PROTOCOL_HEADER);
            int protocol = p != null && p.matches("\\d{1,9}") ? Integer.parseInt(p) : 0;
            if (protocol < Wire.PROTOCOL) {
                throw new Denied(426, "this worker speaks protocol " + protocol + ", the server " + Wire.PROTOCOL
                        + ": update Arbiter on this machine");
            }
        } else if (c.worker()) {
            throw new Denied(403, "a worker token only plays: use an API token");
        } else if (who == Who.ADMIN && !c.admin()) {
            throw new Denied(403, "only an admin may do this");
        } else if (who == Who.APPROVER && !c.approver()) {
            throw new Denied(403, "only an approver may do this");
        }
        return c;
    }

    private static Wire.Hello hello(String body) {
        Wire.Hello h = Wire.read(body, Wire.Hello.class);
        if (h.protocol() < Wire.PROTOCOL) {
            throw new Denied(426, "this worker speaks protocol " + h.protocol() + ", the server " + Wire.PROTOCOL
                    + ": update Arbiter on this machine");
        }
        if (h.slots() < 1 || h.slots() > 1024 || h.machine() == null || h.machine().isBlank() || h.machine().length() > 100
                || h.version() == null || h.version().length() > 40 || h.engines() == null || h.engines().size() > 64
                || h.engines().entrySet().stream().anyMatch(e -> e.getKey().length() > 64 || e.getValue() == null
                        || e.getValue().length() > 16 || e.getKey().contains(",") || e.getKey().contains(":"))) {
            throw new Refused(Refused.Kind.BAD, "a worker has 1-1024 slots, a machine name and version, and at most 64 engines "
                    + "named without ',' or ':'");
        }
        return h;
    }

    private void pdn(Context ctx, Accounts.Caller caller) throws Exception {
        long id = id(ctx);
        ctx.contentType("application/x-chess-pgn; charset=utf-8");
        ctx.header("Content-Disposition", "attachment; filename=\"test-" + id + ".pdn\"");
        OutputStream out = ctx.res().getOutputStream();
        service.pdn(id, out);
        out.flush();
    }

    private static String body(Context ctx, int max) {
        long length = ctx.req().getContentLengthLong();
        if (length > max) {
            throw new Denied(413, "the body is " + length + " bytes; at most " + max + " here");
        }
        byte[] bytes;
        try (var in = ctx.req().getInputStream()) {
            bytes = in.readNBytes(max + 1);
        } catch (java.io.IOException e) {
            throw new Denied(400, "the body could not be read: " + e.getMessage());
        }
        if (bytes.length > max) {
            throw new Denied(413, "the body is over " + max + " bytes");
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static long id(Context ctx) {
        return id(ctx, "id");
    }

    /** A path's number: an id or a game's number, at most 18 digits. */
    public static long id(Context ctx, String param) {
        String s = ctx.pathParam(param);
        if (!s.matches("\\d{1,18}")) {
            throw new Denied(400, "'" + (s.length() > 40 ? s.substring(0, 40) + "..." : s) + "' is not an id");
        }
        return Long.parseLong(s);
    }

    private static int limit(Context ctx) {
        String s = ctx.queryParam("finished");
        if (s == null) {
            return 50;
        }
        if (!s.matches("\\d{1,4}")) {
            throw new Denied(400, "finished=" + s + ": give how many finished tests to list (0-9999)");
        }
        return Integer.parseInt(s);
    }

    private static void json(Context ctx, Object value) {
        ctx.contentType("application/json").result(Wire.write(value));
    }

    private static void ok(Context ctx) {
        ctx.contentType("application/json").result("{}");
    }

    private static void line(Context ctx, int status, String why) {
        String one = why == null ? "refused" : why.replace('\n', ' ').replace('\r', ' ');
        ctx.status(status).contentType("text/plain; charset=utf-8").result(one + "\n");
    }

    /** A request refused before any step: the status and one line. */
    private static final class Denied extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int status;

        Denied(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }
    }

    @Override
    public void close() {
        extensions.forEach(Extension::close);
        app.stop();
    }
}

package arbiter.service.pages;

import arbiter.service.api.Accounts;
import arbiter.service.api.People;
import arbiter.service.api.Service;
import arbiter.service.api.ServiceServer;
import arbiter.service.api.ServiceServer.Who;
import arbiter.service.protocol.TestDefinition;
import arbiter.service.protocol.Wire;
import arbiter.service.schedule.Refused;
import arbiter.service.store.Rows;
import arbiter.service.store.Store;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import io.javalin.http.HttpStatus;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The test service's web pages, served beside its API: the tests list, a test's page, the submit
 * form, machines, users, the event log, log in, registration and one's account — HTML made here
 * (every outside text escaped by {@link Html}), renewed live over server-sent events ({@link Live})
 * by the page's own script. Pages know their visitor by a session cookie ({@link Sessions}); every
 * form carries a CSRF token and a form without its token is refused; log in and registration are
 * throttled ({@link Throttle}). The API's bearer tokens do not work here and cookies do not work on
 * the API, so a page can be forged by another site only if the browser is. Each route says who may
 * call it ({@link Who}), as docs/service.md's table of pages does.
 */
public final class ServicePages implements ServiceServer.Extension {
    private static final Logger LOG = LogManager.getLogger(ServicePages.class);
    /** fishtest-like limits on guessing: failed logins per account name and per address, registrations per address. */
    static final int LOGIN_FAILURES_PER_NAME = 5;
    static final int LOGIN_FAILURES_PER_ADDRESS = 20;
    static final long LOGIN_WINDOW_MILLIS = 15 * 60_000;
    static final int REGISTRATIONS_PER_ADDRESS = 5;
    static final long REGISTRATION_WINDOW_MILLIS = 3600_000;
    /** The pages' content policy: the service's own scripts and styles only (boards set style attributes). */
    static final String CSP = "default-src 'self'; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; "
            + "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
    private static final Pattern NEXT = Pattern.compile("/(?!/)[A-Za-z0-9/_.-]{0,200}");
    private static final Map<String, String> ASSETS = Map.of("service.css", "/service/service.css", "service.js",
            "/service/service.js", "boards.js", "/dashboard/boards.js", "viewer.js", "/dashboard/viewer.js");

    private final Service service;
    private final People people;
    private final Sessions sessions = new Sessions(System::currentTimeMillis);
    private final Throttle byName = new Throttle(LOGIN_FAILURES_PER_NAME, LOGIN_WINDOW_MILLIS, System::currentTimeMillis);
    private final Throttle byAddress = new Throttle(LOGIN_FAILURES_PER_ADDRESS, LOGIN_WINDOW_MILLIS, System::currentTimeMillis);
    private final Throttle registrations = new Throttle(REGISTRATIONS_PER_ADDRESS, REGISTRATION_WINDOW_MILLIS,
            System::currentTimeMillis);
    private final GameFacts facts;
    private final Live live;
    private ServiceServer server;

    public ServicePages(Service service) {
        this.service = service;
        this.people = service.people();
        this.facts = new GameFacts(service);
        this.live = new Live(service::version);
    }

    /** A page's handler: the request and who looks (logged in as the route requires). */
    private interface Page {
        void handle(Context ctx, Html.Visitor v) throws Exception;
    }

    @Override
    public void install(ServiceServer s) {
        this.server = s;
        HandlerType get = HandlerType.GET;
        HandlerType post = HandlerType.POST;
        page(get, "/", Who.ANYONE, (ctx, v) -> html(ctx, "Tests", v, TestsPage.render(service.list(50), v)));
        page(get, "/tests/{id}", Who.ANYONE, this::test);
        page(post, "/tests/{id}/approve", Who.APPROVER, (ctx, v) -> {
            service.approve(caller(v), id(ctx));
            ctx.redirect("/tests/" + id(ctx), HttpStatus.SEE_OTHER);
        });
        page(post, "/tests/{id}/stop", Who.USER, (ctx, v) -> {
            service.stop(caller(v), id(ctx));
            ctx.redirect("/tests/" + id(ctx), HttpStatus.SEE_OTHER);
        });
        page(post, "/tests/{id}/modify", Who.USER, (ctx, v) -> {
            service.modify(caller(v), id(ctx), integer(ctx, "priority"), integer(ctx, "throughput"));
            ctx.redirect("/tests/" + id(ctx), HttpStatus.SEE_OTHER);
        });
        page(get, "/submit", Who.USER, (ctx, v) -> {
            if ("forecast".equals(ctx.queryParam("part"))) { // the calculator's line alone, for the form's script
                ctx.contentType("text/html; charset=utf-8").result(SubmitPage.forecast(k -> {
                    String q = ctx.queryParam(k);
                    return q == null ? SubmitPage.DEFAULTS.getOrDefault(k, "") : q;
                }));
            } else {
                html(ctx, "Submit", v, SubmitPage.render(v, k -> null, null));
            }
        });
        page(post, "/submit", Who.USER, this::submit);
        page(get, "/machines", Who.ANYONE, (ctx, v) -> html(ctx, "Machines", v, PeoplePages.machines(v,
                service.accounts().workerTokens(), people.latestWorkers().stream().collect(Collectors.toMap(Rows.Worker::tokenId,
                        w -> w, (a, b) -> a)), service.accounts())));
        page(post, "/machines/{id}/block", Who.APPROVER, (ctx, v) -> machine(ctx, v, true));
        page(post, "/machines/{id}/unblock", Who.APPROVER, (ctx, v) -> machine(ctx, v, false));
        page(get, "/users", Who.APPROVER, (ctx, v) -> html(ctx, "Users", v, PeoplePages.users(v, service.accounts().users(), null)));
        page(post, "/users/{name}/enable", Who.APPROVER, (ctx, v) -> user(ctx, v, () -> people.state(caller(v), name(ctx), true)));
        page(post, "/users/{name}/block", Who.APPROVER, (ctx, v) -> user(ctx, v, () -> people.state(caller(v), name(ctx), false)));
        page(post, "/users/{name}/role", Who.ADMIN, (ctx, v) -> user(ctx, v, () -> people.role(caller(v), name(ctx),
                String.valueOf(ctx.formParam("role")))));
        page(get, "/events", Who.ANYONE, (ctx, v) -> html(ctx, "Events", v, EventsPage.render(people.events(null, 200),
                service.accounts())));
        page(get, "/account", Who.USER, (ctx, v) -> account(ctx, v, null, null, false));
        page(post, "/account/tokens", Who.USER, (ctx, v) -> {
            Wire.Token t = people.newToken(caller(v), new Wire.NewToken(ctx.formParam("kind"), ctx.formParam("label")));
            account(ctx.status(201), v, t.token(), t.kind() + " token " + t.id() + " made", false);
        });
        page(post, "/account/tokens/{id}/revoke", Who.USER, (ctx, v) -> {
            people.revoke(caller(v), id(ctx));
            account(ctx, v, null, "token " + id(ctx) + " revoked", false);
        });
        page(post, "/account/password", Who.USER, this::password);
        page(get, "/login", Who.ANYONE, (ctx, v) -> html(ctx, "Log in", v, PeoplePages.login(v, "", next(ctx.queryParam("next")), null)));
        page(post, "/login", Who.ANYONE, this::login);
        page(post, "/logout", Who.USER, (ctx, v) -> {
            sessions.logout(ctx);
            LOG.info("{} logged out", v.user().name());
            ctx.redirect("/", HttpStatus.SEE_OTHER);
        });
        page(get, "/register", Who.ANYONE, (ctx, v) -> html(ctx, "Register", v, PeoplePages.register(v, "", null, false)));
        page(post, "/register", Who.ANYONE, this::register);
        s.add(get, "/live", Who.ANYONE, live::open);
        s.add(get, "/assets/{file}", Who.ANYONE, this::asset);
    }

    @Override
    public void close() {
        live.close();
    }

    private void page(HandlerType method, String path, Who who, Page page) {
        server.add(method, path, who, ctx -> {
            headers(ctx);
            Html.Visitor v = visitor(ctx);
            try {
                if (method == HandlerType.POST && !sessions.csrfValid(ctx, ctx.formParam("csrf"))) {
                    LOG.info("{} {} refused (403): no valid CSRF token", ctx.method(), ctx.path());
                    error(ctx.status(403), v, "This form came without its CSRF token (or with a stale one): reload the page and send it "
                            + "again.");
                    return;
                }
                if (who != Who.ANYONE && !v.in()) {
                    if (method == HandlerType.GET) {
                        ctx.redirect("/login?next=" + next(ctx.path()), HttpStatus.SEE_OTHER);
                    } else {
                        error(ctx.status(401), v, "Log in first.");
                    }
                    return;
                }
                if (who == Who.APPROVER && !v.approver() || who == Who.ADMIN && !v.admin()) {
                    error(ctx.status(403), v, "Only " + (who == Who.ADMIN ? "an admin" : "an approver") + " may do this.");
                    return;
                }
                page.handle(ctx, v);
            } catch (Refused e) {
                LOG.info("{} {} refused: {}", ctx.method(), ctx.path(), e.getMessage());
                error(ctx.status(ServiceServer.status(e.kind())), v, e.getMessage());
            } catch (Store.StoreException e) {
                LOG.error("{} {}: {}", ctx.method(), ctx.path(), e.getMessage());
                error(ctx.status(503), v, "The database failed; try again.");
            }
        });
    }

    private static void headers(Context ctx) {
        ctx.header("Content-Security-Policy", CSP);
        ctx.header("X-Content-Type-Options", "nosniff");
        ctx.header("Referrer-Policy", "same-origin");
        ctx.header("Cache-Control", "no-store");
    }

    /** Who looks: the active user of the session, or nobody. */
    private Html.Visitor visitor(Context ctx) {
        Long id = sessions.user(ctx);
        Rows.User u = id == null ? null : service.accounts().user(id);
        return new Html.Visitor(u != null && u.active() ? u : null, sessions.csrf(ctx));
    }

    private static Accounts.Caller caller(Html.Visitor v) {
        return new Accounts.Caller(v.user(), null);
    }

    private void html(Context ctx, String title, Html.Visitor v, String body) {
        List<String> scripts = title.startsWith("Test ") ? List.of("/assets/boards.js", "/assets/viewer.js", "/assets/service.js")
                : List.of("/assets/service.js");
        ctx.contentType("text/html; charset=utf-8").result(Html.page(title, v, body, scripts));
    }

    private void error(Context ctx, Html.Visitor v, String message) {
        html(ctx, "Refused", v, "<h1>Refused</h1><p class=\"error\" id=\"message\">" + Html.esc(message) + "</p>");
    }

    private static long id(Context ctx) {
        try {
            return ServiceServer.id(ctx, "id");
        } catch (RuntimeException e) {
            throw new Refused(Refused.Kind.BAD, "'" + cut(ctx.pathParam("id")) + "' is not an id");
        }
    }

    private static String name(Context ctx) {
        return ctx.pathParam("name");
    }

    private static int integer(Context ctx, String key) {
        String s = ctx.formParam(key);
        if (s == null || !s.strip().matches("-?\\d{1,9}")) {
            throw new Refused(Refused.Kind.BAD, key + ": a whole number");
        }
        return Integer.parseInt(s.strip());
    }

    private static String cut(String s) {
        return s == null ? "" : s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }

    /** Where to go after logging in: a path of this site, else the tests list. */
    static String next(String next) {
        return next != null && NEXT.matcher(next).matches() ? next : "/";
    }

    private void test(Context ctx, Html.Visitor v) {
        long id = id(ctx);
        Wire.TestView t = service.view(id);
        TestDefinition d;
        try {
            d = TestDefinition.read(Wire.tree(service.definition(id)));
        } catch (RuntimeException e) {
            d = null; // a definition this version no longer reads: the page shows the rest
        }
        List<Rows.Task> tasks = service.taskRows(id);
        Map<Long, Rows.Worker> workers = service.workers(tasks.stream().map(Rows.Task::workerId).distinct().toList());
        Map<Long, String> machines = new HashMap<>();
        workers.values().forEach(w -> {
            Rows.Token token = service.accounts().token(w.tokenId());
            machines.put(w.tokenId(), token == null ? "" : "token " + token.id() + ": " + token.label());
        });
        GameFacts.Facts f = facts.of(id, d == null || d.tested() == null ? "" : d.tested(), d == null || d.sprt() == null ? null
                : arbiter.results.Scoreboard.sprt(d.sprt()), 20);
        html(ctx, "Test " + id, v, TestPage.render(new TestPage.Data(t, d, tasks, workers, f, people.events(id, 50), machines), v));
    }

    private void submit(Context ctx, Html.Visitor v) {
        try {
            Wire.Submitted s = service.submit(caller(v), SubmitPage.definition(ctx::formParam));
            ctx.redirect("/tests/" + s.id(), HttpStatus.SEE_OTHER);
        } catch (Refused e) {
            LOG.info("POST /submit refused: {}", e.getMessage());
            html(ctx.status(ServiceServer.status(e.kind())), "Submit", v, SubmitPage.render(v, ctx::formParam, e.getMessage()));
        }
    }

    private void machine(Context ctx, Html.Visitor v, boolean block) {
        people.machine(caller(v), id(ctx), block);
        ctx.redirect("/machines", HttpStatus.SEE_OTHER);
    }

    private void user(Context ctx, Html.Visitor v, Runnable change) {
        change.run();
        Rows.User u = service.accounts().user(name(ctx));
        if (u != null && !u.active()) {
            sessions.end(u.id());
        }
        ctx.redirect("/users", HttpStatus.SEE_OTHER);
    }

    private void account(Context ctx, Html.Visitor v, String shown, String message, boolean error) {
        html(ctx, "Account", v, PeoplePages.account(v, service.accounts().tokens(v.user().id()), shown, message, error));
    }

    private void login(Context ctx, Html.Visitor v) {
        String name = String.valueOf(ctx.formParam("name")).strip();
        String next = next(ctx.formParam("next"));
        String nameKey = "name:" + name.toLowerCase(Locale.ROOT);
        String addressKey = "address:" + ctx.ip();
        long wait = Math.max(byName.wait(nameKey), byAddress.wait(addressKey));
        if (wait > 0) {
            LOG.warn("log in as {} from {} throttled: too many failures", cut(name), ctx.ip());
            ctx.header("Retry-After", Long.toString((wait + 999) / 1000));
            html(ctx.status(429), "Log in", v, PeoplePages.login(v, name, next, "Too many failed logins for this account or from "
                    + "this address: try again in " + Math.max(1, (wait + 59_999) / 60_000) + " minutes."));
            return;
        }
        Rows.User u = people.login(name, ctx.formParam("password"));
        if (u == null) {
            byName.count(nameKey);
            byAddress.count(addressKey);
            LOG.info("failed log in as {} from {}", cut(name), ctx.ip());
            html(ctx.status(401), "Log in", v, PeoplePages.login(v, name, next, "Wrong name or password."));
            return;
        }
        if (!u.active()) {
            html(ctx.status(403), "Log in", v, PeoplePages.login(v, name, next, u.state().equals(Accounts.PENDING)
                    ? "Your account waits for an approver to enable it." : "This account is blocked."));
            return;
        }
        byName.clear(nameKey);
        sessions.login(ctx, u.id());
        LOG.info("{} logged in from {}", u.name(), ctx.ip());
        ctx.redirect(next, HttpStatus.SEE_OTHER);
    }

    private void register(Context ctx, Html.Visitor v) {
        String name = String.valueOf(ctx.formParam("name")).strip();
        String key = "address:" + ctx.ip();
        long wait = registrations.wait(key);
        if (wait > 0) {
            ctx.header("Retry-After", Long.toString((wait + 999) / 1000));
            html(ctx.status(429), "Register", v, PeoplePages.register(v, name, "Too many registrations from this address: try again "
                    + "in " + Math.max(1, (wait + 59_999) / 60_000) + " minutes.", true));
            return;
        }
        registrations.count(key);
        String password = ctx.formParam("password");
        if (password == null || !password.equals(ctx.formParam("password2"))) {
            html(ctx.status(400), "Register", v, PeoplePages.register(v, name, "The two passwords differ.", true));
            return;
        }
        try {
            Rows.User u = people.register(name, password);
            html(ctx.status(201), "Register", v, PeoplePages.register(v, "", "Registered: " + u.name()
                    + " can log in once an approver has enabled the account.", false));
        } catch (Refused e) {
            html(ctx.status(ServiceServer.status(e.kind())), "Register", v, PeoplePages.register(v, name, e.getMessage(), true));
        }
    }

    private void password(Context ctx, Html.Visitor v) {
        Rows.User me = v.user();
        String nameKey = "name:" + me.name().toLowerCase(Locale.ROOT);
        if (byName.wait(nameKey) > 0 || people.login(me.name(), ctx.formParam("current")) == null) {
            byName.count(nameKey);
            account(ctx.status(403), v, null, "The current password is wrong (or tried too often).", true);
            return;
        }
        String password = ctx.formParam("password");
        if (password == null || !password.equals(ctx.formParam("password2"))) {
            account(ctx.status(400), v, null, "The two new passwords differ.", true);
            return;
        }
        people.password(caller(v), password);
        sessions.end(me.id());
        sessions.login(ctx, me.id()); // every other session of this account ends
        account(ctx, new Html.Visitor(me, sessions.csrf(ctx)), null, "Password set; your other sessions are logged out.", false);
    }

    private void asset(Context ctx) throws IOException {
        String resource = ASSETS.get(ctx.pathParam("file"));
        if (resource == null) {
            ctx.status(404).contentType("text/plain; charset=utf-8").result("no asset " + cut(ctx.pathParam("file")) + "\n");
            return;
        }
        try (InputStream in = ServicePages.class.getResourceAsStream(resource)) {
            ctx.contentType(resource.endsWith(".css") ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8")
                    .header("X-Content-Type-Options", "nosniff").header("Cache-Control", "no-cache")
                    .result(in.readAllBytes());
        }
    }
}

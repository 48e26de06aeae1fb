package arbiter.service.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.service.api.ServiceHost;
import arbiter.service.api.ServiceServer.Route;
import arbiter.service.api.ServiceServer.Who;
import arbiter.service.protocol.Counts;
import arbiter.service.protocol.TokenFiles;
import arbiter.service.protocol.Wire;
import arbiter.service.schedule.Board;
import arbiter.service.schedule.BoardTest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Who may call what, as a table: docs/service.md's tables of the API and the pages are the routes the
 * server serves, each with the least role the docs name; and every route, called by an anonymous
 * visitor, a user, an approver, an admin and a worker token, is refused (401, 403, or sent to log in)
 * exactly when the caller's role is below it. A route added without its row in the docs, or served to
 * a role the docs do not name, fails here.
 */
class ServiceAccessTest {
    static final String PASSWORD = "a long enough secret";

    @TempDir
    Path dir;

    static ServiceHost start(Path dir) {
        return ServiceHost.start("jdbc:h2:file:" + dir.resolve("db"), "127.0.0.1:0", dir.resolve("data"),
                new Board.Settings(60_000, 1_000, 1_000, 60_000, 500), List.of(ServicePages::new));
    }

    @Test
    void theDocsTablesAreTheRoutesServedAndWhoMayCallThem() throws Exception {
        try (ServiceHost host = start(dir)) {
            List<Route> served = host.server().routes();
            List<Route> docs = WebClient.documented();
            Set<Route> missing = new HashSet<>(served);
            missing.removeAll(new HashSet<>(docs));
            Set<Route> extra = new HashSet<>(docs);
            extra.removeAll(new HashSet<>(served));
            assertEquals(Set.of(), missing, "served but not in docs/service.md (or with another role)");
            assertEquals(Set.of(), extra, "in docs/service.md but not served");
            assertEquals(docs.size(), new HashSet<>(docs).size(), "each route once in the docs");
        }
    }

    /** The callers of the matrix. */
    enum Role { ANONYMOUS, USER, APPROVER, ADMIN, WORKER }

    static boolean allowed(Who who, Role role, boolean api) {
        Role r = !api && role == Role.WORKER ? Role.ANONYMOUS : role; // the pages take no token
        return switch (who) {
            case ANYONE -> true;
            case USER -> r == Role.USER || r == Role.APPROVER || r == Role.ADMIN;
            case APPROVER -> r == Role.APPROVER || r == Role.ADMIN;
            case ADMIN -> r == Role.ADMIN;
            case WORKER -> r == Role.WORKER;
        };
    }

    @Test
    void everyRouteRefusesExactlyTheRolesBelowIt() throws Exception {
        try (ServiceHost host = start(dir)) {
            String base = "http://" + host.address();
            String admin = TokenFiles.read(dir.resolve("data/admin.token"));
            String workerToken = TokenFiles.read(dir.resolve("data/worker.token"));
            WebClient api = new WebClient(base);
            Map<Role, String> tokens = new HashMap<>();
            Map<Role, WebClient> pages = new HashMap<>();
            tokens.put(Role.ADMIN, admin);
            tokens.put(Role.WORKER, workerToken);
            for (Role r : List.of(Role.USER, Role.APPROVER)) {
                String name = r.name().toLowerCase(Locale.ROOT);
                tokens.put(r, Wire.read(api.api("POST", "/api/users", admin, "{\"name\": \"" + name + "\", \"role\": \"" + name + "\"}")
                        .body(), Wire.Token.class).token());
            }
            for (Role r : List.of(Role.USER, Role.APPROVER, Role.ADMIN)) {
                assertEquals(200, api.api("POST", "/api/password", tokens.get(r), Wire.write(new Wire.Password(PASSWORD))).status());
                WebClient c = new WebClient(base);
                assertTrue(c.login(r == Role.ADMIN ? "admin" : r.name().toLowerCase(Locale.ROOT), PASSWORD), r + " logs in");
                pages.put(r, c);
            }
            api.api("POST", "/api/users", admin, "{\"name\": \"victim\", \"role\": \"user\"}");
            // Each role's own things: a test of the user's (stop, modify), a pending one (approve), spare tokens (revoke).
            long usersTest = Wire.read(api.api("POST", "/api/tests", tokens.get(Role.USER), BoardTest.definition("u", 5, null, null))
                    .body(), Wire.Submitted.class).id();
            Map<Role, List<Long>> spare = new HashMap<>();
            for (Role r : List.of(Role.USER, Role.APPROVER, Role.ADMIN)) {
                List<Long> ids = new ArrayList<>();
                for (int i = 0; i < 2; i++) {
                    ids.add(Wire.read(api.api("POST", "/api/tokens", tokens.get(r), "{\"kind\": \"api\", \"label\": \"spare\"}").body(),
                            Wire.Token.class).id());
                }
                spare.put(r, ids);
            }
            long machine = Wire.read(api.api("POST", "/api/tokens", admin, "{\"kind\": \"worker\", \"label\": \"m\"}").body(),
                    Wire.Token.class).id();
            Wire.Hello hello = new Wire.Hello(Wire.PROTOCOL, "t", "box", 1, Map.of(), false);
            long worker = Wire.read(api.api("POST", "/api/workers", workerToken, Wire.write(hello)).body(), Wire.Welcome.class).worker();

            List<Route> routes = new ArrayList<>(host.server().routes());
            routes.sort(Comparator.comparing((Route r) -> r.path().equals("/logout"))); // logging out last
            Map<String, String> table = new LinkedHashMap<>();
            List<String> wrong = new ArrayList<>();
            int[] registered = {0};
            for (Route route : routes) {
                boolean isApi = route.path().startsWith("/api/");
                StringBuilder line = new StringBuilder();
                for (Role role : Role.values()) {
                    Function<String, Long> own = what -> role == Role.ANONYMOUS || role == Role.WORKER ? 1L
                            : what.equals("token") ? spare.get(role).get(isApi ? 0 : 1) : usersTest;
                    String path = route.path().replace("{name}", "victim").replace("{game}", "0").replace("{file}", "service.js")
                            .replace("{id}", Long.toString(route.path().startsWith("/api/workers/") ? worker
                                    : route.path().startsWith("/api/tasks/") ? 999_999
                                    : route.path().contains("tokens/") ? own.apply("token")
                                    : route.path().contains("machines/") ? machine : usersTest));
                    WebClient.Answer a;
                    if (isApi) {
                        a = api.api(route.method(), path, role == Role.ANONYMOUS ? null : tokens.get(role),
                                route.method().equals("GET") ? null : body(route.path(), worker, role));
                    } else {
                        WebClient c = pages.containsKey(role) ? pages.get(role) : new WebClient(base);
                        a = route.method().equals("GET") ? c.get(path) : c.post(path, form(route.path(), role, registered));
                    }
                    boolean expect = allowed(route.who(), role, isApi);
                    boolean ok = expect ? !a.refused() && a.status() < 500 : a.refused();
                    line.append(String.format(Locale.ROOT, " %-9s %3d%s", role.name().toLowerCase(Locale.ROOT), a.status(), ok ? " " : "!"));
                    if (!ok) {
                        wrong.add(route.method() + " " + path + " as " + role + ": " + a.status() + " " + (a.location() != null
                                ? "-> " + a.location() : a.body().length() > 120 ? a.body().substring(0, 120) : a.body().strip())
                                + (expect ? " (should be allowed)" : " (should be refused)"));
                    }
                }
                table.put(String.format(Locale.ROOT, "%-6s %-32s %-8s", route.method(), route.path(), route.who()), line.toString());
            }
            StringBuilder all = new StringBuilder();
            table.forEach((k, v) -> all.append(k).append(v).append('\n'));
            assertEquals(List.of(), wrong, "the access matrix:\n" + all);
            assertTrue(table.size() >= 40, "every route was called: " + table.size());
            assertTrue(api.api("GET", "/api/tests/" + usersTest, null, null).body().contains("\"stopped\""),
                    "the user stopped their own test");
        }
    }

    /** A body each API route takes (so a call that is let through does what it is for). */
    private static String body(String path, long worker, Role role) {
        return switch (path) {
            case "/api/tests" -> BoardTest.definition("m-" + role, 3, null, null);
            case "/api/tests/{id}/modify" -> Wire.write(new Wire.Modify(0, 100));
            case "/api/users" -> Wire.write(new Wire.NewUser("made-" + role.name().toLowerCase(Locale.ROOT), "user"));
            case "/api/users/{name}/role" -> Wire.write(new Wire.Role("user"));
            case "/api/password" -> Wire.write(new Wire.Password(PASSWORD));
            case "/api/tokens" -> Wire.write(new Wire.NewToken("api", "more"));
            case "/api/workers" -> Wire.write(new Wire.Hello(Wire.PROTOCOL, "t", "box", 1, Map.of(), false));
            case "/api/workers/{id}/beat" -> Wire.write(new Wire.Beat(List.of()));
            case "/api/tasks/{id}/report" -> Wire.write(new Wire.Report(worker, Counts.ZERO, "", 0));
            case "/api/tasks/{id}/failure" -> Wire.write(new Wire.Failure(worker, "matrix"));
            default -> "{}";
        };
    }

    /** The fields of each page's form. */
    private static Map<String, String> form(String path, Role role, int[] registered) {
        String who = role.name().toLowerCase(Locale.ROOT);
        return switch (path) {
            case "/tests/{id}/modify" -> Map.of("priority", "0", "throughput", "100");
            case "/submit" -> Map.of("name", "p-" + who, "variant", "international", "new_engine", "random", "base_engine", "random",
                    "new_limits", "depth=1", "base_limits", "depth=1", "pairs", "2", "plies", "2", "priority", "0", "throughput", "100");
            case "/users/{name}/role" -> Map.of("role", "user");
            case "/account/tokens" -> Map.of("kind", "api", "label", "x");
            case "/account/password" -> Map.of("current", PASSWORD, "password", PASSWORD, "password2", PASSWORD);
            case "/login" -> Map.of("name", role == Role.ADMIN || role == Role.APPROVER ? who : "user", "password", PASSWORD,
                    "next", "/");
            case "/register" -> Map.of("name", "reg-" + who + "-" + registered[0]++, "password", PASSWORD, "password2", PASSWORD);
            default -> Map.of();
        };
    }
}

package arbiter.service.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.service.api.ServiceHost;
import arbiter.service.protocol.TokenFiles;
import arbiter.service.protocol.Wire;
import arbiter.service.schedule.BoardTest;
import arbiter.service.schedule.Games;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.WriterAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.layout.PatternLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The service against who does not belong, on a real server on loopback (its API and pages): stored
 * XSS in every free-text field is shown as text; SQL injection in every parameter is refused or kept as
 * plain text; a form without its CSRF token is refused; revoked, blocked and other machines' tokens
 * are refused; a user stops and modifies only their own tests and approves nobody's, an approver not
 * their own; guessing passwords is throttled; and no password, token, session or CSRF token reaches
 * the server's log or any page. (Each route for each role: {@link ServiceAccessTest}; scripts not run
 * in a real browser: {@link ServiceBrowserTest}.)
 */
class ServiceSecurityTest {
    /** Markup that would run a script if it reached a page as markup. */
    static final List<String> XSS = List.of("<script>window.__xss=1</script>", "\"><img src=x onerror=\"window.__xss=1\">",
            "'><svg onload=window.__xss=1>");
    static final String SQL = "x'); DROP TABLE users; --";

    @TempDir
    Path dir;

    private ServiceHost host;
    private WebClient web;
    private String admin;

    private ServiceHost start() {
        host = ServiceAccessTest.start(dir);
        web = new WebClient("http://" + host.address());
        admin = TokenFiles.read(dir.resolve("data/admin.token"));
        return host;
    }

    /** A new user of this role with a password (made by the admin), and its API token. */
    private String user(String name, String role) {
        String token = Wire.read(web.api("POST", "/api/users", admin, Wire.write(new Wire.NewUser(name, role))).body(), Wire.Token.class)
                .token();
        assertEquals(200, web.api("POST", "/api/password", token, Wire.write(new Wire.Password(ServiceAccessTest.PASSWORD))).status());
        return token;
    }

    private WebClient loggedIn(String name) {
        WebClient c = new WebClient("http://" + host.address());
        assertTrue(c.login(name, ServiceAccessTest.PASSWORD), name + " logs in");
        return c;
    }

    private static String test(String name, String description, String tested, String options) {
        return "{\"name\": " + Wire.write(name) + ", \"description\": " + Wire.write(description) + ", \"game\": {\"variant\": \"chess\"},"
                + " \"players\": [{\"name\": " + Wire.write(tested) + ", \"engine\": \"stockfish\", \"protocol\": \"uci\", \"options\": "
                + options + "}, {\"name\": \"old\", \"engine\": \"random\"}], \"limits\": {\"depth\": 1},"
                + " \"schedule\": {\"type\": \"match\", \"players\": [" + Wire.write(tested) + ", \"old\"], \"games\": 4}}";
    }

    /** The pages' HTML holds none of the payloads as markup, and each stored one as text. */
    private static void inert(String page, String html, List<String> stored) {
        for (String x : XSS) {
            assertFalse(html.contains(x), page + " shows " + x + " as markup");
        }
        assertFalse(html.contains("<script>window"), page);
        assertFalse(html.contains("onerror=\"window"), page);
        for (String s : stored) {
            assertTrue(html.contains(Html.esc(s)), page + " shows " + s + " as text");
        }
    }

    @Test
    void storedMarkupInEveryFreeTextFieldIsShownAsText() {
        try (ServiceHost started = start()) {
            user("ann", "user");
            String anns = Wire.read(web.api("POST", "/api/tokens", user("annie", "user"), Wire.write(new Wire.NewToken("worker",
                    XSS.get(1)))).body(), Wire.Token.class).token();
            WebClient ann = loggedIn("ann");
            // a test's name, description, player name and an engine's option name and value, through the API ...
            String definition = test(XSS.get(1), XSS.get(0), "new" + XSS.get(2), "{" + Wire.write(XSS.get(0)) + ": "
                    + Wire.write(XSS.get(2)) + "}"); // a name with a '/' is refused: it names the results folder
            WebClient.Answer submitted = web.api("POST", "/api/tests", admin, definition);
            assertEquals(201, submitted.status(), submitted.body());
            long id = Wire.read(submitted.body(), Wire.Submitted.class).id();
            // ... and through the form (its own boxes), a token's label, a machine's name and version
            WebClient.Answer form = ann.post("/submit", Map.ofEntries(Map.entry("name", XSS.get(2)), Map.entry("description", XSS.get(0)),
                    Map.entry("variant", "chess"), Map.entry("new_name", "n" + XSS.get(2)), Map.entry("new_engine", "stockfish:uci"),
                    Map.entry("new_options", "Label=" + XSS.get(0)), Map.entry("base_engine", "random"), Map.entry("limits", "depth=1"),
                    Map.entry("pairs", "2"), Map.entry("plies", "2"), Map.entry("priority", "0"), Map.entry("throughput", "100")));
            assertEquals(303, form.status(), form.body());
            String formTest = form.location();
            assertEquals(201, ann.post("/account/tokens", Map.of("kind", "api", "label", XSS.get(2))).status());
            assertEquals(201, web.api("POST", "/api/workers", anns, Wire.write(new Wire.Hello(Wire.PROTOCOL, XSS.get(2).substring(0, 20),
                    XSS.get(0), 1, Map.of(), false))).status());
            // a user name with markup is refused outright
            WebClient.Answer bad = new WebClient("http://" + host.address()).post("/register", Map.of("name", XSS.get(0), "password",
                    ServiceAccessTest.PASSWORD, "password2", ServiceAccessTest.PASSWORD));
            assertEquals(400, bad.status());
            inert("/register's refusal", bad.body(), List.of());

            inert("/", web.get("/").body(), List.of(XSS.get(1), XSS.get(2)));
            inert("/tests/" + id, web.get("/tests/" + id).body(), List.of(XSS.get(0), XSS.get(1), "new" + XSS.get(2)));
            inert("/events", web.get("/events").body(), List.of(XSS.get(1)));
            inert("/machines", web.get("/machines").body(), List.of(XSS.get(1), XSS.get(0)));
            inert("/account", ann.get("/account").body(), List.of(XSS.get(2)));
            inert(formTest, ann.get(formTest).body(), List.of(XSS.get(2), XSS.get(0), "n" + XSS.get(2))); // a player's name: no '"'
            web.api("POST", "/api/password", admin, Wire.write(new Wire.Password(ServiceAccessTest.PASSWORD)));
            inert("/users", loggedIn("admin").get("/users").body(), List.of());
            assertTrue(web.get("/tests/" + id).body().contains(Html.esc(Wire.write(XSS.get(0)))), "the option's name, as JSON text");
        }
    }

    @Test
    void aDiffLinkIsMadeOnlyForGithubAndPlainRefs() {
        try (ServiceHost started = start()) {
            String[] repos = {"https://github.com/official-stockfish/Stockfish", "javascript:alert(1)//github.com/a/b",
                "https://github.com/a/b\"onmouseover=\"x"};
            List<String> cells = new ArrayList<>();
            for (String repo : repos) {
                String build = "\"build\": {\"repo\": " + Wire.write(repo) + ", \"ref\": \"%s\", \"command\": [\"make\"], \"binary\": \"sf\"}";
                String t = "{\"name\": \"b\", \"game\": {\"variant\": \"chess\"}, \"players\": [{\"name\": \"new\", \"protocol\": \"uci\", "
                        + build.formatted("abc123") + "}, {\"name\": \"old\", \"protocol\": \"uci\", " + build.formatted("def456") + "}],"
                        + " \"limits\": {\"depth\": 1}, \"schedule\": {\"type\": \"match\", \"players\": [\"new\", \"old\"], \"games\": 2}}";
                WebClient.Answer a = web.api("POST", "/api/tests", admin, t);
                if (a.status() != 201) {
                    cells.add("refused: " + a.body().strip());
                    continue;
                }
                String html = web.get("/tests/" + Wire.read(a.body(), Wire.Submitted.class).id()).body();
                int at = html.indexOf("id=\"test-diff\">");
                cells.add(html.substring(at, html.indexOf("</td>", at)));
            }
            assertTrue(cells.get(0).contains("<a id=\"diff-link\" href=\"https://github.com/official-stockfish/Stockfish/compare/"
                    + "def456...abc123\""), cells.get(0));
            for (String c : cells.subList(1, 3)) {
                assertFalse(c.contains("<a "), "no link: " + c);
                assertFalse(c.contains("javascript:alert(1)//github.com/a/b\""), c);
            }
        }
    }

    @Test
    void sqlInEveryParameterIsRefusedOrKeptAsText() {
        try (ServiceHost started = start()) {
            String ann = user("ann", "user");
            user("apu", "approver");
            WebClient apu = loggedIn("apu");
            long id = Wire.read(web.api("POST", "/api/tests", admin, BoardTest.definition(SQL, 3, null, null)).body(), Wire.Submitted.class)
                    .id();
            // path and query parameters: not numbers, so refused before any SQL
            for (String path : List.of("/api/tests/1%20OR%201=1", "/api/tests/1'--/pdn", "/api/tests/1/games/0;DROP",
                    "/api/tests?finished=1;DROP%20TABLE%20tests", "/api/sprt?elo0=1'--", "/tests/1'%20OR%20'1'='1")) {
                assertEquals(400, web.get(path).status(), path);
            }
            assertEquals(400, web.api("DELETE", "/api/tokens/1%20OR%201=1", ann, null).status());
            assertEquals(404, web.api("POST", "/api/users/admin'%20OR%20'1'='1/block", admin, "{}").status(), "no such user");
            assertEquals(404, apu.post("/users/x'%20OR%201=1/enable", Map.of()).status(), "no such user");
            // bodies: a user name with SQL is refused by its form; a label, a name, a machine are kept as the text they are
            assertEquals(400, web.api("POST", "/api/users", admin, Wire.write(new Wire.NewUser(SQL, "user"))).status());
            assertEquals(400, new WebClient("http://" + host.address()).post("/register", Map.of("name", SQL, "password", ServiceAccessTest.PASSWORD,
                    "password2", ServiceAccessTest.PASSWORD)).status());
            WebClient.Answer login = new WebClient("http://" + host.address()).post("/login", Map.of("name", "admin' OR '1'='1", "password",
                    "' OR '1'='1", "next", "/"));
            assertEquals(401, login.status(), "no log in by SQL");
            Wire.Token t = Wire.read(web.api("POST", "/api/tokens", ann, Wire.write(new Wire.NewToken("worker", SQL))).body(),
                    Wire.Token.class);
            web.api("POST", "/api/workers", t.token(), Wire.write(new Wire.Hello(Wire.PROTOCOL, "1", SQL, 1, Map.of(), false)));
            assertEquals(SQL, web.api("GET", "/api/tests/" + id, null, null).body().replaceAll(".*\"name\":\"((?:[^\"\\\\]|\\\\.)*)\".*",
                    "$1").replace("\\u0027", "'"), "the name as it was sent");
            assertTrue(web.get("/machines").body().contains(Html.esc(SQL)), "the label and machine as text");
            // everything still there
            assertEquals(200, web.api("GET", "/api/tests", null, null).status());
            assertTrue(apu.get("/users").body().contains(">ann<"), "the users table is whole");
            assertTrue(web.get("/events").body().contains("test " + id), "the event log is whole");
        }
    }

    @Test
    void aFormWithoutItsCsrfTokenIsRefused() {
        try (ServiceHost started = start()) {
            user("ann", "user");
            WebClient ann = loggedIn("ann");
            WebClient other = new WebClient("http://" + host.address());
            String othersToken = other.csrf();
            for (Map<String, String> form : List.of(Map.of("kind", "api", "label", "no token"),
                    Map.of("kind", "api", "label", "another's", "csrf", othersToken), Map.of("kind", "api", "label", "x", "csrf", ""))) {
                WebClient.Answer a = ann.postRaw("/account/tokens", form);
                assertEquals(403, a.status(), form.toString());
                assertTrue(a.body().contains("CSRF"), a.body());
            }
            assertFalse(ann.get("/account").body().contains("no token"), "no token was made");
            assertEquals(403, new WebClient("http://" + host.address()).postRaw("/login", Map.of("name", "ann", "password", ServiceAccessTest.PASSWORD))
                    .status(), "log in too");
            assertEquals(201, ann.post("/account/tokens", Map.of("kind", "api", "label", "with its token")).status());
            String set = web.get("/").body();
            assertNotNull(web.cookie());
            assertFalse(set.contains(web.cookie()), "the cookie is never in a page");
        }
    }

    @Test
    void revokedBlockedAndOtherMachinesTokensAreRefused() {
        try (ServiceHost started = start()) {
            String ann = user("ann", "user");
            String apu = user("apu", "approver");
            String one = TokenFiles.read(dir.resolve("data/worker.token"));
            Wire.Token two = Wire.read(web.api("POST", "/api/tokens", admin, Wire.write(new Wire.NewToken("worker", "two"))).body(),
                    Wire.Token.class);
            Wire.Hello hello = new Wire.Hello(Wire.PROTOCOL, "1", "box", 2, Map.of(), false);
            long w1 = Wire.read(web.api("POST", "/api/workers", one, Wire.write(hello)).body(), Wire.Welcome.class).worker();
            long test = Wire.read(web.api("POST", "/api/tests", admin, BoardTest.definition("t", 10, null, null)).body(),
                    Wire.Submitted.class).id();
            assertEquals(200, web.api("POST", "/api/tests/" + test + "/approve", apu, "{}").status());
            Wire.Grant g = Wire.read(web.api("POST", "/api/workers/" + w1 + "/task", one, "{}").body(), Wire.TaskAnswer.class).task();
            assertNotNull(g);
            assertEquals(403, web.api("POST", "/api/workers/" + w1 + "/task", two.token(), "{}").status(), "another machine's worker");
            Games games = new Games("new", "old", g.firstPair(), "WL");
            String report = Wire.write(new Wire.Report(w1, Games.counts("WL"), games.pdn, 10));
            assertEquals(403, web.api("POST", "/api/tasks/" + g.task() + "/report", two.token(), report).status(), "another's lease");
            // blocked by an approver: refused until unblocked
            long oneId = 2;
            assertEquals(200, web.api("POST", "/api/machines/" + oneId + "/block", admin, "{}").status());
            WebClient.Answer blocked = web.api("POST", "/api/tasks/" + g.task() + "/report", one, report);
            assertEquals(403, blocked.status());
            assertTrue(blocked.body().contains("blocked"), blocked.body());
            assertEquals(200, web.api("POST", "/api/machines/" + oneId + "/unblock", admin, "{}").status());
            assertEquals(200, web.api("POST", "/api/tasks/" + g.task() + "/report", one, report).status(), "unblocked, it plays on");
            // revoked: unknown for ever
            assertEquals(200, web.api("DELETE", "/api/tokens/" + two.id(), admin, null).status());
            assertEquals(401, web.api("POST", "/api/workers", two.token(), Wire.write(hello)).status());
            // a blocked user's token and session stop at once
            WebClient annPages = loggedIn("ann");
            assertEquals(200, web.api("POST", "/api/users/ann/block", admin, "{}").status());
            assertEquals(403, web.api("POST", "/api/tokens", ann, Wire.write(new Wire.NewToken("api", "x"))).status());
            assertTrue(annPages.get("/account").refused(), "the session ends");
            assertEquals(1, Wire.read(web.api("GET", "/api/tests/" + test, null, null).body(), Wire.TestView.class).counts().pairs(),
                    "the one report taken");
        }
    }

    @Test
    void usersChangeOnlyTheirOwnTestsAndApproversApproveOnlyOthers() {
        try (ServiceHost started = start()) {
            long first = Wire.read(web.api("POST", "/api/tests", admin, BoardTest.definition("a", 3, null, null)).body(),
                    Wire.Submitted.class).id();
            assertEquals("active", web.api("GET", "/api/tests/" + first, null, null).body().replaceAll(".*\"state\":\"(\\w+)\".*", "$1"),
                    "the only approver's test starts at once");
            String ann = user("ann", "user");
            String bob = user("bob", "user");
            String apu = user("apu", "approver");
            long anns = Wire.read(web.api("POST", "/api/tests", ann, BoardTest.definition("ann's", 3, null, null)).body(),
                    Wire.Submitted.class).id();
            long apus = Wire.read(web.api("POST", "/api/tests", apu, BoardTest.definition("apu's", 3, null, null)).body(),
                    Wire.Submitted.class).id();
            long admins = Wire.read(web.api("POST", "/api/tests", admin, BoardTest.definition("admin's", 3, null, null)).body(),
                    Wire.Submitted.class).id();
            assertTrue(web.api("GET", "/api/tests/" + admins, null, null).body().contains("\"pending\""),
                    "with a second approver the admin's tests wait too");
            assertEquals(403, web.api("POST", "/api/tests/" + anns + "/stop", bob, "{}").status());
            assertEquals(403, web.api("POST", "/api/tests/" + anns + "/modify", bob, Wire.write(new Wire.Modify(1, 50))).status());
            assertEquals(403, loggedIn("bob").post("/tests/" + anns + "/stop", Map.of()).status());
            assertEquals(200, web.api("POST", "/api/tests/" + anns + "/modify", ann, Wire.write(new Wire.Modify(1, 50))).status());
            assertEquals(403, web.api("POST", "/api/tests/" + anns + "/approve", ann, "{}").status(), "a user approves nothing");
            WebClient.Answer self = web.api("POST", "/api/tests/" + apus + "/approve", apu, "{}");
            assertEquals(403, self.status());
            assertTrue(self.body().contains("your own"), self.body());
            assertEquals(403, loggedIn("apu").post("/tests/" + apus + "/approve", Map.of()).status(), "nor from the page");
            assertEquals(200, web.api("POST", "/api/tests/" + apus + "/approve", admin, "{}").status(), "another approver does");
            assertEquals(200, web.api("POST", "/api/tests/" + admins + "/approve", apu, "{}").status());
            assertEquals(200, web.api("POST", "/api/tests/" + anns + "/approve", apu, "{}").status());
            assertEquals(200, web.api("POST", "/api/tests/" + anns + "/stop", apu, "{}").status(), "an approver stops any test");
            Wire.TestView a = Wire.read(web.api("GET", "/api/tests/" + anns, null, null).body(), Wire.TestView.class);
            assertEquals(List.of("stopped", 1, 50), List.of(a.state(), a.priority(), a.throughput()));
            assertEquals(403, web.api("POST", "/api/users/apu/block", apu, "{}").status(), "nobody blocks themselves");
            assertEquals(403, web.api("POST", "/api/users/admin/block", apu, "{}").status(), "an approver blocks no admin");
            assertEquals(403, web.api("POST", "/api/users/bob/role", apu, Wire.write(new Wire.Role("admin"))).status());
        }
    }

    @Test
    void guessingPasswordsIsThrottled() {
        try (ServiceHost started = start()) {
            user("ann", "user");
            WebClient guesser = new WebClient("http://" + host.address());
            for (int i = 0; i < ServicePages.LOGIN_FAILURES_PER_NAME; i++) {
                assertEquals(401, guesser.post("/login", Map.of("name", "ann", "password", "guess " + i, "next", "/")).status());
            }
            WebClient.Answer right = guesser.post("/login", Map.of("name", "ANN", "password", ServiceAccessTest.PASSWORD, "next", "/"));
            assertEquals(429, right.status(), "even the right password waits once the name is throttled");
            assertTrue(right.body().contains("Too many failed logins"), right.body());
            WebClient.Answer other = new WebClient("http://" + host.address()).post("/login", Map.of("name", "admin", "password", "x",
                    "next", "/"));
            assertEquals(401, other.status(), "another name is not held up by ann's");
            // registrations from one address: 5 an hour
            for (int i = 0; i < ServicePages.REGISTRATIONS_PER_ADDRESS; i++) {
                assertEquals(400, guesser.post("/register", Map.of("name", "r" + i, "password", "short", "password2", "short")).status());
            }
            assertEquals(429, guesser.post("/register", Map.of("name", "r9", "password", ServiceAccessTest.PASSWORD, "password2", ServiceAccessTest.PASSWORD)).status());
        }
    }

    @Test
    void noPasswordTokenOrSessionInAnyLogLineOrPage() {
        StringWriter log = new StringWriter();
        LoggerContext context = (LoggerContext) LogManager.getContext(false);
        Configuration config = context.getConfiguration();
        WriterAppender appender = WriterAppender.newBuilder().setName("capture").setTarget(log)
                .setLayout(PatternLayout.newBuilder().withPattern("%d %-5level %c{1} - %msg%n").build()).build();
        appender.start();
        List<String> loggers = List.of("", "org.eclipse.jetty", "io.javalin", "com.zaxxer.hikari", "org.flywaydb");
        loggers.forEach(l -> config.getLoggerConfig(l).addAppender(appender, Level.INFO, null));
        context.updateLoggers();
        List<String> secrets = new ArrayList<>();
        List<String> pages = new ArrayList<>();
        try {
            try (ServiceHost started = start()) {
                secrets.add(admin);
                secrets.add(TokenFiles.read(dir.resolve("data/worker.token")));
                secrets.add(ServiceAccessTest.PASSWORD);
                String ann = user("ann", "user");
                secrets.add(ann);
                WebClient visitor = new WebClient("http://" + host.address());
                String registered = "registered password 1";
                secrets.add(registered);
                assertEquals(201, visitor.post("/register", Map.of("name", "reg", "password", registered, "password2", registered)).status());
                String wrong = "a wrong password 2";
                secrets.add(wrong);
                assertEquals(401, visitor.post("/login", Map.of("name", "ann", "password", wrong, "next", "/")).status());
                assertEquals(403, visitor.post("/login", Map.of("name", "reg", "password", registered, "next", "/")).status(), "pending");
                WebClient annPages = loggedIn("ann");
                secrets.add(annPages.cookie());
                secrets.add(annPages.csrf());
                WebClient.Answer made = annPages.post("/account/tokens", Map.of("kind", "worker", "label", "m"));
                String shown = made.body().replaceAll("(?s).*<code id=\"new-token\">([^<]+)</code>.*", "$1");
                assertTrue(shown.startsWith("arb_"), "the new token is shown once");
                secrets.add(shown);
                String newPassword = "the new password 3";
                secrets.add(newPassword);
                assertEquals(200, annPages.post("/account/password", Map.of("current", ServiceAccessTest.PASSWORD, "password", newPassword, "password2",
                        newPassword)).status());
                secrets.add(annPages.cookie());
                String forged = "arb_" + "A".repeat(43);
                secrets.add(forged);
                assertEquals(401, web.api("POST", "/api/tests", forged, "{}").status());
                assertEquals(400, web.api("POST", "/api/password", ann, "{\"password\": " + newPassword.replace(" ", "") + "}").status(),
                        "a malformed body is not echoed");
                secrets.add(newPassword.replace(" ", ""));
                assertEquals(400, web.api("POST", "/api/password", ann, "{\"password\": \"" + "short" + "\"}").status());
                for (String p : List.of("/", "/tests/1", "/events", "/machines", "/login", "/register")) {
                    pages.add(web.get(p).body());
                }
                for (String p : List.of("/account", "/submit", "/")) {
                    pages.add(annPages.get(p).body());
                }
            }
        } finally {
            loggers.forEach(l -> config.getLoggerConfig(l).removeAppender("capture"));
            context.updateLoggers();
            appender.stop();
        }
        String text = log.toString();
        assertTrue(text.contains("ann logged in") && text.contains("failed log in as ann"), "the log was captured:\n" + text);
        for (String s : secrets) {
            assertFalse(text.contains(s), "the log holds a secret (" + s.substring(0, 3) + "...):\n" + text);
            for (String p : pages) {
                assertFalse(p.contains(s), "a page holds a secret (" + s.substring(0, 3) + "...)");
            }
        }
    }
}

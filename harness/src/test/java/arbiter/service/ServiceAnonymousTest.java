package arbiter.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.service.api.ServiceServer.Route;
import arbiter.service.api.ServiceServer.Who;
import arbiter.service.pages.WebClient;
import arbiter.service.protocol.TokenFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code arbiter serve --listen 127.0.0.1:PORT --db jdbc:h2:file:PATH} in a JVM of its own, as
 * docs/service.md runs it: every endpoint and page of docs/service.md's tables that needs an account
 * refuses an anonymous request — 401 or 403 (a page's {@code GET}: sent to log in) — read from the
 * table, so a row added is checked too; and the server's log holds none of the tokens it was called
 * with.
 */
class ServiceAnonymousTest {
    @TempDir
    Path dir;

    @Test
    void everyRouteThatNeedsAnAccountRefusesAnAnonymousRequest() throws Exception {
        try (ServiceProcesses p = new ServiceProcesses(dir)) {
            p.start("server", List.of("serve", "--listen", "127.0.0.1:" + p.port, "--db", "jdbc:h2:file:" + dir.resolve("db"),
                    "--data", p.data().toString()));
            p.await("the server", 90, () -> Files.exists(p.data().resolve("admin.token")) && serving(p));
            String admin = TokenFiles.read(p.data().resolve("admin.token"));
            String worker = TokenFiles.read(p.data().resolve("worker.token"));
            WebClient web = new WebClient(p.url());
            assertEquals(200, web.api("GET", "/api/tests", admin, null).status());
            assertEquals(403, web.api("POST", "/api/tests", worker, "{}").status());
            List<String> wrong = new ArrayList<>();
            int checked = 0;
            for (Route r : WebClient.documented()) {
                if (r.who() == Who.ANYONE) {
                    continue;
                }
                String path = r.path().replace("{id}", "1").replace("{name}", "admin").replace("{game}", "0");
                WebClient.Answer a;
                if (r.path().startsWith("/api/")) {
                    a = web.api(r.method(), path, null, r.method().equals("GET") ? null : "{}");
                    if (a.status() != 401 && a.status() != 403) {
                        wrong.add(r + ": " + a.status() + " " + a.body().strip());
                    }
                } else {
                    WebClient visitor = new WebClient(p.url());
                    a = r.method().equals("GET") ? visitor.get(path) : visitor.post(path, Map.of()); // with its CSRF token: refused for the account
                    if (!a.refused()) {
                        wrong.add(r + ": " + a.status() + " " + a.location());
                    }
                }
                checked++;
            }
            assertEquals(List.of(), wrong, "anonymous requests let through");
            assertTrue(checked >= 30, "routes that need an account: " + checked);
            String log = Files.readString(p.data().resolve("serve.log"));
            assertTrue(log.contains("refused (401)"), "the refusals are logged");
            assertFalse(log.contains(admin) || log.contains(worker), "no token in the server's log");
        }
    }

    private static boolean serving(ServiceProcesses p) {
        try {
            return p.output("server").contains("Serving");
        } catch (java.io.IOException e) {
            return false;
        }
    }
}

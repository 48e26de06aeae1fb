package arbiter.service.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.play.GameTask;
import arbiter.service.protocol.Counts;
import arbiter.service.protocol.ServiceClient;
import arbiter.service.protocol.TokenFiles;
import arbiter.service.protocol.Wire;
import arbiter.service.schedule.Board;
import arbiter.service.schedule.BoardTest;
import arbiter.service.schedule.Games;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTTP API of a real server on loopback (H2 in a temporary folder): the first start's token files,
 * who may call what, the version gate, and bad input of every kind — each answered with a 4xx and one
 * line, changing nothing.
 */
class ApiTest {
    @TempDir
    Path dir;

    private final HttpClient http = HttpClient.newHttpClient();

    record Answer(int status, String body) {
    }

    private Answer call(String base, String method, String path, String token, String body, int protocol) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).method(method,
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        b.header(Wire.PROTOCOL_HEADER, Integer.toString(protocol));
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        return new Answer(r.statusCode(), r.body());
    }

    private static void refused(Answer a, int status, String start) {
        assertEquals(status, a.status(), a.body());
        assertTrue(a.body().endsWith("\n") && a.body().indexOf('\n') == a.body().length() - 1, "one line: " + a.body());
        assertTrue(a.body().startsWith(start), "'" + a.body().strip() + "' starts with '" + start + "'");
    }

    @Test
    void everyBadRequestGetsOneLineAndChangesNothing() throws Exception {
        Path data = dir.resolve("data");
        String url = "jdbc:h2:file:" + dir.resolve("db");
        Board.Settings settings = new Board.Settings(60_000, 1_000, 1_000, 60_000, 500);
        try (ServiceHost host = ServiceHost.start(url, "127.0.0.1:0", data, settings)) {
            assertEquals(List.of(data.resolve("admin.token"), data.resolve("worker.token")), host.written());
            for (Path f : host.written()) {
                assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(f)));
            }
            String base = "http://" + host.address();
            String admin = TokenFiles.read(data.resolve("admin.token"));
            String workerToken = TokenFiles.read(data.resolve("worker.token"));
            int p = Wire.PROTOCOL;

            assertEquals(200, call(base, "GET", "/api/version", null, null, 0).status());
            Answer submitted = call(base, "POST", "/api/tests", admin, BoardTest.definition("t", 10, null, null), p);
            assertEquals(201, submitted.status(), submitted.body());
            long test = Wire.read(submitted.body(), Wire.Submitted.class).id();

            refused(call(base, "POST", "/api/tests", admin, "{\"game\": ", p), 400, "not JSON");
            refused(call(base, "POST", "/api/tests", admin, "{\"game\": {\"variant\": \"nope\"}}", p), 400, "$.game.variant");
            refused(call(base, "POST", "/api/tests", admin, "x".repeat(ServiceServer.MAX_BODY + 1), p), 413, "the body is");
            refused(call(base, "POST", "/api/tests", null, BoardTest.definition("t", 10, null, null), p), 401, "no token");
            refused(call(base, "POST", "/api/tests", "arb_forged", BoardTest.definition("t", 10, null, null), p), 401,
                    "the token is unknown");
            refused(call(base, "POST", "/api/tests", workerToken, BoardTest.definition("t", 10, null, null), p), 403,
                    "a worker token only plays");
            refused(call(base, "GET", "/api/tests/999", null, null, p), 404, "test 999 does not exist");
            refused(call(base, "GET", "/api/tests/x1", null, null, p), 400, "'x1' is not an id");
            refused(call(base, "GET", "/api/nothing", null, null, p), 404, "no endpoint GET /api/nothing");
            refused(call(base, "POST", "/api/tests/999/stop", admin, null, p), 404, "test 999 does not exist");

            Wire.Hello hello = new Wire.Hello(p, "t", "box", 2, Map.of(), false);
            refused(call(base, "POST", "/api/workers", admin, Wire.write(hello), p), 403, "this endpoint is for workers");
            refused(call(base, "POST", "/api/workers", workerToken, Wire.write(hello), p - 1), 426, "this worker speaks protocol " + (p - 1));
            refused(call(base, "POST", "/api/workers", workerToken, Wire.write(new Wire.Hello(p - 1, "t", "box", 2, Map.of(),
                    false)), p), 426, "this worker speaks protocol " + (p - 1));
            refused(call(base, "POST", "/api/workers", workerToken, "{\"protocol\": 1, \"surprise\": 2}", p), 400,
                    "not a Hello");
            refused(call(base, "POST", "/api/workers", workerToken, Wire.write(new Wire.Hello(p, "t", "box", 0, Map.of(),
                    false)), p), 400, "a worker has 1-1024 slots");

            ServiceClient admins = new ServiceClient(base, admin);
            Wire.Token second = admins.post("/api/tokens", new Wire.NewToken("worker", "second machine"), Wire.Token.class);
            Wire.Token bob = admins.post("/api/users", new Wire.NewUser("bob", "user"), Wire.Token.class);
            refused(call(base, "POST", "/api/users", bob.token(), "{\"name\": \"eve\", \"role\": \"admin\"}", p), 403,
                    "only an admin");
            refused(call(base, "POST", "/api/tests/" + test + "/stop", bob.token(), null, p), 403, "test " + test
                    + " is another user's");

            String built = BoardTest.definition("b", 10, null, null).replace("{\"name\": \"old\", \"engine\": \"random\"}",
                    "{\"name\": \"old\", \"protocol\": \"hub\", \"build\": {\"repo\": \"https://example.org/e.git\", "
                            + "\"ref\": \"v1\", \"command\": [\"make\"], \"binary\": \"e\"}}");
            Answer pending = call(base, "POST", "/api/tests", bob.token(), built, p);
            assertEquals("pending", Wire.read(pending.body(), Wire.Submitted.class).state(), "a test that builds waits for approval");
            long builds = Wire.read(pending.body(), Wire.Submitted.class).id();
            refused(call(base, "POST", "/api/tests/" + builds + "/approve", bob.token(), null, p), 403, "only an approver");
            refused(call(base, "POST", "/api/tests", bob.token(), built.replace("https://example.org/e.git", "/home/me/e"), p), 400,
                    "$.players[1].build.repo: a test's engine is built from a repository URL");
            refused(call(base, "POST", "/api/tests", bob.token(), BoardTest.definition("c", 10, null, null)
                    .replace("{\"name\": \"old\", \"engine\": \"random\"}", "{\"name\": \"old\", \"protocol\": \"hub\", "
                            + "\"engine\": \"scan\", \"command\": [\"/bin/sh\"]}"), p), 400, "$.players[1].command: a test for the service");
            assertEquals(200, call(base, "POST", "/api/tests/" + builds + "/approve", admin, null, p).status());
            assertEquals("active", admins.get("/api/tests/" + builds, Wire.TestView.class).state());
            admins.post("/api/tests/" + builds + "/stop", "{}");

            long one = Wire.read(call(base, "POST", "/api/workers", workerToken, Wire.write(hello), p).body(), Wire.Welcome.class).worker();
            long two = Wire.read(call(base, "POST", "/api/workers", second.token(), Wire.write(hello), p).body(),
                    Wire.Welcome.class).worker();
            Wire.Grant g = Wire.read(call(base, "POST", "/api/workers/" + one + "/task", workerToken, "{}", p).body(),
                    Wire.TaskAnswer.class).task();
            assertNotNull(g);
            refused(call(base, "POST", "/api/workers/" + one + "/task", second.token(), "{}", p), 403,
                    "worker " + one + " was registered with another token");
            Games games = new Games("new", "old", g.firstPair(), "WL");
            String report = Wire.write(new Wire.Report(one, Games.counts("WL"), games.pdn, 10));
            refused(call(base, "POST", "/api/tasks/" + g.task() + "/report", second.token(),
                    Wire.write(new Wire.Report(two, Games.counts("WL"), games.pdn, 10)), p), 403, "task " + g.task()
                    + " is leased to another worker");
            refused(call(base, "POST", "/api/tasks/" + g.task() + "/report", second.token(), report, p), 403,
                    "worker " + one + " was registered with another token");
            refused(call(base, "POST", "/api/tasks/12345/report", workerToken, report, p), 410, "task 12345 is over or unknown");
            refused(call(base, "POST", "/api/tasks/" + g.task() + "/failure", second.token(),
                    Wire.write(new Wire.Failure(two, "not mine")), p), 403, "task " + g.task() + " is leased to another worker");
            refused(call(base, "POST", "/api/tasks/" + g.task() + "/failure", second.token(),
                    Wire.write(new Wire.Failure(one, "not mine")), p), 403, "worker " + one + " was registered with another token");
            refused(call(base, "POST", "/api/tasks/12345/failure", workerToken, Wire.write(new Wire.Failure(one, "x")), p), 410,
                    "task 12345 is over or unknown");
            refused(call(base, "POST", "/api/workers/999/beat", workerToken, Wire.write(new Wire.Beat(List.of(g.task()))), p),
                    410, "worker 999 is not registered");
            refused(call(base, "POST", "/api/workers/" + one + "/beat", workerToken, "{\"tasks\": [1,", p), 400, "not a Beat");
            assertEquals(List.of(g.task()), Wire.read(call(base, "POST", "/api/workers/" + two + "/beat", second.token(),
                    Wire.write(new Wire.Beat(List.of(g.task()))), p).body(), Wire.BeatAnswer.class).stop(),
                    "a beat for a lease the worker does not hold: told to stop it, the lease untouched");
            refused(call(base, "POST", "/api/tasks/" + g.task() + "/report", workerToken,
                    Wire.write(new Wire.Report(one, Games.counts("WW"), games.pdn, 10)), p), 400, "the counts add");
            refused(call(base, "POST", "/api/tasks/" + g.task() + "/report", workerToken,
                    Wire.write(new Wire.Report(one, Games.counts("WL"), "[Event \"x\"\n1. e4 *", 10)), p), 400, "");
            assertEquals(Counts.ZERO, admins.get("/api/tests/" + test, Wire.TestView.class).counts(), "nothing refused counted");

            Answer ok = call(base, "POST", "/api/tasks/" + g.task() + "/report", workerToken, report, p);
            assertEquals(200, ok.status(), ok.body());
            assertEquals("accepted", Wire.read(ok.body(), Wire.ReportAnswer.class).status());
            Answer again = call(base, "POST", "/api/tasks/" + g.task() + "/report", workerToken, report, p);
            assertEquals("duplicate", Wire.read(again.body(), Wire.ReportAnswer.class).status(), "a retry changes nothing");
            assertEquals(Games.counts("WL"), admins.get("/api/tests/" + test, Wire.TestView.class).counts());
            assertTrue(admins.get("/api/tests/" + test + "/pdn").contains("[Game \"" + (GameTask.FIRST_ID + 2 * g.firstPair()) + "\"]"));

            admins.delete("/api/tokens/" + second.id());
            refused(call(base, "POST", "/api/workers", second.token(), Wire.write(hello), p), 401, "the token is unknown or revoked");
            assertFalse(Files.readString(dir.resolve("db.mv.db"), java.nio.charset.StandardCharsets.ISO_8859_1)
                    .contains(admin), "the database holds no token, only hashes");
        }
        try (ServiceHost again = ServiceHost.start(url, "127.0.0.1:0", data, settings)) {
            assertEquals(List.of(), again.written(), "the second start writes no token");
        }
    }
}

package arbiter.service.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import arbiter.service.pages.WebClient;
import arbiter.service.protocol.TokenFiles;
import arbiter.service.protocol.Wire;
import arbiter.service.schedule.Board;
import arbiter.service.schedule.BoardTest;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A test's SPRT as the API shows it is read from that server's own database: two servers in one JVM
 * (as the tests run them), each with its test 1 of other bounds, show each its own.
 */
class ViewsTest {
    @TempDir
    Path dir;

    private static double elo1Of(Path dir, String sprt) {
        try (ServiceHost host = ServiceHost.start("jdbc:h2:file:" + dir.resolve("db"), "127.0.0.1:0", dir.resolve("data"),
                new Board.Settings(60_000, 1_000, 1_000, 60_000, 500))) {
            WebClient web = new WebClient("http://" + host.address());
            String admin = TokenFiles.read(dir.resolve("data/admin.token"));
            long id = Wire.read(web.api("POST", "/api/tests", admin, BoardTest.definition("t", 4, sprt, null)).body(),
                    Wire.Submitted.class).id();
            assertEquals(1, id);
            return Wire.read(web.api("GET", "/api/tests/1", admin, null).body(), Wire.TestView.class).sprt().elo1();
        }
    }

    @Test
    void eachServerShowsItsOwnTestsSprt() {
        assertEquals(200, elo1Of(dir.resolve("a"), "{\"elo0\": 0, \"elo1\": 200}"));
        assertEquals(60, elo1Of(dir.resolve("b"), "{\"elo0\": 0, \"elo1\": 60}"), "not the other server's test 1");
    }
}

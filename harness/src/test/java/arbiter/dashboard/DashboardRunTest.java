package arbiter.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.game.Rules;
import arbiter.pdn.GameRecord;
import arbiter.pdn.PdnReader;
import arbiter.pdn.RecordCheck;
import arbiter.play.Opening;
import arbiter.tournament.StandingsReporter;
import arbiter.tournament.Tournament;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The page over a whole run in real Chromium: the plies its boards show are the plies of the game's record,
 * a finished game opens from the log and steps through its moves, the end of the run is said with its report,
 * a plain HTTP client gets the event stream, and a run killed with SIGKILL is reported lost within 5 s.
 */
class DashboardRunTest {
    @TempDir
    Path dir;

    private static Object js(WebDriver d, String script, Object... args) {
        return ((ChromeDriver) d).executeScript(script, args);
    }

    private static String text(WebDriver d, String css) {
        return (String) js(d, "return Array.from(document.querySelectorAll(arguments[0])).map(e => e.textContent).join('|')", css);
    }

    /** The position text after {@code ply} plies of game {@code id} in the log. */
    private static String positionInLog(Map<Integer, GameRecord> games, int id, int ply) {
        GameRecord g = games.get(id);
        Rules rules = RecordCheck.rules(g, null);
        return new Opening("log", g.tag("FEN"), g.moves().subList(0, ply)).replay(rules).current().toText();
    }

    @Test
    @SuppressWarnings("unchecked")
    void boardsShowTheRecordsPlyAndFinishedGamesReplayFromTheLog() throws Exception {
        Path f = dir.resolve("run.json");
        Files.writeString(f, """
                { "name": "plies", "game": {"variant": "english"},
                  "players": [ {"name": "one", "engine": "draughts-alphabeta", "limits": {"moveTimeMs": 40}},
                               {"name": "two", "engine": "draughts-alphabeta", "limits": {"moveTimeMs": 30}} ],
                  "schedule": {"type": "match", "players": ["one", "two"], "games": 4},
                  "openings": {"randomPlies": 3, "pairs": true}, "adjudication": {"maxPlies": 120},
                  "concurrency": 2, "seed": 5, "output": "%s" }""".formatted(dir.resolve("out")));
        RunConfig config = ConfigLoader.load(f);
        AtomicReference<Throwable> failed = new AtomicReference<>();
        WebDriver d = DashboardBrowserTest.browser(dir.resolve("profile"));
        try (Dashboard dashboard = new Dashboard("127.0.0.1:0", null)) {
            dashboard.staysAfterRun(true); // as `run --dashboard` at a terminal, or with --keep-dashboard
            Tournament run = new Tournament(config, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()),
                    new StandingsReporter(false)).subscribe(dashboard);
            Thread games = new Thread(() -> {
                try {
                    run.run();
                } catch (Throwable e) {
                    failed.set(e);
                }
            });
            d.get("http://" + dashboard.address() + "/");
            // The page's stream is open before the first game starts (on a loaded machine the page may connect
            // later than a short match ends): a second stream opened beside the page's has heard the server.
            js(d, """
                    window.streamHeard = false;
                    const probe = new EventSource("api/events");
                    for (const kind of ["state", "ping"]) {
                      probe.addEventListener(kind, () => { window.streamHeard = true; probe.close(); });
                    }""");
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (!Boolean.TRUE.equals(js(d, "return window.streamHeard"))) {
                assertTrue(System.nanoTime() < deadline, "the page's event stream never answered");
                Thread.sleep(50);
            }
            games.start();
            // What the page's live boards showed: game, ply, position.
            Set<List<Object>> seen = new LinkedHashSet<>();
            while (games.isAlive()) {
                List<List<Object>> boards = (List<List<Object>>) js(d, """
                        return Array.from(document.querySelectorAll('#live .board')).map(b => [+b.dataset.gameId,
                          +b.dataset.ply, b.querySelector('svg.position').getAttribute('data-position')]);""");
                seen.addAll(boards);
                Thread.sleep(100);
            }
            games.join();
            if (failed.get() != null) {
                throw new AssertionError("the run failed", failed.get());
            }
            Map<Integer, GameRecord> log = new HashMap<>();
            for (GameRecord g : PdnReader.readAll(dir.resolve("out/games.pdn"), w -> { })) {
                log.put(Integer.parseInt(g.tag("Game")), g);
            }
            assertEquals(4, log.size());
            // At least one board after engine moves (the opening has 3 plies): the sampled plies are the ones checked.
            assertTrue(seen.stream().anyMatch(b -> ((Number) b.get(1)).intValue() > 3), "boards seen while the games were played: " + seen);
            for (List<Object> b : seen) {
                int id = ((Number) b.get(0)).intValue();
                int ply = ((Number) b.get(1)).intValue();
                assertEquals(positionInLog(log, id, ply), b.get(2), "game " + id + ": the board said ply " + ply);
            }

            // The end of the run, with its report.
            WebDriverWait wait = new WebDriverWait(d, Duration.ofSeconds(20));
            wait.until(x -> text(x, "#status").contains("The run has ended"));
            assertTrue(text(d, "#status").contains("all 4 games played"), text(d, "#status"));
            assertTrue(text(d, "#serving").contains("stay served until Arbiter is stopped (Ctrl-C"), text(d, "#status"));
            assertEquals("report", js(d, "return document.getElementById('report-link').getAttribute('href')"));
            String report = (String) js(d, "return fetch('report').then(r => r.status + ' ' + r.headers.get('content-type'))");
            assertTrue(report.startsWith("200 text/html"), report);
            assertFalse(text(d, "#progress-text").contains("ETA"), text(d, "#progress-text"));

            // The finished list as drawn: each row the record of its number, with the record's result token (2-0, 1-1).
            List<List<String>> rows = (List<List<String>>) js(d, """
                    return Array.from(document.querySelectorAll('#finished tbody tr'))
                      .map(tr => Array.from(tr.children).map(td => td.textContent));""");
            assertEquals(4, rows.size(), rows.toString());
            for (List<String> row : rows) {
                GameRecord g = log.get(Integer.parseInt(row.get(0)));
                assertEquals(List.of(g.tag("White"), g.tag("Black"), g.tag("Result")), row.subList(1, 4), row.toString());
            }
            // A finished game opens from the log, at its end, and steps back and forth through its plies.
            d.findElement(By.cssSelector("#finished tbody tr")).click();
            wait.until(x -> !x.findElements(By.cssSelector("#viewer-board svg.position")).isEmpty());
            int id = Integer.parseInt(text(d, "#finished tbody tr:first-child td:first-child"));
            int plies = log.get(id).moves().size();
            assertEquals(Integer.toString(plies), js(d, "return document.querySelector('#viewer-board svg').dataset.ply"));
            assertTrue(text(d, "#viewer-ply").startsWith("ply " + plies + " / " + plies), text(d, "#viewer-ply"));
            d.findElement(By.id("viewer-first")).click();
            d.findElement(By.id("viewer-forward")).click();
            d.findElement(By.id("viewer-forward")).click();
            d.findElement(By.id("viewer-forward")).click();
            d.findElement(By.id("viewer-back")).click();
            assertEquals(positionInLog(log, id, 2), js(d, "return document.querySelector('#viewer-board svg').dataset.position"));
            assertTrue(text(d, "#viewer-ply").startsWith("ply 2 / " + plies + ", last " + log.get(id).moves().get(1)), text(d, "#viewer-ply"));
            d.findElement(By.id("viewer-play")).click();
            wait.until(x -> Integer.parseInt((String) js(x, "return document.querySelector('#viewer-board svg').dataset.ply")) >= 4);

            // A plain client (no Accept: text/event-stream) gets the stream.
            HttpURLConnection c = (HttpURLConnection) URI.create("http://" + dashboard.address() + "/api/events").toURL().openConnection();
            c.setReadTimeout(5000);
            assertEquals("text/event-stream", c.getContentType().split(";")[0]);
            try (BufferedReader in = new BufferedReader(new InputStreamReader(c.getInputStream(), StandardCharsets.UTF_8))) {
                assertEquals("event: state", in.readLine());
                assertTrue(in.readLine().startsWith("data: {"));
            }
            c.disconnect();
            dashboard.close();
            // Once the dashboard is closed the page says it has stopped, and no longer offers the report as a link.
            wait.until(x -> text(x, "#serving").equals("The dashboard has stopped."));
            assertEquals(0, d.findElements(By.id("report-link")).size());
        } finally {
            d.quit();
        }
    }

    /**
     * What a script and a person each get from {@code --dashboard} at the end of a run. Kept (a person at a
     * terminal, or {@code --keep-dashboard}): the command says so, and the report and every game stay served until
     * it is stopped (SIGTERM here, Ctrl-C at a terminal); without a terminal (a script: this test's pipes) the
     * command ends with its run, as cutechess-cli and fastchess do.
     */
    @Test
    void aKeptDashboardServesTheReportAndGamesUntilStoppedAndAScriptsRunEnds() throws Exception {
        Path f = dir.resolve("short.json");
        Files.writeString(f, """
                { "name": "short", "game": {"variant": "english"},
                  "players": [ {"name": "one", "engine": "random"}, {"name": "two", "engine": "random"} ],
                  "schedule": {"type": "match", "players": ["one", "two"], "games": 2}, "limits": {"depth": 1},
                  "output": "%s" }""".formatted(dir.resolve("out")));
        Process p = arbiter("run", f.toString(), "--dashboard", "127.0.0.1:0", "--keep-dashboard");
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            Pattern stays = Pattern.compile("^The run has ended\\. The dashboard stays on http://(\\S+)/ .*Ctrl-C");
            String address = null;
            List<String> lines = new ArrayList<>();
            for (String line; address == null && (line = out.readLine()) != null; ) {
                lines.add(line);
                Matcher m = stays.matcher(line);
                if (m.find()) {
                    address = m.group(1);
                }
            }
            assertNotNull(address, "the run's output: " + lines);
            assertTrue(lines.contains("2 games in " + dir.resolve("out/games.pdn")), lines.toString());
            // the report and the games, after the run, from the same server
            assertEquals(200, get("http://" + address + "/report").statusCode());
            var game = get("http://" + address + "/api/game/1");
            assertEquals(200, game.statusCode(), game.body());
            assertTrue(game.body().contains("\"id\":1,"), game.body());
            Thread.sleep(500);
            assertTrue(p.isAlive(), "served on until stopped");
            p.destroy(); // SIGTERM, as Ctrl-C's SIGINT: the shutdown hook releases the dashboard
            assertTrue(p.waitFor(20, TimeUnit.SECONDS), "stopped");
        } finally {
            p.destroyForcibly();
        }
        // A script's run (no terminal, no flag): the command ends with its run (here the same, with nothing left to play).
        Process script = arbiter("run", f.toString(), "--dashboard", "127.0.0.1:0");
        try {
            String all = new String(script.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(script.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, script.exitValue(), all);
            assertTrue(all.contains("2 games in ") && all.contains("Dashboard on http://") && !all.contains("stays on"), all);
        } finally {
            script.destroyForcibly();
        }
    }

    /** {@code arbiter ARGS} in a JVM of its own (no terminal: its streams are pipes), its error stream in its output. */
    private static Process arbiter(String... args) throws java.io.IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "arbiter.cli.Main"));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).start();
    }

    private static java.net.http.HttpResponse<String> get(String url) throws Exception {
        return java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(10)).build(), java.net.http.HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aKilledRunIsReportedLostWithinFiveSeconds() throws Exception {
        Path f = dir.resolve("long.json");
        Files.writeString(f, """
                { "name": "killed", "game": {"variant": "international"},
                  "players": [ {"name": "one", "engine": "draughts-alphabeta", "limits": {"depth": 6}},
                               {"name": "two", "engine": "draughts-alphabeta", "limits": {"depth": 6}} ],
                  "schedule": {"type": "match", "players": ["one", "two"], "games": 200},
                  "openings": {"randomPlies": 4, "pairs": true}, "adjudication": {"maxPlies": 160},
                  "concurrency": 1, "seed": 3, "output": "%s" }""".formatted(dir.resolve("out")));
        Process p = arbiter("run", f.toString(), "--dashboard", "127.0.0.1:0");
        WebDriver d = null;
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            String address = null;
            Pattern dashboard = Pattern.compile("Dashboard on http://(\\S+)/");
            List<String> lines = new ArrayList<>();
            for (String line; address == null && (line = out.readLine()) != null; ) {
                lines.add(line);
                Matcher m = dashboard.matcher(line);
                if (m.find()) {
                    address = m.group(1);
                }
            }
            assertNotNull(address, "the run's output: " + lines);
            Thread drain = new Thread(() -> {
                try {
                    while (out.readLine() != null) {
                        // keep the pipe empty
                    }
                } catch (java.io.IOException e) {
                    // the process is gone
                }
            });
            drain.setDaemon(true);
            drain.start();
            d = DashboardBrowserTest.browser(dir.resolve("profile"));
            d.get("http://" + address + "/");
            WebDriverWait wait = new WebDriverWait(d, Duration.ofSeconds(60));
            wait.until(x -> !x.findElements(By.cssSelector("#live svg.position")).isEmpty());
            assertTrue((Boolean) js(d, "return document.getElementById('status').hidden"), "no banner while the run plays");

            long killed = System.nanoTime();
            p.destroyForcibly(); // SIGKILL
            assertTrue(p.waitFor(10, TimeUnit.SECONDS));
            new WebDriverWait(d, Duration.ofSeconds(5)).until(x -> text(x, "#status").startsWith("Connection lost"));
            long ms = (System.nanoTime() - killed) / 1_000_000;
            assertTrue(ms <= 5000, "said after " + ms + " ms");
            // Nothing is shown as live any more: no rate, no ETA, no boards of games in progress.
            assertFalse(text(d, "#progress-text").contains("ETA"), text(d, "#progress-text"));
            assertFalse(text(d, "#progress-text").contains("games/min"), text(d, "#progress-text"));
            assertEquals(0, d.findElements(By.cssSelector("#live svg.position")).size());
            assertTrue((Boolean) js(d, "return document.body.classList.contains('stale')"));
        } finally {
            p.destroyForcibly();
            if (d != null) {
                d.quit();
            }
        }
    }
}

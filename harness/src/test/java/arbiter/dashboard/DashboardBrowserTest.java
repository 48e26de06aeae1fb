package arbiter.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.play.GameTask;
import arbiter.play.Opening;
import arbiter.tournament.RunListener;
import arbiter.results.Scoreboard;
import arbiter.tournament.StandingsReporter;
import arbiter.tournament.Tournament;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Level;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.WebDriverWait;

/** The dashboard in real Chromium (Debian's chromium and chromium-driver) while a match with an SPRT is played. */
public class DashboardBrowserTest {
    @TempDir
    Path dir;

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    /** Debian's chromium, headless, with its console log kept (the test service's browser test uses it too). */
    public static WebDriver browser(Path profile) {
        assertTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "install Debian's chromium and chromium-driver (apt-get install chromium chromium-driver; .ci/run does)");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--user-data-dir=" + profile, "--window-size=1300,1100");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort().build();
        return new ChromeDriver(service, options);
    }

    /** Read in one script call: the page replaces its elements on every update, so a found element may go stale. */
    private static String text(WebDriver d, String css) {
        return (String) ((ChromeDriver) d).executeScript(
                "return Array.from(document.querySelectorAll(arguments[0])).map(e => e.textContent).join('|')", css);
    }

    private static int llrPoints(WebDriver d) {
        String points = (String) ((ChromeDriver) d).executeScript(
                "const l = document.querySelector('#llr-chart polyline.series'); return l ? l.getAttribute('points') : ''");
        return points.isBlank() ? 0 : points.trim().split(" ").length;
    }

    @Test
    void thePageFollowsTheRunInRealChromium() throws Exception {
        Path f = dir.resolve("match.json");
        Files.writeString(f, """
                { "name": "browser", "game": {"variant": "international"},
                  "players": [ {"name": "one", "engine": "draughts-alphabeta", "limits": {"depth": 6}},
                               {"name": "other", "engine": "draughts-alphabeta", "limits": {"depth": 6}} ],
                  "schedule": {"type": "match", "players": ["one", "other"], "games": 400,
                               "sprt": {"elo0": 0, "elo1": 10, "alpha": 0.05, "beta": 0.05}},
                  "openings": {"randomPlies": 4, "pairs": true}, "adjudication": {"maxPlies": 160},
                  "concurrency": 2, "seed": 3, "output": "%s" }""".formatted(dir.resolve("out")));
        RunConfig config = ConfigLoader.load(f);
        AtomicReference<Throwable> failed = new AtomicReference<>();
        try (Dashboard dashboard = new Dashboard("127.0.0.1:0", null)) {
            Tournament run = new Tournament(config, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()),
                    new StandingsReporter()).subscribe(dashboard);
            Thread games = new Thread(() -> {
                try {
                    run.run();
                } catch (Throwable e) {
                    failed.set(e);
                }
            });
            games.start();
            WebDriver d = browser(dir.resolve("profile"));
            try {
                d.get("http://" + dashboard.address() + "/");
                WebDriverWait wait = new WebDriverWait(d, Duration.ofSeconds(60));
                assertTrue(d.getTitle().startsWith("Arbiter"), d.getTitle());
                wait.until(x -> x.findElements(By.cssSelector("#ratings tbody tr")).size() == 2);
                // A board of a game in progress, with its pieces.
                wait.until(x -> !x.findElements(By.cssSelector("#live svg.position circle.piece")).isEmpty());
                String ratings = text(d, "#ratings tbody tr");
                String progress = text(d, "#progress-text");
                wait.until(x -> llrPoints(x) >= 1);
                int points = llrPoints(d);
                // As games finish the table, the progress and the LLR chart change by themselves (server-sent events).
                wait.until(x -> !text(x, "#ratings tbody tr").equals(ratings) && !text(x, "#progress-text").equals(progress));
                wait.until(x -> llrPoints(x) > points);
                assertTrue(text(d, "#match-counts").contains("pentanomial [LL, LD, WL+DD, WD, WW]"), text(d, "#match-counts"));
                assertTrue(text(d, "#match").contains("SPRT [0, 10]"), text(d, "#match"));
                assertTrue(text(d, "#match-llr").contains("H0 ") && text(d, "#match-llr").contains("H1 "), text(d, "#match-llr"));
                assertTrue(text(d, "#llr-chart text").contains("games|LLR"), "the chart's axes have titles: " + text(d, "#llr-chart text"));

                byte[] png = ((ChromeDriver) d).getScreenshotAs(OutputType.BYTES);
                Files.write(Path.of("target", "dashboard-screenshot.png"), png);
                BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
                assertTrue(image.getWidth() >= 1000 && image.getHeight() >= 800, image.getWidth() + "x" + image.getHeight());
                Set<Integer> colours = new HashSet<>();
                for (int y = 0; y < image.getHeight(); y += 4) {
                    for (int x = 0; x < image.getWidth(); x += 4) {
                        colours.add(image.getRGB(x, y));
                    }
                }
                assertTrue(colours.size() > 50, "a drawn page, not a blank one: " + colours.size() + " colours");

                List<LogEntry> severe = d.manage().logs().get(LogType.BROWSER).getAll().stream()
                        .filter(e -> e.getLevel().intValue() >= Level.WARNING.intValue()).toList();
                assertEquals(List.of(), severe.stream().map(LogEntry::getMessage).toList(), "no console errors");
            } finally {
                d.quit();
                run.stop();
                games.join(30_000);
            }
        }
        if (failed.get() != null) {
            throw new AssertionError("the run failed", failed.get());
        }
    }

    /** The game's board as the page draws it, fed by run events (no engine needed). */
    private static Map<String, Long> drawnBoard(WebDriver d, String variant, Opening opening, Path out) throws Exception {
        Path f = out.resolve(variant + ".json");
        Files.createDirectories(out);
        Files.writeString(f, """
                { "name": "%s-board", "game": {"variant": "%s"},
                  "players": [ {"name": "one", "engine": "random"}, {"name": "two", "engine": "random"} ],
                  "schedule": {"type": "match", "players": ["one", "two"], "games": 2}, "limits": {"depth": 1},
                  "output": "%s" }""".formatted(variant, variant, out.resolve(variant)));
        RunConfig config = ConfigLoader.load(f);
        GameTask task = new GameTask(0, 1, 0, "one", "two", opening, 1);
        try (Dashboard dashboard = new Dashboard("127.0.0.1:0", null)) {
            dashboard.runStarted(new RunListener.RunStart(config, List.of(task), 0, new Scoreboard(List.of("one", "two"), null, null, false, null),
                    new PrintWriter(new StringWriter()), null));
            dashboard.gameStarted(task, "local-1");
            d.get("http://" + dashboard.address() + "/");
            new WebDriverWait(d, Duration.ofSeconds(20)).until(x -> !x.findElements(By.cssSelector("#live svg.position")).isEmpty());
            @SuppressWarnings("unchecked")
            Map<String, Long> counts = (Map<String, Long>) ((ChromeDriver) d).executeScript("""
                    const b = document.querySelector('#live svg.position');
                    return {pieces: b.querySelectorAll('.piece').length, kings: b.querySelectorAll('.king').length,
                            walls: b.querySelectorAll('.wall').length, labels: b.querySelectorAll('text.count').length};""");
            List<LogEntry> severe = d.manage().logs().get(LogType.BROWSER).getAll().stream()
                    .filter(e -> e.getLevel().intValue() >= Level.WARNING.intValue()).toList();
            assertEquals(List.of(), severe.stream().map(LogEntry::getMessage).toList(), variant + ": no console errors");
            return counts;
        }
    }

    @Test
    void chessQuoridorAndBackgammonBoardsAreDrawn() throws Exception {
        WebDriver d = browser(dir.resolve("profile"));
        try {
            // Chess after 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Bxc6 dxc6: 30 pieces (a knight and a bishop taken), each a glyph.
            Map<String, Long> chess = drawnBoard(d, "chess",
                    new Opening("ruy", null, List.of("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6")), dir);
            assertEquals(30L, chess.get("pieces"), chess.toString());
            // Quoridor after two pawn steps and two walls: both pawns and both walls.
            Map<String, Long> quoridor = drawnBoard(d, "quoridor",
                    new Opening("walls", null, List.of("e2", "e8", "e3h", "c5v")), dir);
            assertEquals(2L, quoridor.get("pieces"), quoridor.toString());
            assertEquals(2L, quoridor.get("walls"), quoridor.toString());
            // Backgammon's start: 15 checkers a side on 4 points, every one drawn (stacks over 5 would show 5 and
            // their count; DashboardBoardsTest checks one), none borne off, so no count label.
            Map<String, Long> backgammon = drawnBoard(d, "backgammon", Opening.start(), dir);
            assertEquals(2L * 15, backgammon.get("pieces"), backgammon.toString());
            assertEquals(0L, backgammon.get("labels"), "no stack over five, nothing borne off: " + backgammon);
            // Draughts kings are marked: an English position with a king each.
            Map<String, Long> kings = drawnBoard(d, "english", new Opening("kings", "W:WK1,30:BK32,5", List.of()), dir);
            assertEquals(4L, kings.get("pieces"), kings.toString());
            assertEquals(2L, kings.get("kings"), kings.toString());
        } finally {
            d.quit();
        }
    }

    @Test
    void theRunReportRendersInChromium() throws Exception {
        Path f = dir.resolve("report.json");
        Files.writeString(f, """
                { "name": "report-in-browser", "game": {"variant": "english"},
                  "players": [ {"name": "deep", "engine": "draughts-alphabeta", "limits": {"depth": 3}},
                               {"name": "random", "engine": "random"} ],
                  "schedule": {"type": "match", "players": ["deep", "random"], "games": 40,
                               "sprt": {"elo0": 0, "elo1": 50}},
                  "openings": {"randomPlies": 2, "pairs": true}, "limits": {"depth": 1}, "adjudication": {"maxPlies": 150},
                  "concurrency": 2, "seed": 9, "output": "%s" }""".formatted(dir.resolve("out")));
        new Tournament(ConfigLoader.load(f), new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()),
                new StandingsReporter(false)).run();
        Path html = dir.resolve("out/report.html");
        WebDriver d = browser(dir.resolve("profile"));
        try {
            d.get(html.toUri().toString());
            assertEquals("report-in-browser", d.getTitle());
            for (String id : List.of("conditions", "players", "match", "ratings", "crosstable", "head-to-head", "los",
                    "terminations", "moves")) {
                assertEquals(1, d.findElements(By.cssSelector("section#" + id + " table")).size(), id);
            }
            // Both charts are drawn inline with their axis titles and a data series.
            assertEquals(2, d.findElements(By.cssSelector("figure svg")).size());
            assertTrue(text(d, "#chart-llr text").contains("Games|LLR"), text(d, "#chart-llr text"));
            assertEquals(1, d.findElements(By.cssSelector("#chart-llr polyline.series")).size());
            Long chartWidth = (Long) ((ChromeDriver) d).executeScript(
                    "return Math.round(document.querySelector('#chart-ratings svg').getBoundingClientRect().width)");
            assertTrue(chartWidth >= 600, "the ratings chart is laid out at its size: " + chartWidth);
            byte[] png = ((ChromeDriver) d).getScreenshotAs(OutputType.BYTES);
            Files.write(Path.of("target", "report-screenshot.png"), png);
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
            assertTrue(image.getWidth() >= 1000 && image.getHeight() >= 800, image.getWidth() + "x" + image.getHeight());
            Set<Integer> colours = new HashSet<>();
            int dark = 0;
            for (int y = 0; y < image.getHeight(); y += 2) {
                for (int x = 0; x < image.getWidth(); x += 2) {
                    int rgb = image.getRGB(x, y);
                    colours.add(rgb);
                    dark += (rgb & 0xff) < 128 ? 1 : 0;
                }
            }
            assertTrue(colours.size() > 20 && dark > 500, "a drawn page, not a blank one: " + colours.size() + " colours, "
                    + dark + " dark samples");
            List<LogEntry> severe = d.manage().logs().get(LogType.BROWSER).getAll().stream()
                    .filter(e -> e.getLevel().intValue() >= Level.WARNING.intValue()).toList();
            assertEquals(List.of(), severe.stream().map(LogEntry::getMessage).toList(), "no console errors");
        } finally {
            d.quit();
        }
    }
}

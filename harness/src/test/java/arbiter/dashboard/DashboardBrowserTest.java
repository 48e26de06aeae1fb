package arbiter.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
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
class DashboardBrowserTest {
    @TempDir
    Path dir;

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    static WebDriver browser(Path profile) {
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
                assertTrue(text(d, "#match").contains("pentanomial [LL, LD, WL+DD, WD, WW]"), text(d, "#match"));
                assertTrue(text(d, "#match").contains("SPRT [0, 10]: LLR"), text(d, "#match"));
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

}

package arbiter.service.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.cli.Main;
import arbiter.pdn.GameRecord;
import arbiter.pdn.PdnReader;
import arbiter.play.GameResult;
import arbiter.results.MatchReading;
import arbiter.service.api.ServiceHost;
import arbiter.service.protocol.ServiceClient;
import arbiter.service.protocol.TokenFiles;
import arbiter.service.protocol.Wire;
import arbiter.service.schedule.Board;
import arbiter.service.worker.ServiceWorker;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.logging.Level;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The whole flow in real Chromium (Debian's, as DashboardBrowserTest drives it), one browser session:
 * carol registers, an approver (alice) enables her; carol makes two worker tokens on her account page
 * and submits an SPRT test on the form (its name and description carrying markup); alice approves it;
 * two workers (one per token) play it while alice's page follows it live, without a reload, until the
 * SPRT stops it; the PDN downloads, and the page's W/D/L, pentanomial counts, Elo ±, LLR and
 * median-unbiased Elo are those {@code arbiter elo --pairs} and {@code arbiter sprt} give on its
 * counted games; a game opens in the dashboard's viewer (the viewer of every family:
 * DashboardBrowserTest, GameReplayTest). No script of the markup ever runs. Each page's screenshot goes to
 * target/service-pages/ (those of docs/service.md were taken so).
 */
class ServiceBrowserTest {
    static final Path SHOTS = Path.of("target", "service-pages");
    /** Markup in the test's name and description: shown as text, never run (the name has no '/': it names a folder). */
    static final String NAME = "deep<img src=x onerror=window.__xss=1>";
    static final String DESCRIPTION = "<script>window.__xss=1</script> depth 2 against depth 1";

    @TempDir
    Path dir;

    private WebDriver d;
    private WebDriverWait wait;
    private String base;

    private Object js(String script, Object... args) {
        return ((JavascriptExecutor) d).executeScript(script, args);
    }

    private String text(String css) {
        return (String) js("const e = document.querySelector(arguments[0]); return e ? e.textContent : null", css);
    }

    private void open(String path) {
        d.get(base + path);
        wait.until(x -> "complete".equals(js("return document.readyState")));
    }

    private void fill(String name, String value) {
        WebElement e = d.findElement(By.name(name));
        e.clear();
        e.sendKeys(value);
    }

    /** Sends a form and waits for the page it leads to (the old one gone, the new one loaded). */
    private void submit(String formCss) {
        WebElement button = d.findElement(By.cssSelector(formCss + " button[type=submit]"));
        button.click();
        wait.until(x -> gone(button));
        wait.until(x -> "complete".equals(js("return document.readyState")));
    }

    /**
     * Whether the element has left the document. {@code ExpectedConditions.stalenessOf} knows only
     * StaleElementReferenceException; while the next page replaces the old one, chromedriver may
     * answer instead "Node with given id does not belong to the document" (2 of 5 runs failed on it).
     */
    private static boolean gone(WebElement e) {
        try {
            e.isEnabled();
            return false;
        } catch (StaleElementReferenceException stale) {
            return true;
        } catch (WebDriverException other) {
            if (String.valueOf(other.getMessage()).contains("does not belong to the document")) {
                return true;
            }
            throw other;
        }
    }

    private void login(String name) {
        open("/login");
        fill("name", name);
        fill("password", ServiceAccessTest.PASSWORD);
        submit("form[action='/login']");
        wait.until(x -> name.equals(text("#me")));
    }

    private void logout() {
        submit("form[action='/logout']");
        wait.until(x -> text("#me") == null);
    }

    /** Opens the first game of the list in the viewer (again if a live swap replaced the row under the click). */
    private void clickFirstGame() {
        wait.ignoring(StaleElementReferenceException.class).until(x -> {
            d.findElement(By.cssSelector("#games-table tbody tr")).click();
            return true;
        });
    }

    /** The whole page (the window as tall as the page, up to 2400 px), as target/service-pages/NAME.png. */
    private void shot(String name) throws Exception {
        Files.createDirectories(SHOTS);
        js("window.scrollTo(0, 0)");
        long height = (Long) js("return Math.ceil(document.documentElement.scrollHeight)");
        Dimension size = d.manage().window().getSize();
        int want = (int) Math.min(2400, Math.max(400, height));
        d.manage().window().setSize(new Dimension(size.getWidth(), want));
        long shown = (Long) js("return window.innerHeight"); // the window holds the browser's own bars besides the page
        d.manage().window().setSize(new Dimension(size.getWidth(), (int) Math.min(2600, want + Math.max(0, want - shown))));
        Files.write(SHOTS.resolve(name + ".png"), ((TakesScreenshot) d).getScreenshotAs(OutputType.BYTES));
        d.manage().window().setSize(size);
    }

    /** No script of the stored markup ran on this page, and the browser logged no error. */
    private void noScriptRan(String page) {
        assertEquals(null, js("return window.__xss === undefined ? null : 'ran'"), page + ": a stored script ran");
        List<LogEntry> severe = d.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.WARNING.intValue()).toList();
        assertEquals(List.of(), severe.stream().map(LogEntry::getMessage).toList(), page + ": no console errors or blocked scripts");
    }

    @Test
    void registerApproveSubmitPlayStopDownloadAndCompare() throws Exception {
        Board.Settings fast = new Board.Settings(30_000, 300, 300, 3_000, 300);
        List<ServiceWorker> workers = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        try (ServiceHost host = ServiceHost.start("jdbc:h2:file:" + dir.resolve("db"), "127.0.0.1:0", dir.resolve("data"), fast,
                List.of(ServicePages::new))) {
            base = "http://" + host.address();
            WebClient api = new WebClient(base);
            String admin = TokenFiles.read(dir.resolve("data/admin.token"));
            String alice = Wire.read(api.api("POST", "/api/users", admin, Wire.write(new Wire.NewUser("alice", "approver"))).body(),
                    Wire.Token.class).token();
            api.api("POST", "/api/password", alice, Wire.write(new Wire.Password(ServiceAccessTest.PASSWORD)));
            d = arbiter.dashboard.DashboardBrowserTest.browser(dir.resolve("profile"));
            wait = new WebDriverWait(d, Duration.ofSeconds(120));
            try {
                // carol registers; alice (an approver) enables her
                open("/register");
                shot("service-register");
                fill("name", "carol");
                fill("password", ServiceAccessTest.PASSWORD);
                fill("password2", ServiceAccessTest.PASSWORD);
                submit("form[action='/register']");
                assertTrue(text("#message").startsWith("Registered: carol"), text("#message"));
                open("/login");
                shot("service-login");
                login("alice");
                open("/users");
                assertTrue(d.getPageSource().contains("pending"), "carol waits");
                shot("service-users");
                submit("form[action='/users/carol/enable']");
                logout();

                // carol makes a worker token for each of her two machines, and submits a test on the form
                login("carol");
                List<String> tokens = new ArrayList<>();
                for (String machine : List.of("m1", "m2")) {
                    open("/account");
                    fill("label", machine);
                    submit("form[action='/account/tokens']");
                    tokens.add(text("#new-token"));
                }
                shot("service-account");
                open("/account");
                assertFalse(d.getPageSource().contains(tokens.get(1)), "a token is shown once");
                open("/submit");
                fill("name", NAME);
                d.findElement(By.name("description")).sendKeys(DESCRIPTION);
                fill("new_name", "deep");
                fill("new_limits", "depth=2");
                fill("base_name", "shallow");
                fill("base_limits", "depth=1");
                fill("pairs", "300");
                String forecast = text("#forecast-line");
                fill("elo1", "60");
                wait.until(x -> !forecast.equals(text("#forecast-line")) && text("#forecast-line") != null);
                assertTrue(text("#expected-h1").matches("\\d+"), "the calculator's expected games: " + text("#forecast-line"));
                String before = text("#forecast-line");
                fill("draw", "0.3");
                wait.until(x -> !before.equals(text("#forecast-line")) && text("#forecast-line") != null);
                shot("service-submit");
                submit("form.submit-form");
                String testPath = new java.net.URI(d.getCurrentUrl()).getPath();
                assertTrue(testPath.matches("/tests/\\d+"), d.getCurrentUrl());
                assertEquals("pending", text("#test-state"));
                assertEquals(0, d.findElements(By.cssSelector("form[action$='/approve']")).size(), "no self-approval");
                noScriptRan(testPath);
                logout();

                // alice approves; carol's two machines play while alice's page follows
                login("alice");
                open(testPath);
                submit("form[action$='/approve']");
                assertEquals("active", text("#test-state"));
                js("window.__marker = 42");
                for (int i = 0; i < 2; i++) {
                    ServiceWorker w = new ServiceWorker(new ServiceClient(base, tokens.get(i)), Map.of(), 1, false, "m" + (i + 1),
                            new PrintWriter(Writer.nullWriter()));
                    Thread t = new Thread(() -> {
                        try {
                            w.run();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }, "worker-m" + (i + 1));
                    workers.add(w);
                    threads.add(t);
                    t.start();
                }
                wait.until(x -> !text("#test-games").startsWith("0 "));
                wait.until(x -> "finished".equals(text("#test-state")));
                assertEquals(42L, js("return window.__marker"), "the page followed the test live, without a reload");
                open(testPath);
                clickFirstGame();
                wait.until(x -> !d.findElements(By.cssSelector("#viewer-board svg.position circle.piece")).isEmpty());
                noScriptRan(testPath);
                shot("service-test");
                open("/");
                assertTrue(d.getPageSource().contains(Html.esc(NAME)), "the name as text in the list");
                noScriptRan("/");
                shot("service-tests");
                open("/machines");
                assertTrue(text("#machines-table").contains("m1") && text("#machines-table").contains("m2"));
                shot("service-machines");
                open("/events");
                assertTrue(text("#event-log").contains("approved by alice"), text("#event-log"));
                noScriptRan("/events");
                shot("service-events");

                // the PDN downloads; the page's figures are arbiter elo's and arbiter sprt's on its counted games
                open(testPath);
                String href = d.findElement(By.id("pdn-link")).getAttribute("href");
                WebClient.Answer pdn = new WebClient(base).get(new java.net.URI(href).getPath());
                assertEquals(200, pdn.status());
                compare(pdn.body());
            } finally {
                d.quit();
            }
        } finally {
            workers.forEach(ServiceWorker::close);
            for (Thread t : threads) {
                t.join(30_000);
            }
        }
    }

    /** The page's figures against arbiter elo and arbiter sprt on the PDN's counted games (those after the stop left out). */
    private void compare(String pdn) throws Exception {
        StringBuilder counted = new StringBuilder();
        long[] wdl = new long[3];
        int after = 0;
        List<GameRecord> games = new ArrayList<>();
        new PdnReader(new StringReader(pdn), "the test's PDN", w -> { }).forEachRemaining(games::add);
        String[] records = pdn.split("\n(?=\\[Event )");
        assertEquals(games.size(), records.length, "one record a game");
        for (int i = 0; i < games.size(); i++) {
            GameRecord g = games.get(i);
            if (g.tag("Counted") != null) {
                after++;
                continue;
            }
            counted.append(records[i].strip()).append("\n\n");
            boolean white = "deep".equals(g.tag("White"));
            GameResult r = g.result();
            wdl[r == GameResult.DRAW ? 1 : (r == GameResult.WHITE_WIN) == white ? 0 : 2]++;
        }
        Path file = dir.resolve("counted.pdn");
        Files.writeString(file, counted);
        StringWriter elo = new StringWriter();
        assertEquals(0, Main.run(new PrintWriter(elo), new PrintWriter(new StringWriter()), "elo", "--pairs", file.toString()));
        Matcher m = Pattern.compile("deep vs shallow: (\\d+) pairs, pentanomial \\[LL, LD, WL\\+DD, WD, WW\\]: \\[([\\d, ]+)\\]\\n"
                + "elo: (\\S+) \\+- (\\S+) \\(95% pentanomial\\)").matcher(elo.toString());
        assertTrue(m.find(), elo.toString());
        String penta = m.group(2);
        assertEquals("[" + penta + "]", text("#test-penta"));
        assertEquals(m.group(3) + " ± " + m.group(4), text("#test-elo"));
        assertEquals(wdl[0] + " – " + wdl[1] + " – " + wdl[2], text("#test-wdl"));
        assertTrue(text("#test-games").startsWith((wdl[0] + wdl[1] + wdl[2]) + " ("), text("#test-games"));
        if (after > 0) {
            assertTrue(text("#test-late").startsWith(after + " games"), text("#test-late"));
        }
        StringWriter sprt = new StringWriter();
        assertEquals(0, Main.run(new PrintWriter(sprt), new PrintWriter(new StringWriter()), "sprt", "--elo0", "0", "--elo1", "60",
                "--penta", penta.replace(" ", "")));
        String s = sprt.toString();
        double llr = Double.parseDouble(value(s, "llr"));
        assertEquals(String.format(Locale.ROOT, "%.3f", llr), text("#test-llr").split(" ")[0]);
        assertTrue(text("#test-sprt-status").startsWith(value(s, "verdict")), text("#test-sprt-status") + " / " + s);
        Matcher u = Pattern.compile("unbiased elo: (\\S+) \\[(\\S+), (\\S+)\\]").matcher(s);
        assertTrue(u.find(), s);
        // the page writes an end at fishtest's search limit (+-1000) as "> 1000" (MatchReading), arbiter sprt the number
        assertEquals(MatchReading.unbiasedText(Double.parseDouble(u.group(1))), text("#test-elo-unbiased"));
        assertEquals("[" + MatchReading.unbiasedText(Double.parseDouble(u.group(2))) + ", "
                + MatchReading.unbiasedText(Double.parseDouble(u.group(3))) + "]", text("#test-interval-unbiased"));
    }

    private static String value(String text, String key) {
        Matcher m = Pattern.compile("(?m)^" + key + ": (.+)$").matcher(text);
        assertTrue(m.find(), key + " in " + text);
        return m.group(1).strip();
    }
}

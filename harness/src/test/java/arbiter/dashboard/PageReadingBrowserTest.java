package arbiter.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.RunConfig;
import arbiter.pdn.GameRecord;
import arbiter.play.GameTask;
import arbiter.report.RunReport;
import arbiter.results.Scoreboard;
import arbiter.tournament.MatchFixtures;
import arbiter.tournament.MatchFixtures.FishtestRow;
import arbiter.tournament.RunListener;
import arbiter.tournament.RunReports;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * What the page shows in Chromium, read from the page's text, against the report built from the same
 * games: a 16-0 match shows "all won" and the report's bound, with the ±'s kind and no LLR anywhere;
 * an SPRT stop shows the report's plain Elo and ±, the LLR with its bounds labelled H0 and H1, its
 * percentage, and fishtest's median-unbiased Elo and interval as the report prints them; the
 * conditions read as the report's. No engine plays: the games are counts fed to the run's scoreboard.
 */
class PageReadingBrowserTest {
    @TempDir
    Path dir;

    /** The page's text for the element, "" when it is not there; one script call (the page redraws its elements). */
    private static String text(WebDriver d, String css) {
        return (String) ((ChromeDriver) d).executeScript(
                "const e = document.querySelector(arguments[0]); return e ? e.textContent : ''", css);
    }

    private static long count(WebDriver d, String css) {
        return (Long) ((ChromeDriver) d).executeScript("return document.querySelectorAll(arguments[0]).length", css);
    }

    /** The report's match and conditions sections for these games; the page opened on a dashboard fed them. */
    private static RunReport show(WebDriver d, RunConfig config, List<GameTask> tasks, List<GameRecord> games,
                                  Dashboard dashboard) {
        Scoreboard board = Scoreboard.of(config);
        for (GameRecord g : games) {
            board.add(g.tag("White"), g.tag("Black"), g.result(), tasks.get(Integer.parseInt(g.tag("Game"))).pair());
        }
        dashboard.runStarted(new RunListener.RunStart(config, tasks, 0, board, new PrintWriter(new StringWriter()), null));
        d.get("http://" + dashboard.address() + "/");
        // the match block with these games' counts (drawn by any version of the page)
        new WebDriverWait(d, Duration.ofSeconds(20)).until(x -> text(x, "#match-section").contains("W " + board.verdict().wins() + " "));
        return RunReports.build(config, tasks, games, null, Instant.now(), null);
    }

    private static void noConsoleErrors(WebDriver d) {
        List<LogEntry> severe = d.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.WARNING.intValue()).toList();
        assertEquals(List.of(), severe.stream().map(LogEntry::getMessage).toList(), "no console errors");
    }

    @Test
    void thePageReadsAsTheReportForASixteenNilMatchAndAnSprtStop() throws Exception {
        WebDriver d = DashboardBrowserTest.browser(dir.resolve("profile"));
        try {
            // 16-0 in 8 pairs, no SPRT
            RunConfig c = MatchFixtures.config(dir, "perfect", 16, true, null, null);
            try (Dashboard dashboard = new Dashboard("127.0.0.1:0", null)) {
                RunReport report = show(d, c, MatchFixtures.tasks(16), MatchFixtures.pairs(new long[] {0, 0, 0, 0, 8}), dashboard);
                RunReport.Section m = report.section("match");
                assertEquals("all won", m.value("elo"));
                assertEquals(m.value("elo"), text(d, "#match-elo"));
                assertEquals(m.value("elo_error"), text(d, "#match-elo-error"));
                assertTrue(text(d, "#match").contains("95% pentanomial"), "the ±'s kind is named: " + text(d, "#match"));
                assertTrue(!text(d, "main").contains("1199") && !text(d, "main").contains("208.46"),
                        "no clamp value: " + text(d, "#match"));
                // no SPRT: no LLR row, no LLR chart, no H0/H1
                assertEquals(0, count(d, "#llr-chart"), "no LLR chart without an SPRT");
                assertEquals(0, count(d, "#match-llr, #match-llr-percent, #match-sprt-status"));
                assertTrue(!text(d, "#match-section").contains("LLR") && !text(d, "#match-section").contains("H0"),
                        text(d, "#match-section"));
                // the conditions read as the report's
                RunReport.Section cond = report.section("conditions");
                String shown = text(d, "#conditions");
                for (String key : List.of("schedule", "limits", "openings", "adjudication")) {
                    assertTrue(shown.contains(cond.value(key)), key + " '" + cond.value(key) + "' in " + shown);
                }
                assertEquals(2, count(d, "#engines tbody tr"));
                noConsoleErrors(d);
            }
            // an SPRT stop (fishtest's vectors, pentanomial counts)
            FishtestRow row = MatchFixtures.fishtestRows().get(0);
            boolean paired = row.counts().length == 5;
            List<GameRecord> games = paired ? MatchFixtures.pairs(row.counts()) : MatchFixtures.games(row.counts());
            RunConfig s = MatchFixtures.config(dir, "stop", 40000, paired, row.sprtJson(), null);
            try (Dashboard dashboard = new Dashboard("127.0.0.1:0", null)) {
                RunReport.Section m = show(d, s, MatchFixtures.tasks(40000), games, dashboard).section("match");
                assertEquals(m.value("elo"), text(d, "#match-elo"), row.toString());
                assertEquals(m.value("elo_error"), text(d, "#match-elo-error"), row.toString());
                assertEquals(m.value("elo_unbiased"), text(d, "#match-elo-unbiased"), row.toString());
                assertEquals(m.value("elo_unbiased_interval"), text(d, "#match-interval-unbiased"), row.toString());
                assertTrue(text(d, "#match").contains("Elo (plain)") && text(d, "#match").contains("median-unbiased"),
                        "both estimates, labelled: " + text(d, "#match"));
                String llr = text(d, "#match-llr");
                assertTrue(llr.startsWith(m.value("llr")) && llr.contains("H0 " + m.value("llr_lower"))
                        && llr.contains("H1 " + m.value("llr_upper")), llr + " vs the report's " + m.value("llr") + " ("
                        + m.value("llr_lower") + ", " + m.value("llr_upper") + ")");
                assertEquals(m.value("llr_progress"), text(d, "#match-llr-percent"));
                assertEquals(m.value("verdict"), text(d, "#match-sprt-status"));
                assertEquals(1, count(d, "#llr-chart"));
                assertEquals("H0|H1", (String) ((ChromeDriver) d).executeScript(
                        "return Array.from(document.querySelectorAll('#llr-chart text.bound-label')).map(e => e.textContent).join('|')"));
                noConsoleErrors(d);
            }
        } finally {
            d.quit();
        }
    }
}

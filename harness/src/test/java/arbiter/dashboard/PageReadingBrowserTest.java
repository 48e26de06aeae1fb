package arbiter.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.pdn.GameRecord;
import arbiter.play.GameResult;
import arbiter.play.GameTask;
import arbiter.play.Opening;
import arbiter.play.PlayedGame;
import arbiter.play.Termination;
import arbiter.report.RunReport;
import arbiter.results.Scoreboard;
import arbiter.tournament.MatchFixtures;
import arbiter.tournament.MatchFixtures.FishtestRow;
import arbiter.tournament.RunListener;
import arbiter.tournament.RunReports;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.OutputType;
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

    /** Each element's drawn box (left, right, top, bottom, height, in page pixels), its text and its colours as computed. */
    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> drawn(WebDriver d, String css) {
        return (List<Map<String, Object>>) ((ChromeDriver) d).executeScript("""
                return Array.from(document.querySelectorAll(arguments[0])).map(e => {
                  const b = e.getBoundingClientRect(), s = getComputedStyle(e);
                  return {text: e.textContent, left: b.left, right: b.right, top: b.top, bottom: b.bottom, height: b.height,
                          fill: s.fill, stroke: s.stroke};
                });""", css);
    }

    private static double num(Map<String, Object> box, String key) {
        return ((Number) box.get(key)).doubleValue();
    }

    /**
     * A round robin's Elo over games in Chromium: each player's line and its name in the legend are one colour
     * (the page's CSS once painted every chart text grey), the legend stands inside the plot, one name under the
     * other; the axis labels, a negative one with its minus sign, stand whole between the axis title and the plot.
     */
    private void eloOverGamesDrawsItsLegendInItsColoursAndWholeLabels(WebDriver d) throws Exception {
        Path f = dir.resolve("rr.json");
        Files.writeString(f, """
                { "name": "rr", "game": {"variant": "english"},
                  "players": [ {"name": "strong", "engine": "random"}, {"name": "middle", "engine": "random"},
                               {"name": "weak", "engine": "random"} ],
                  "schedule": {"type": "round-robin", "rounds": 100}, "limits": {"depth": 1},
                  "seed": 5, "output": "%s" }""".formatted(dir.resolve("rr").toString().replace("\\", "/")));
        RunConfig c = ConfigLoader.load(f);
        List<String> names = List.of("strong", "middle", "weak");
        // three batches a refresh apart (the page's Elo series takes a point per refresh): strong beats middle
        // 6-2 and weak 7-1, middle beats weak 7-1
        List<GameTask> tasks = new ArrayList<>();
        for (int k = 0; k < 24; k++) {
            for (int p = 0; p < 3; p++) {
                int id = tasks.size() + GameTask.FIRST_ID;
                tasks.add(new GameTask(id, 1, -1, names.get(p == 2 ? 1 : 0), names.get(p == 0 ? 1 : 2), Opening.start(), id));
            }
        }
        Scoreboard board = Scoreboard.of(c);
        try (Dashboard dashboard = new Dashboard("127.0.0.1:0", null)) {
            dashboard.runStarted(new RunListener.RunStart(c, tasks, 0, board, new PrintWriter(new StringWriter()), null));
            d.get("http://" + dashboard.address() + "/");
            for (int batch = 0; batch < 3; batch++) {
                for (GameTask t : tasks.subList(24 * batch, 24 * batch + 24)) {
                    int k = (t.id() - GameTask.FIRST_ID) / 3 % 8;
                    boolean upset = t.black().equals("middle") ? k >= 6 : k == 7;
                    dashboard.gameFinished(new RunListener.GameEnd(new PlayedGame(t, null, List.of(), 0,
                            upset ? GameResult.BLACK_WIN : GameResult.WHITE_WIN, new Termination.ByRules(
                                    arbiter.game.EndReason.NO_LEGAL_MOVE), 1), board, false, true));
                }
                long points = 24L * (batch + 1);
                new WebDriverWait(d, Duration.ofSeconds(20)).until(x -> text(x, "#progress-text").startsWith(points + " / "));
            }
            new WebDriverWait(d, Duration.ofSeconds(20)).until(x -> count(x, "#elo-chart polyline.series") == 3);
            List<Map<String, Object>> lines = drawn(d, "#elo-chart polyline.series");
            List<Map<String, Object>> legend = new ArrayList<>();
            for (Map<String, Object> t : drawn(d, "#elo-chart text")) {
                if (names.contains(t.get("text"))) {
                    legend.add(t);
                }
            }
            assertEquals(names, legend.stream().map(t -> t.get("text")).toList(), "a legend entry per player, in order");
            Map<String, Object> yAxis = drawn(d, "#elo-chart line").get(1);
            java.util.Set<Object> colours = new java.util.HashSet<>();
            for (int i = 0; i < 3; i++) {
                assertEquals(lines.get(i).get("stroke"), legend.get(i).get("fill"), "the name in its line's colour: " + legend.get(i));
                colours.add(legend.get(i).get("fill"));
                assertTrue(num(legend.get(i), "left") > num(yAxis, "right"), "inside the plot: " + legend.get(i));
                if (i > 0) {
                    assertTrue(num(legend.get(i), "top") >= num(legend.get(i - 1), "bottom") - 1, "one under the other: " + legend);
                }
            }
            assertEquals(3, colours.size(), "three colours: " + colours);
            // the value labels: the lowest is weak's negative rating, drawn whole right of the rotated title, left of the axis
            List<Map<String, Object>> ticks = new ArrayList<>();
            Map<String, Object> title = null;
            for (Map<String, Object> t : drawn(d, "#elo-chart text")) {
                if (String.valueOf(t.get("text")).matches("-?\\d+\\.\\d\\d")) {
                    ticks.add(t);
                } else if ("Elo".equals(t.get("text"))) {
                    title = t;
                }
            }
            assertEquals(2, ticks.size(), "the top and bottom value: " + ticks);
            Map<String, Object> low = ticks.get(1);
            assertTrue(String.valueOf(low.get("text")).startsWith("-"), "a negative rating at the bottom: " + low);
            Map<String, Object> svg = drawn(d, "#elo-chart").get(0);
            for (Map<String, Object> t : ticks) {
                assertTrue(num(t, "left") >= num(title, "right") && num(t, "left") >= num(svg, "left"),
                        "the label " + t + " whole, right of the title " + title);
                assertTrue(num(t, "right") <= num(yAxis, "left") + 1, "left of the axis: " + t);
            }
            Files.write(Path.of("target", "dashboard-charts.png"), ((ChromeDriver) d).getScreenshotAs(OutputType.BYTES));
            noConsoleErrors(d);
        }
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
                assertEquals(m.value("draw_ratio_pct") + "%", text(d, "#match-draw-ratio"), "the report's draw ratio");
                assertEquals(1, count(d, "#llr-chart"));
                assertEquals("H0|H1", (String) ((ChromeDriver) d).executeScript(
                        "return Array.from(document.querySelectorAll('#llr-chart text.bound-label')).map(e => e.textContent).join('|')"));
                // each bound's label in the bound's red, beside its dashed line, right of the plot
                for (Map<String, Object> label : drawn(d, "#llr-chart text.bound-label")) {
                    assertEquals("rgb(204, 68, 68)", label.get("fill"), "the label keeps the bound's colour: " + label);
                }
                List<Map<String, Object>> lines = drawn(d, "#llr-chart line.bound");
                List<Map<String, Object>> labels = drawn(d, "#llr-chart text.bound-label");
                for (int i = 0; i < 2; i++) {
                    double lineY = num(lines.get(i), "top");
                    assertTrue(Math.abs(num(labels.get(i), "top") + num(labels.get(i), "height") / 2 - lineY) < 8,
                            "label " + labels.get(i) + " beside its line at y " + lineY);
                    assertTrue(num(labels.get(i), "left") >= num(lines.get(i), "right") - 1, "right of the plot: " + labels.get(i));
                }
                noConsoleErrors(d);
            }
            eloOverGamesDrawsItsLegendInItsColoursAndWholeLabels(d);
        } finally {
            d.quit();
        }
    }
}

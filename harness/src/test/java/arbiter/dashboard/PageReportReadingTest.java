package arbiter.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
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
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page's match JSON and the report's match block give the same reading of the same games: a
 * 16-0 match is "all won" with the same 95% bound on both (no clamp value on the page), a match
 * without an SPRT has no LLR on the page, and after an SPRT stop both give the same plain Elo, the
 * same status, and fishtest's median-unbiased Elo and interval (sprt.py's vectors).
 */
class PageReportReadingTest {
    @TempDir
    Path dir;

    /** The page's JSON and the report's match block for these games, as a run would show them. */
    private record Both(ObjectNode page, RunReport.Section report) {
        JsonNode match() {
            return page.get("match");
        }
    }

    private static Both both(RunConfig config, List<GameTask> tasks, List<GameRecord> games) {
        Scoreboard board = Scoreboard.of(config);
        for (GameRecord g : games) {
            board.add(g.tag("White"), g.tag("Black"), g.result(), tasks.get(Integer.parseInt(g.tag("Game"))).pair());
        }
        DashboardState page = new DashboardState();
        page.runStarted(new RunListener.RunStart(config, tasks, 0, board, null, null));
        RunReport report = RunReports.build(config, tasks, games, null, Instant.now(), null);
        return new Both(page.json(), report.section("match"));
    }

    @Test
    void aSixteenNilMatchIsAllWonWithTheSameBoundOnThePageAndInTheReport() throws Exception {
        for (boolean paired : List.of(true, false)) {
            RunConfig c = MatchFixtures.config(dir, "perfect-" + paired, 16, paired, null, null);
            List<GameRecord> games = paired ? MatchFixtures.pairs(new long[] {0, 0, 0, 0, 8})
                    : MatchFixtures.games(new long[] {0, 0, 16});
            Both b = both(c, MatchFixtures.tasks(16), games);
            JsonNode m = b.match();
            // the bound in closed form: the score p with p^n = 0.025 over n samples (8 pairs or 16 games)
            double p = Math.pow(0.025, 1.0 / (paired ? 8 : 16));
            double bound = -400 * Math.log10(1 / p - 1);
            assertEquals("all won", b.report().value("elo"));
            assertEquals(String.format(Locale.ROOT, ">= %.1f", bound), b.report().value("elo_error"));
            assertEquals("all won", m.get("perfect").asText());
            assertEquals("all won", m.get("eloText").asText());
            assertEquals(b.report().value("elo_error"), m.get("eloErrorText").asText());
            assertEquals(bound, m.get("eloBound").asDouble(), 1e-9);
            assertEquals(paired ? "95% pentanomial" : "95% trinomial", m.get("errorKind").asText());
            assertTrue(b.report().table().rows().stream().anyMatch(r -> r.get(0).equals("Elo \u00b1 " + m.get("errorKind").asText())));
            assertFalse(m.has("elo") || m.has("eloError") || m.has("nElo"), "no clamp value: " + m);
            assertFalse(b.page().toString().contains("1199"), b.page().toString());
            // no SPRT: no LLR block and no LLR series on the page, no SPRT rows in the report
            assertFalse(m.has("sprt") || m.has("llr"), m.toString());
            assertTrue(b.page().get("llr").isNull());
            assertEquals(null, b.report().value("verdict"));
        }
    }

    @Test
    void afterAnSprtStopThePageAndTheReportGiveTheSameFiguresAndFishtestsUnbiasedElo() throws Exception {
        List<FishtestRow> rows = MatchFixtures.fishtestRows();
        for (FishtestRow row : List.of(rows.get(0), rows.get(5), rows.get(4))) {
            boolean paired = row.counts().length == 5;
            List<GameRecord> games = paired ? MatchFixtures.pairs(row.counts()) : MatchFixtures.games(row.counts());
            RunConfig c = MatchFixtures.config(dir, "stop" + games.size(), 40000, paired, row.sprtJson(), null);
            Both b = both(c, MatchFixtures.tasks(40000), games);
            JsonNode m = b.match();
            RunReport.Section r = b.report();
            String what = row.toString();
            // the plain figures, alike
            assertEquals(r.value("elo"), m.get("eloText").asText(), what);
            assertEquals(Double.parseDouble(r.value("elo")), m.get("elo").asDouble(), 0.005, what);
            assertEquals(r.value("elo_error"), m.get("eloErrorText").asText(), what);
            assertEquals(Double.parseDouble(r.value("elo_error")), m.get("eloError").asDouble(), 0.005, what);
            assertEquals(paired ? "95% pentanomial" : "95% trinomial", m.get("errorKind").asText());
            // the SPRT block: bounds labelled, the status and the LLR's progress as the report prints them
            JsonNode s = m.get("sprt");
            assertNotNull(s, m.toString());
            assertEquals("H0", s.get("lower").get("label").asText());
            assertEquals("H1", s.get("upper").get("label").asText());
            assertEquals(r.value("llr_lower"), String.format(Locale.ROOT, "%.3f", s.get("lower").get("llr").asDouble()));
            assertEquals(r.value("llr_upper"), String.format(Locale.ROOT, "%.3f", s.get("upper").get("llr").asDouble()));
            assertEquals(r.value("llr"), String.format(Locale.ROOT, "%.3f", s.get("llr").asDouble()));
            assertEquals(r.value("verdict"), s.get("status").asText());
            assertTrue(s.get("status").asText().endsWith("accepted"), s.toString());
            assertTrue(s.get("percent").asDouble() >= 100, "a stop is at or past its bound: " + s);
            assertEquals(r.value("llr_progress"), String.format(Locale.ROOT, "%.1f%% of the way to %s",
                    s.get("percent").asDouble(), s.get("toward").asText()));
            assertEquals(s.get("status").asText().startsWith("H1") ? "H1" : "H0", s.get("toward").asText());
            // after the stop: fishtest's median-unbiased Elo and interval, on both, equal to sprt.py's
            JsonNode u = s.get("unbiased");
            assertEquals(r.value("elo_unbiased"), u.get("eloText").asText(), what);
            assertEquals(r.value("elo_unbiased_interval"), u.get("intervalText").asText(), what);
            assertEquals(row.elo(), u.get("elo").asDouble(), 0.1, what);
            assertEquals(row.ciLower(), u.get("low").asDouble(), 0.1, what);
            assertEquals(row.ciUpper(), u.get("high").asDouble(), 0.1, what);
            assertEquals(1, b.page().get("llr").size(), "the LLR series on the page: " + b.page().get("llr"));
        }
    }

    /**
     * 46-0 in 23 pairs, SPRT elo0 0, elo1 50 (logistic): fishtest's LLR (LLRcalc.LLR_logistic) first crosses
     * the H1 bound at 23 pairs (3.0729), and its estimate (sprt.py at commit b8eecff,
     * {@code s.set_state([0, 0, 0, 0, 23]); s.analytics(0.05)}) is elo 763.5162, ci [218.0893, 1000]: the
     * upper end is the edge of its search range, so both say "> 1000", never the number.
     */
    @Test
    void aPerfectSprtStopIsAllWonWithTheUnbiasedIntervalOpenAtTheSearchLimit() throws Exception {
        RunConfig c = MatchFixtures.config(dir, "perfect-sprt", 100, true, "{\"elo0\": 0, \"elo1\": 50}", null);
        Both b = both(c, MatchFixtures.tasks(100), MatchFixtures.pairs(new long[] {0, 0, 0, 0, 23}));
        JsonNode m = b.match();
        assertEquals("all won", b.report().value("elo"));
        assertEquals("3.073", b.report().value("llr"));
        assertEquals(b.report().value("elo_error"), m.get("eloErrorText").asText());
        assertEquals("H1 accepted", b.report().value("verdict"));
        JsonNode u = m.get("sprt").get("unbiased");
        assertEquals(763.5161781044916, u.get("elo").asDouble(), 0.1);
        assertEquals(218.08927757341579, u.get("low").asDouble(), 0.1);
        assertTrue(u.get("high").isNull(), u.toString());
        assertEquals(b.report().value("elo_unbiased"), u.get("eloText").asText());
        assertEquals(b.report().value("elo_unbiased_interval"), u.get("intervalText").asText());
        assertTrue(u.get("intervalText").asText().endsWith(", > 1000]"), u.toString());
        assertFalse(b.page().toString().contains("1199") || b.page().toString().contains("1000.0"), b.page().toString());
    }

    @Test
    void anSprtAtItsGameCapIsUndecidedOnThePageAsInTheReport() throws Exception {
        String sprt = "{\"elo0\": 0, \"elo1\": 10, \"alpha\": 0.05, \"beta\": 0.05}";
        RunConfig c = MatchFixtures.config(dir, "capped", 12, true, sprt, null);
        Both b = both(c, MatchFixtures.tasks(12), MatchFixtures.pairs(new long[] {2, 1, 2, 1, 0}));
        assertEquals("undecided (game cap reached)", b.report().value("verdict"));
        assertEquals(b.report().value("verdict"), b.match().get("sprt").get("status").asText());
        assertFalse(b.match().get("sprt").has("unbiased"), "no stop, no stop-corrected estimate");
        assertEquals("H0", b.match().get("sprt").get("toward").asText());
        assertTrue(b.match().get("sprt").get("percent").asDouble() < 100);
    }
}

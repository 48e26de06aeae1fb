package arbiter.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.RunConfig;
import arbiter.pdn.GameRecord;
import arbiter.report.RunReport;
import arbiter.tournament.MatchFixtures.FishtestRow;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report's conditions (concurrency, cores, CPU, every limit with its margin) and its match block
 * after an SPRT: "undecided" at the game cap, and after a stop fishtest's median-unbiased Elo and
 * interval beside the plain Elo (checked against fishtest's sprt.py vectors).
 */
class ReportReadingTest {
    @TempDir
    Path dir;

    @Test
    void conditionsGiveConcurrencyCoresCpuAndEveryLimitWithItsMargin() throws Exception {
        MatchFixtures.config(dir, "cond", 16, true, null, "\"concurrency\": 3");
        Path f = dir.resolve("clock.json");
        Files.writeString(f, Files.readString(dir.resolve("cond.json")).replace("\"limits\": {\"depth\": 3}",
                "\"limits\": {\"timeMs\": 60000, \"incrementMs\": 600, \"marginMs\": 250}").replace(
                "{\"name\": \"old\", \"engine\": \"draughts-alphabeta\"}",
                "{\"name\": \"old\", \"engine\": \"draughts-alphabeta\", \"limits\": {\"moveTimeMs\": 100, \"marginMs\": 50}}"));
        RunConfig c = arbiter.config.ConfigLoader.load(f);
        RunReport r = RunReports.build(c, MatchFixtures.tasks(16), MatchFixtures.pairs(new long[] {0, 1, 2, 1, 0}), null,
                Instant.now(), null);
        RunReport.Section cond = r.section("conditions");
        assertEquals("3 games at once", cond.value("concurrency"));
        assertEquals(Integer.toString(Runtime.getRuntime().availableProcessors()), cond.value("cores"));
        Path cpuinfo = Path.of("/proc/cpuinfo");
        String model = null;
        if (Files.isReadable(cpuinfo)) {
            model = Files.readAllLines(cpuinfo).stream().filter(l -> l.startsWith("model name")).findFirst()
                    .map(l -> l.substring(l.indexOf(':') + 1).trim().replaceAll("\\s+", " ")).orElse(null);
        }
        assertEquals(model != null ? model : System.getProperty("os.arch") + " (model unknown)", cond.value("cpu"));
        assertEquals("60.0+0.6 margin=250ms", cond.value("limits"));
        List<String> old = r.section("players").table().rows().get(1);
        assertEquals("movetime=100ms margin=50ms", old.get(4));
        for (String text : List.of(r.markdown(), r.html(), r.latex(), r.json())) {
            assertTrue(text.contains("margin=250ms") && text.contains("3 games at once"), "in every format");
        }
    }

    @Test
    void theCpuModelIsCpuinfosModelNameElseTheArchitecture() throws Exception {
        Path x86 = dir.resolve("cpuinfo");
        Files.writeString(x86, "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R)  CPU @ 2.20GHz\n"
                + "\nprocessor\t: 1\nmodel name\t: Intel(R) Xeon(R)  CPU @ 2.20GHz\n");
        assertEquals("Intel(R) Xeon(R) CPU @ 2.20GHz", RunReports.cpuModel(x86));
        Path arm = dir.resolve("cpuinfo-arm");
        Files.writeString(arm, "processor\t: 0\nBogoMIPS\t: 48.00\nCPU implementer\t: 0x41\n");
        assertEquals(System.getProperty("os.arch") + " (model unknown)", RunReports.cpuModel(arm));
        assertEquals(System.getProperty("os.arch") + " (model unknown)", RunReports.cpuModel(dir.resolve("none")));
    }

    @Test
    void anSprtThatReachedItsGameCapIsUndecidedNotContinue() throws Exception {
        String sprt = "{\"elo0\": 0, \"elo1\": 10, \"alpha\": 0.05, \"beta\": 0.05}";
        long[] penta = {2, 1, 2, 1, 0};
        RunConfig capped = MatchFixtures.config(dir, "capped", 12, true, sprt, null);
        RunReport r = RunReports.build(capped, MatchFixtures.tasks(12), MatchFixtures.pairs(penta), null, Instant.now(), null);
        assertEquals("undecided (game cap reached)", r.section("match").value("verdict"));
        assertTrue(r.markdown().contains("| Verdict | undecided (game cap reached) |"), r.markdown());
        assertFalse(r.markdown().contains("continue"));
        assertNull(r.section("match").value("elo_unbiased"), "no stop, no stop-corrected estimate");

        RunConfig running = MatchFixtures.config(dir, "running", 100, true, sprt, null);
        r = RunReports.build(running, MatchFixtures.tasks(100), MatchFixtures.pairs(penta), null, Instant.now(), null);
        assertEquals("continue", r.section("match").value("verdict"));
        // LLR progress: the LLR over the bound it approaches (H0's here: the fixture's new is worse)
        String llr = r.section("match").value("llr");
        String lower = r.section("match").value("llr_lower");
        assertTrue(llr.startsWith("-"), llr);
        assertEquals(String.format(java.util.Locale.ROOT, "%.1f%% of the way to H0",
                100 * Double.parseDouble(llr) / Double.parseDouble(lower)), r.section("match").value("llr_progress"),
                "from the printed figures, within their rounding");
    }

    /** fishtest's vectors for a trinomial (unpaired) and a pentanomial (paired) stop, both H1. */
    @Test
    void afterAnSprtStopTheMatchBlockGivesFishtestsMedianUnbiasedEloBesideThePlainOne() throws Exception {
        List<FishtestRow> rows = MatchFixtures.fishtestRows();
        for (FishtestRow row : List.of(rows.get(0), rows.get(5), rows.get(1))) {
            boolean paired = row.counts().length == 5;
            List<GameRecord> games = paired ? MatchFixtures.pairs(row.counts()) : MatchFixtures.games(row.counts());
            RunConfig c = MatchFixtures.config(dir, "stop" + games.size(), 20000, paired, row.sprtJson(), null);
            RunReport r = RunReports.build(c, MatchFixtures.tasks(20000), games, null, Instant.now(), null);
            RunReport.Section m = r.section("match");
            String what = row.toString();
            assertTrue(m.value("verdict").endsWith("accepted"), m.value("verdict"));
            assertEquals(row.elo(), Double.parseDouble(m.value("elo_unbiased")), 0.1, what);
            String interval = m.value("elo_unbiased_interval");
            String[] ends = interval.substring(1, interval.length() - 1).split(", ");
            assertEquals(row.ciLower(), Double.parseDouble(ends[0]), 0.1, what);
            assertEquals(row.ciUpper(), Double.parseDouble(ends[1]), 0.1, what);
            String md = r.markdown();
            assertTrue(md.contains("| Elo (plain estimate, biased by the SPRT's stop) | " + m.value("elo") + " |"), md);
            assertTrue(md.contains("| Elo, median-unbiased after the SPRT stop (fishtest) | "), md);
            assertTrue(md.contains("median-unbiased Elo"), "the errors section explains it");
            assertTrue(r.section("errors").value("unbiased").contains("sprt.py"));
            JsonNode json = new ObjectMapper().readTree(r.json());
            assertEquals(row.elo(), json.get("match").get("elo_unbiased").asDouble(), 0.1, what);
            assertTrue(r.latex().contains("median-unbiased") && r.html().contains("median-unbiased"));
        }
    }
}

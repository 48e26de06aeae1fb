package arbiter.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.pdn.GameRecord;
import arbiter.play.GameTask;
import arbiter.results.Scoreboard;
import arbiter.play.Opening;
import arbiter.report.RunReport;
import arbiter.stats.Sprt;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run report on a fixed set of games, in every format: the sections are there, their figures
 * are the closed-form ones, the match line and the tables agree in side and sign, a perfect score
 * shows "all won" with its bound instead of a clamp value.
 */
class RunReportTest {
    @TempDir
    Path dir;

    private static final String[] SECTIONS = {"conditions", "players", "match", "ratings", "crosstable", "head-to-head",
        "los", "terminations", "moves"};

    /** English draughts: Black moves first, so the Black tag's player makes the first move of each game. */
    private RunConfig matchConfig() throws Exception {
        Path f = dir.resolve("m.json");
        Files.writeString(f, """
                { "name": "report-fixture", "description": "fixed games", "game": {"variant": "english"},
                  "players": [ {"name": "new", "engine": "draughts-alphabeta", "options": {"tt": false},
                                "limits": {"depth": 5}},
                               {"name": "old", "engine": "draughts-alphabeta", "weights": {"man": 100}} ],
                  "schedule": {"type": "match", "players": ["new", "old"], "games": 100,
                               "sprt": {"elo0": 0, "elo1": 10, "alpha": 0.05, "beta": 0.05}},
                  "openings": {"pairs": true}, "limits": {"depth": 3}, "adjudication": {"maxPlies": 200},
                  "seed": 5, "output": "%s" }""".formatted(dir.resolve("out")));
        return ConfigLoader.load(f);
    }

    /** A recorded game: two moves with engine comments as the PDN writer puts them. */
    private static GameRecord game(int id, String white, String black, String result, String termination) {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("White", white);
        tags.put("Black", black);
        tags.put("Result", result);
        tags.put("Termination", termination);
        tags.put("Game", Integer.toString(id));
        List<String> comments = new ArrayList<>();
        for (String mover : List.of(black, white)) { // Black first in English draughts
            comments.add(mover.equals("new") ? "+0.10/5 0.500s n=1000" : "-0.10/3 0.250s sd=7 n=200 pv=\"11-15 22/18\"");
        }
        return new GameRecord("games.pdn", 1 + 10 * id, tags, List.of("11-15", "23-19"), comments, result);
    }

    /**
     * Six colour-reversed pairs, from new's side: LL, LD, WL, DD, WD, LL. Pentanomial [2, 1, 2, 1, 0],
     * pair score 2/6, so Elo = -400 log10(1 / (1/3) - 1) = -120.41; W 2, D 4, L 6.
     */
    private static List<GameRecord> matchGames() {
        String[][] pairs = {{"0-2", "2-0"}, {"0-2", "1-1"}, {"2-0", "2-0"}, {"1-1", "1-1"}, {"2-0", "1-1"}, {"0-2", "2-0"}};
        List<GameRecord> games = new ArrayList<>();
        for (int p = 0; p < pairs.length; p++) {
            // game 2p: new is White; game 2p+1: old is White. Results are written from White's side.
            games.add(game(2 * p, "new", "old", pairs[p][0], p == 3 ? "adjudication" : "normal"));
            games.add(game(2 * p + 1, "old", "new", pairs[p][1], p == 5 ? "time forfeit" : "normal"));
        }
        return games;
    }

    private static List<GameTask> tasks(int n, String a, String b) {
        List<GameTask> tasks = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            tasks.add(new GameTask(i, 1, i / 2, i % 2 == 0 ? a : b, i % 2 == 0 ? b : a, Opening.start(), i));
        }
        return tasks;
    }

    @Test
    void everyFormatHasEverySectionWithTheClosedFormFigures() throws Exception {
        RunConfig c = matchConfig();
        RunReport r = RunReports.build(c, tasks(100, "new", "old"), matchGames(), "2026-11-24T10:00:00.123Z",
                Instant.parse("2026-11-24T11:00:00Z"), null);

        // Conditions: what the run was.
        RunReport.Section cond = r.section("conditions");
        assertEquals("report-fixture", cond.value("name"));
        assertEquals("fixed games", cond.value("description"));
        assertEquals("2026-11-24T10:00:00Z", cond.value("started"));
        assertEquals("english", cond.value("game"));
        assertTrue(cond.value("schedule").contains("SPRT elo0 0, elo1 10"), cond.value("schedule"));
        assertTrue(cond.value("openings").contains("colours reversed"), cond.value("openings"));
        assertEquals("depth=3", cond.value("limits"));
        assertEquals("draw after 200 plies", cond.value("adjudication"));
        assertEquals("12", cond.value("games"));
        assertEquals("100", cond.value("scheduled"));
        assertNotNull(cond.value("version"));
        String players = r.section("players").table().rows().toString();
        assertTrue(players.contains("tt=false") && players.contains("man=100") && players.contains("depth=5"), players);

        // The match block: from new's side, pentanomial (the openings are paired).
        RunReport.Section m = r.section("match");
        assertEquals("2", m.value("wins"));
        assertEquals("4", m.value("draws"));
        assertEquals("6", m.value("losses"));
        assertEquals("[2, 1, 2, 1, 0]", m.value("pentanomial"));
        assertEquals(String.format(java.util.Locale.ROOT, "%.2f", -400 * Math.log10(1 / (2.0 / 6) - 1)), m.value("elo"));
        double llr = Sprt.test(new long[] {2, 1, 2, 1, 0}, 0, 10, 0.05, 0.05, Sprt.Model.LOGISTIC).llr();
        assertEquals(String.format(java.util.Locale.ROOT, "%.3f", llr), m.value("llr"));
        assertEquals("continue", m.value("verdict").toLowerCase(java.util.Locale.ROOT));

        // The match line, the rating table and the head-to-head agree in side and sign: new is worse.
        String line = StandingsReporter.matchSummary(scoreboard(c, matchGames()).verdict());
        assertTrue(line.startsWith("new vs old: W 2  D 4  L 6"), line);
        assertTrue(line.contains("elo: -120.41"), line);
        List<List<String>> ratings = r.section("ratings").table().rows();
        assertEquals("old", ratings.get(0).get(1));
        assertTrue(Double.parseDouble(ratings.get(1).get(2)) < 0, ratings.toString());
        List<String> h2h = r.section("head-to-head").table().rows().get(0);
        assertEquals(List.of("new", "old", "12", "2", "4", "6", "33.3", "-120.4"), h2h.subList(0, 8));

        // LOS matrix: complementary off the diagonal.
        List<List<String>> los = r.section("los").table().rows();
        assertEquals("x", los.get(0).get(2));
        assertEquals(100.0, Double.parseDouble(los.get(0).get(3)) + Double.parseDouble(los.get(1).get(2)), 0.11);

        // Terminations per player, with the player's own W/D/L.
        List<List<String>> term = r.section("terminations").table().rows();
        assertTrue(term.contains(List.of("new", "adjudication", "1", "0", "1", "0")), term.toString());
        assertTrue(term.contains(List.of("new", "time forfeit", "1", "0", "0", "1")), term.toString());
        assertTrue(term.contains(List.of("old", "time forfeit", "1", "1", "0", "0")), term.toString());
        assertTrue(term.contains(List.of("new", "normal", "10", "2", "3", "5")), term.toString());

        // Moves: each player's own comments (so Black's first move is Black's).
        List<List<String>> moves = r.section("moves").table().rows();
        assertEquals(List.of("new", "12", "0.500", "0.500", "5.0", "1000", "2000"), moves.get(0));
        assertEquals(List.of("old", "12", "0.250", "0.250", "3.0", "200", "800"), moves.get(1));

        // Every format holds every section.
        String md = r.markdown();
        String tex = r.latex();
        String html = r.html();
        for (String title : List.of("Conditions", "Players", "Match: new vs old", "Ratings", "Crosstable", "Head to head",
                "LOS matrix", "Terminations", "Moves")) {
            assertTrue(md.contains("### " + title), title + " in markdown");
            assertTrue(tex.contains("\\subsection*{" + title), title + " in LaTeX");
            assertTrue(html.contains("<caption>" + title), title + " in HTML");
        }
        for (String id : SECTIONS) {
            assertTrue(html.contains("<section id=\"" + id + "\">"), id);
        }
        assertTrue(md.contains("![Ratings") && md.contains("(report-llr.svg)"), "charts referenced");
        assertEquals(2, count(html, "<svg "), "both charts inline in the HTML");

        JsonNode json = new ObjectMapper().readTree(r.json());
        for (String id : SECTIONS) {
            assertTrue(json.has(id), id + " in JSON");
        }
        assertEquals(-120.41, json.get("match").get("elo").asDouble(), 1e-9);
        assertEquals(2, json.get("match").get("wins").asInt());
        assertTrue(json.get("match").get("wins").isIntegralNumber());
        assertEquals("old", json.get("ratings").get(0).get("player").asText());
        assertEquals(0.5, json.get("moves").get(0).get("time_per_move_s").asDouble(), 1e-12);
        assertEquals("english", json.get("conditions").get("game").asText());

        Map<String, String> csv = r.csvFiles();
        assertEquals("rank,player,elo,error,games,score_pct,draw_pct,opp_avg", csv.get("report.csv").lines().findFirst().orElseThrow());
        for (String id : SECTIONS) {
            assertTrue(csv.containsKey(RunReport.csvName(id)), id + " as CSV");
        }
        assertTrue(csv.get("report-match.csv").contains("\nwins,2\n"), csv.get("report-match.csv"));
        assertTrue(csv.get("report-match.csv").contains("\npentanomial,\"[2, 1, 2, 1, 0]\"\n"), csv.get("report-match.csv"));

        // Charts: axis titles; the LLR chart has a point per complete pair, ending at the final LLR.
        RunReport.Chart ratingsChart = r.charts().get(0);
        RunReport.Chart llrChart = r.charts().get(1);
        assertEquals("ratings", ratingsChart.id());
        assertTrue(ratingsChart.svg().contains(">Elo</text>") && ratingsChart.svg().contains(">Player</text>"));
        assertTrue(llrChart.svg().contains(">Games</text>") && llrChart.svg().contains(">LLR</text>"));
        List<double[]> series = RunReports.llrSeries(c, byId(tasks(100, "new", "old")), matchGames());
        assertEquals(6, series.size());
        assertEquals(12, series.get(5)[0]);
        assertEquals(llr, series.get(5)[1], 1e-12);
        Matcher poly = Pattern.compile("<polyline class=\"series\"[^>]* points=\"([^\"]*)\"").matcher(llrChart.svg());
        assertTrue(poly.find());
        assertEquals(6, poly.group(1).trim().split(" ").length);
    }

    @Test
    void aPerfectScoreIsAllWonWithItsBoundNeverAClampValue() throws Exception {
        Path f = dir.resolve("rr.json");
        Files.writeString(f, """
                { "name": "perfect", "game": {"variant": "english"},
                  "players": [ {"name": "a", "engine": "random"}, {"name": "b", "engine": "random"},
                               {"name": "c", "engine": "random"} ],
                  "schedule": {"type": "round-robin", "rounds": 1}, "openings": {"pairs": true}, "limits": {"depth": 1},
                  "seed": 5, "output": "%s" }""".formatted(dir.resolve("out2")));
        RunConfig c = ConfigLoader.load(f);
        List<GameRecord> games = List.of(
                game(0, "a", "b", "2-0", "normal"), game(1, "b", "a", "1-1", "normal"),
                game(2, "a", "c", "2-0", "normal"), game(3, "c", "a", "0-2", "normal"),
                game(4, "b", "c", "1-1", "normal"), game(5, "c", "b", "2-0", "normal"));
        List<GameTask> tasks = List.of(
                new GameTask(0, 1, 0, "a", "b", Opening.start(), 0), new GameTask(1, 1, 0, "b", "a", Opening.start(), 1),
                new GameTask(2, 1, 1, "a", "c", Opening.start(), 2), new GameTask(3, 1, 1, "c", "a", Opening.start(), 3),
                new GameTask(4, 1, 2, "b", "c", Opening.start(), 4), new GameTask(5, 1, 2, "c", "b", Opening.start(), 5));
        RunReport r = RunReports.build(c, tasks, games, null, Instant.now(), null);
        List<List<String>> h2h = r.section("head-to-head").table().rows();
        List<String> ac = h2h.stream().filter(row -> row.get(0).equals("a") && row.get(1).equals("c")).findFirst().orElseThrow();
        // All won in n = 2 games: the 95% interval's lower end is the score p with p^2 = 0.025.
        double bound = -400 * Math.log10(1 / Math.sqrt(0.025) - 1);
        assertEquals("all won", ac.get(7));
        assertEquals(String.format(java.util.Locale.ROOT, ">= %.1f", bound), ac.get(8));
        for (String text : List.of(r.markdown(), r.html(), r.latex(), r.json(), String.join("", r.csvFiles().values()))) {
            assertFalse(text.contains("1199") || text.contains("1200.0"), "no clamp value in the report");
            assertFalse(text.contains("NaN") || text.contains("Infinity"));
        }
        assertTrue(r.markdown().contains("all won / all lost: a perfect score has no finite Elo estimate"));
        assertEquals(null, r.section("match"), "no match block outside a match");
    }

    /** 8 straight losses (a real Scan 2.0 match): no finite Elo or nElo; an nElo of -5671 had been shown. */
    @Test
    void aMatchLostEveryGameShowsNoFiniteEloOrNormalizedElo() throws Exception {
        RunConfig c = matchConfig();
        List<GameRecord> games = new ArrayList<>();
        for (int p = 0; p < 4; p++) {
            games.add(game(2 * p, "new", "old", "0-2", "normal"));
            games.add(game(2 * p + 1, "old", "new", "2-0", "normal"));
        }
        RunReport r = RunReports.build(c, tasks(100, "new", "old"), games, null, Instant.now(), null);
        RunReport.Section m = r.section("match");
        assertEquals("all lost", m.value("elo"));
        assertEquals("all lost", m.value("nelo"));
        assertEquals("-", m.value("nelo_error"));
        assertTrue(m.value("elo_error").startsWith("<= "), m.value("elo_error"));
    }

    @Test
    void playersTableNamesAnExternalEngineByItsProtocolAndProgram() throws Exception {
        Path f = dir.resolve("ext.json");
        Files.writeString(f, """
                { "name": "ext", "game": {"variant": "chess"},
                  "players": [ {"name": "mine", "engine": "random"},
                               {"name": "theirs", "protocol": "uci", "command": ["sh", "-c", "exit 0"]} ],
                  "schedule": {"type": "round-robin", "rounds": 1}, "limits": {"depth": 1},
                  "seed": 5, "output": "%s" }""".formatted(dir.resolve("out-ext")));
        RunConfig c = ConfigLoader.load(f);
        RunReport r = RunReports.build(c, List.of(), List.of(), null, Instant.now(), null);
        List<List<String>> rows = r.section("players").table().rows();
        assertEquals("random (built-in)", rows.get(0).get(1));
        assertTrue(rows.get(1).get(1).matches("uci: /\\S*sh -c exit 0"), rows.get(1).get(1));
    }

    @Test
    void theReportCoversEveryRecordedGameAfterAResumeThatExtendsTheRun() throws Exception {
        Path f = dir.resolve("grow.json");
        String text = """
                { "name": "grow", "game": {"variant": "english"},
                  "players": [ {"name": "a", "engine": "random", "options": {"seed": 1}},
                               {"name": "b", "engine": "random", "options": {"seed": 2}} ],
                  "schedule": {"type": "match", "players": ["a", "b"], "games": %d},
                  "openings": {"pairs": true}, "limits": {"depth": 1}, "adjudication": {"maxPlies": 100},
                  "concurrency": 2, "seed": 5, "output": "%s" }""";
        Files.writeString(f, text.formatted(6, dir.resolve("grow")));
        run(ConfigLoader.load(f));
        Files.writeString(f, text.formatted(10, dir.resolve("grow")));
        run(ConfigLoader.load(f));
        JsonNode json = new ObjectMapper().readTree(dir.resolve("grow/report.json").toFile());
        assertEquals(10, json.get("conditions").get("games").asInt(), "the 6 earlier games and the 4 new ones");
        assertEquals(10, json.get("match").get("games").asInt());
        int ratingGames = json.get("ratings").get(0).get("games").asInt();
        assertEquals(10, ratingGames);
        for (String file : List.of("report.md", "report.tex", "report.html", "report.csv", "report-match.csv",
                "report-ratings.svg")) {
            assertTrue(Files.size(dir.resolve("grow").resolve(file)) > 0, file);
        }
    }

    @Test
    void aLongSprtIsThinnedToABoundedChartEndingAtTheFinalLlr() throws Exception {
        RunConfig c = matchConfig();
        java.util.Random random = new java.util.Random(3);
        List<GameRecord> games = new ArrayList<>();
        long[] pairs = new long[5];
        for (int p = 0; p < 5000; p++) {
            String r1 = random.nextInt(3) == 0 ? "1-1" : random.nextBoolean() ? "2-0" : "0-2";
            String r2 = random.nextInt(3) == 0 ? "1-1" : random.nextBoolean() ? "2-0" : "0-2";
            games.add(game(2 * p, "new", "old", r1, "normal"));
            games.add(game(2 * p + 1, "old", "new", r2, "normal"));
            double s = (r1.equals("2-0") ? 1 : r1.equals("1-1") ? 0.5 : 0) + (r2.equals("0-2") ? 1 : r2.equals("1-1") ? 0.5 : 0);
            pairs[(int) Math.round(s * 2)]++;
        }
        List<double[]> series = RunReports.llrSeries(c, byId(tasks(10_000, "new", "old")), games);
        assertTrue(series.size() >= 1000 && series.size() <= 2000, "bounded: " + series.size());
        assertEquals(10_000, series.get(series.size() - 1)[0]);
        assertEquals(Sprt.test(pairs, 0, 10, 0.05, 0.05, Sprt.Model.LOGISTIC).llr(), series.get(series.size() - 1)[1], 1e-9);
        for (int k = 1; k < series.size(); k++) {
            assertTrue(series.get(k)[0] > series.get(k - 1)[0], "in order of games");
        }
    }

    @Test
    void backgammonMovesGoToWhoeverWonTheOpeningRoll() throws Exception {
        Path f = dir.resolve("bg.json");
        Files.writeString(f, """
                { "name": "bg", "game": {"variant": "backgammon"},
                  "players": [ {"name": "slow", "engine": "random"}, {"name": "fast", "engine": "random"} ],
                  "schedule": {"type": "match", "players": ["slow", "fast"], "games": 2}, "limits": {"depth": 1},
                  "seed": 5, "output": "%s" }""".formatted(dir.resolve("bg-out")));
        RunConfig c = ConfigLoader.load(f);
        List<GameRecord> games = new ArrayList<>();
        for (int id = 0; id < 2; id++) {
            Map<String, String> tags = new LinkedHashMap<>();
            tags.put("White", id == 0 ? "slow" : "fast");
            tags.put("Black", id == 0 ? "fast" : "slow");
            tags.put("Result", "1-0");
            tags.put("Game", Integer.toString(id));
            // Game 0: White wins the opening roll (5-3); game 1: Black does (2-6). The mover's comment says who it is.
            tags.put("Dice", id == 0 ? "5-3 2-1 4-2" : "2-6 3-1 4-4");
            String first = id == 0 ? "slow" : "slow"; // slow is White in game 0 and Black in game 1: it starts both
            List<String> comments = new ArrayList<>();
            for (String mover : List.of(first, "fast", first)) {
                comments.add(mover.equals("slow") ? "0.900s n=9" : "0.100s n=1");
            }
            games.add(new GameRecord("games.pdn", 1, tags, List.of("13/8,13/10", "24/23,13/11", "8/4,6/4"), comments, "1-0"));
        }
        List<List<String>> moves = RunReports.build(c, tasks(2, "slow", "fast"), games, null, Instant.now(), null)
                .section("moves").table().rows();
        assertEquals(List.of("slow", "4", "0.900", "0.900", "-", "9", "10"), moves.get(0));
        assertEquals(List.of("fast", "2", "0.100", "0.100", "-", "1", "10"), moves.get(1));
    }

    private static void run(RunConfig c) throws Exception {
        new Tournament(c, new java.io.PrintWriter(new java.io.StringWriter()), new java.io.PrintWriter(new java.io.StringWriter()),
                new StandingsReporter(false)).run();
    }

    private static Scoreboard scoreboard(RunConfig c, List<GameRecord> games) {
        Scoreboard s = Scoreboard.of(c);
        for (GameRecord g : games) {
            int id = Integer.parseInt(g.tag("Game"));
            s.add(g.tag("White"), g.tag("Black"), g.result(), id / 2);
        }
        return s;
    }

    private static Map<Integer, GameTask> byId(List<GameTask> tasks) {
        Map<Integer, GameTask> m = new java.util.HashMap<>();
        tasks.forEach(t -> m.put(t.id(), t));
        return m;
    }

    private static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}

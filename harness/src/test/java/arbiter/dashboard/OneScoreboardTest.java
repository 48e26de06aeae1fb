package arbiter.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.config.ScheduleType;
import arbiter.game.Games;
import arbiter.game.Rules;
import arbiter.pdn.GameLog;
import arbiter.pdn.GameRecord;
import arbiter.play.GameResult;
import arbiter.play.GameTask;
import arbiter.report.RunReport;
import arbiter.results.Scoreboard;
import arbiter.tournament.GameLines;
import arbiter.tournament.OpeningBook;
import arbiter.tournament.RunListener;
import arbiter.tournament.RunReports;
import arbiter.tournament.StandingsReporter;
import arbiter.tournament.TaskPlanner;
import arbiter.tournament.Tournament;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One scoreboard: for the same games, the console (standings reporter), the page (dashboard state),
 * the report (built from the records) and the tuner (the run summary's scoreboard, which
 * {@code TuneRun} reads) give the same figures, for every schedule type; and the counts are those of
 * the records themselves, counted here without the scoreboard. One game reads the same everywhere:
 * the console's {@code Finished game N (A vs B): R {why}}, the page's finished list and the record
 * whose {@code Game} tag is N give the same number, players, result token and reason; and the match's
 * draw ratio is one figure on the console, the page and in the report.
 */
class OneScoreboardTest {
    @TempDir
    Path dir;

    private static final String PLAYERS = """
            "players": [ {"name": "r1", "engine": "random", "options": {"seed": 1}},
                         {"name": "r2", "engine": "random", "options": {"seed": 2}},
                         {"name": "ab", "engine": "draughts-alphabeta", "limits": {"depth": 1}} ]""";

    private static final Map<String, String> SCHEDULES = Map.of(
            "round-robin", "{\"type\": \"round-robin\", \"rounds\": 3}",
            "gauntlet", "{\"type\": \"gauntlet\", \"players\": [\"ab\"], \"rounds\": 4}",
            "match", "{\"type\": \"match\", \"players\": [\"r1\", \"r2\"], \"games\": 24,"
                    + " \"sprt\": {\"elo0\": 0, \"elo1\": 400, \"alpha\": 0.001, \"beta\": 0.001}}",
            "match-single-games", "{\"type\": \"match\", \"players\": [\"r2\", \"r1\"], \"games\": 15,"
                    + " \"sprt\": {\"elo0\": -300, \"elo1\": 300, \"normalized\": false}}");

    @Test
    void consolePageReportAndTunerAgreeForEveryScheduleType() throws IOException {
        Set<ScheduleType> seen = EnumSet.noneOf(ScheduleType.class);
        for (Map.Entry<String, String> s : SCHEDULES.entrySet()) {
            seen.add(agree(s.getKey(), s.getValue(), !s.getKey().endsWith("single-games")));
        }
        assertEquals(EnumSet.allOf(ScheduleType.class), seen, "every schedule type is covered");
    }

    private ScheduleType agree(String name, String schedule, boolean pairs) throws IOException {
        Path f = dir.resolve(name + ".json");
        Files.writeString(f, """
                { "name": "%s", "game": {"variant": "english"}, %s,
                  "schedule": %s, "openings": {"randomPlies": 2, "pairs": %s},
                  "limits": {"depth": 1}, "adjudication": {"maxPlies": 80},
                  "concurrency": 2, "output": "%s", "seed": 5, "reportEvery": 1000 }""".formatted(name, PLAYERS,
                schedule, pairs, dir.resolve(name).toString().replace("\\", "/")));
        RunConfig config = ConfigLoader.load(f);
        DashboardState page = new DashboardState();
        StringWriter console = new StringWriter();
        Tournament.Summary summary = new Tournament(config, new PrintWriter(console), new PrintWriter(new StringWriter()),
                new GameLines(), new StandingsReporter(), new RunListener() {
                    @Override
                    public void runStarted(RunStart start) {
                        page.runStarted(start);
                    }

                    @Override
                    public void gameFinished(GameEnd end) {
                        page.gameFinished(end);
                    }

                    @Override
                    public void runEnded(Tournament.Summary s) {
                        page.runEnded(s);
                    }
                }).run();
        Scoreboard tuner = summary.scoreboard();
        ObjectNode json = page.json();
        Rules rules = Games.rules("english");
        List<GameTask> tasks = TaskPlanner.plan(config, rules, OpeningBook.load(config.openings(), rules));
        List<GameRecord> records = GameLog.read(config.output().resolve("games.pdn"), w -> { });
        RunReport report = RunReports.build(config, tasks, records, null, Instant.now(), null);
        String text = console.toString();
        String last = text.substring(text.lastIndexOf("Final standings"));
        oneGameOneReading(name, text, json, records);

        // Games: the records, the scoreboard, the page and the report's conditions.
        assertEquals(records.size(), tuner.games(), name);
        assertEquals(records.size(), json.get("done").asInt(), name);
        assertEquals(Integer.toString(records.size()), report.section("conditions").value("games"), name);
        assertTrue(last.startsWith("Final standings after " + records.size() + " games"), last);

        // Ratings: the same Elo, games and score per player on the console, the page and in the report.
        List<List<String>> rows = report.section("ratings").table().rows();
        assertEquals(config.players().size(), rows.size(), name);
        for (List<String> row : rows) {
            String player = row.get(1);
            long[] wdl = countedFromRecords(records, player, null);
            assertEquals(Long.toString(wdl[0] + wdl[1] + wdl[2]), row.get(4), name + " " + player);
            assertEquals(wdl[0] + wdl[1] / 2.0, tuner.points(player), name + " " + player);
            Matcher m = Pattern.compile("(?m)^\\s*\\d+\\s+" + Pattern.quote(player) + "\\s+(-?[\\d.]+)\\s+([\\d.]+)\\s+(\\d+)")
                    .matcher(last);
            assertTrue(m.find(), last);
            assertEquals(row.get(2), m.group(1), name + " " + player + " Elo, console vs report");
            assertEquals(row.get(3), m.group(2), name + " " + player + " +- 95% bootstrap, console vs report");
            assertEquals(row.get(4), m.group(3), name + " " + player + " games, console vs report");
            if (wdl[0] + wdl[1] + wdl[2] == 0) {
                continue; // a player of the config who plays no game of this match: the page leaves it out
            }
            JsonNode onPage = null;
            for (JsonNode p : json.get("ratings")) {
                if (p.get("name").asText().equals(player)) {
                    onPage = p;
                }
            }
            assertEquals(row.get(2), String.format(Locale.ROOT, "%.1f", onPage.get("elo").asDouble()),
                    name + " " + player + " Elo, page vs report");
            assertEquals(row.get(4), onPage.get("games").asText(), name + " " + player);
            // the run has ended: the page shows the report's bootstrap error bars
            assertEquals(row.get(3), String.format(Locale.ROOT, "%.1f", onPage.get("error").asDouble()),
                    name + " " + player + " +- 95% bootstrap, page vs report");
        }
        assertEquals("95% bootstrap", json.get("ratingsError").asText(), "an ended run's page: the report's error bars");
        assertTrue(report.section("errors").value("bootstrap") != null && report.section("errors").value("curvature") != null);

        if (!config.schedule().match()) {
            assertTrue(json.get("match").isNull());
            assertFalse(report.sections().stream().anyMatch(x -> x.id().equals("match")), name);
            assertFalse(last.contains(" vs "), last);
            return config.schedule().type();
        }
        // The match: counts, pentanomial, Elo, LOS and the SPRT alike everywhere, from the first player's side.
        String a = config.schedule().players().get(0);
        String b = config.schedule().players().get(1);
        long[] wdl = countedFromRecords(records, a, b);
        long[] penta = pentanomialFromRecords(records, tasks, a);
        RunReport.Section block = report.section("match");
        JsonNode m = json.get("match");
        assertTrue(last.contains(String.format(Locale.ROOT, "%s vs %s: W %d  D %d  L %d", a, b, wdl[0], wdl[1], wdl[2])), last);
        assertEquals(List.of(Long.toString(wdl[0]), Long.toString(wdl[1]), Long.toString(wdl[2])),
                List.of(block.value("wins"), block.value("draws"), block.value("losses")), name);
        assertEquals(List.of(wdl[0], wdl[1], wdl[2]), List.of(m.get("w").asLong(), m.get("d").asLong(), m.get("l").asLong()));
        assertEquals(wdl[0] - wdl[2], tuner.wdl(a, b)[0] - tuner.wdl(a, b)[2], "the tuner's wins minus losses");
        assertEquals(java.util.Arrays.toString(penta), m.get("pentanomial").toString().replace(",", ", "), name);
        if (pairs) {
            assertEquals(java.util.Arrays.toString(penta), block.value("pentanomial"), name);
            assertTrue(last.contains("pentanomial [LL, LD, WL+DD, WD, WW]: " + java.util.Arrays.toString(penta)), last);
        }
        String elo = block.value("elo");
        if (elo.startsWith("all")) { // a perfect score: its bound instead of a finite Elo, on the console too
            assertTrue(last.contains("elo: " + elo + " (95% bound " + block.value("elo_error") + ")"), last);
        } else {
            assertTrue(last.contains("elo: " + elo + " +- " + block.value("elo_error") + " (95% "
                    + (pairs ? "pentanomial" : "trinomial")), last);
            assertEquals(Double.parseDouble(elo), m.get("elo").asDouble(), 0.005, name);
            assertEquals(Double.parseDouble(block.value("elo_error")), m.get("eloError").asDouble(), 0.005, name);
        }
        assertEquals(Double.parseDouble(block.value("los_pct")), 100 * m.get("los").asDouble(), 0.05, name);
        assertEquals(Double.parseDouble(block.value("llr")), m.get("llr").asDouble(), 0.0005, name);
        assertTrue(last.contains("llr " + block.value("llr") + " ["), last);
        assertEquals(block.value("verdict"), m.get("verdict").asText(), name);
        assertEquals(block.value("verdict"), tuner.verdict().sprtResult().verdict().toString(), name);
        // The draw ratio: one definition (fastchess's: pairs scored 1-1 over complete pairs when paired, else draws
        // over games), counted here from the records, and the same figure on the console, the page and the report.
        double drawRatio = pairs ? (double) penta[2] / (penta[0] + penta[1] + penta[2] + penta[3] + penta[4])
                : (double) wdl[1] / (wdl[0] + wdl[1] + wdl[2]);
        Matcher dr = Pattern.compile("DrawRatio: ([\\d.]+) %").matcher(text.substring(text.lastIndexOf("Results of ")));
        assertTrue(dr.find(), text);
        assertEquals(String.format(Locale.ROOT, "%.2f", 100 * drawRatio), dr.group(1), name + " console");
        assertEquals(drawRatio, m.get("drawRatio").asDouble(), 1e-12, name + " page");
        assertEquals(String.format(Locale.ROOT, "%.1f", 100 * drawRatio), block.value("draw_ratio_pct"), name + " report");
        return config.schedule().type();
    }

    private static final Pattern FINISHED = Pattern.compile("(?m)^Finished game (\\d+) \\((\\S+) vs (\\S+)\\): (\\S+) \\{(.*)}$");

    /**
     * Each game the page lists as finished is the console's line of the same number and the record whose
     * Game tag is that number: players, result token (draughts: 2-0, 1-1) and reason, word for word.
     */
    private static void oneGameOneReading(String name, String console, JsonNode page, List<GameRecord> records) {
        Map<Integer, GameRecord> byTag = new HashMap<>();
        for (GameRecord g : records) {
            byTag.put(Integer.parseInt(g.tag("Game")), g);
        }
        Map<Integer, List<String>> lines = new HashMap<>();
        Matcher f = FINISHED.matcher(console);
        while (f.find()) {
            lines.put(Integer.parseInt(f.group(1)), List.of(f.group(2), f.group(3), f.group(4), f.group(5)));
        }
        assertEquals(records.size(), lines.size(), name + ": a console line per game");
        assertEquals(byTag.keySet(), lines.keySet(), name + ": the console numbers games as the records' Game tags");
        assertEquals(1, java.util.Collections.min(lines.keySet()), name + ": the first game is game 1, as in fastchess");
        assertTrue(page.get("finished").size() > 0, name);
        for (JsonNode row : page.get("finished")) {
            int id = row.get("id").asInt();
            List<String> line = lines.get(id);
            assertTrue(line != null, name + ": the page's game " + id + " is the console's");
            GameRecord g = byTag.get(id);
            assertEquals(List.of(g.tag("White"), g.tag("Black"), g.tag("Result")), line.subList(0, 3), name + " game " + id);
            assertEquals(line, List.of(row.get("white").asText(), row.get("black").asText(), row.get("result").asText(),
                    row.get("termination").asText()), name + " game " + id + ": page vs console");
        }
    }

    /** W/D/L of {@code player} (against {@code opponent}, or anyone when null), counted from the records. */
    private static long[] countedFromRecords(List<GameRecord> records, String player, String opponent) {
        long[] wdl = new long[3];
        for (GameRecord g : records) {
            boolean white = g.tag("White").equals(player);
            String other = white ? g.tag("Black") : g.tag("White");
            if ((white || g.tag("Black").equals(player)) && (opponent == null || other.equals(opponent))) {
                GameResult r = g.result();
                boolean won = r == (white ? GameResult.WHITE_WIN : GameResult.BLACK_WIN);
                boolean lost = r == (white ? GameResult.BLACK_WIN : GameResult.WHITE_WIN);
                wdl[won ? 0 : lost ? 2 : 1]++;
            }
        }
        return wdl;
    }

    /** Pentanomial counts of {@code player} over the records' complete pairs (by the plan's pair numbers). */
    private static long[] pentanomialFromRecords(List<GameRecord> records, List<GameTask> tasks, String player) {
        Map<Integer, Integer> halfPoints = new HashMap<>();
        Map<Integer, Integer> seen = new HashMap<>();
        for (GameRecord g : records) {
            int pair = tasks.get(Integer.parseInt(g.tag("Game")) - 1).pair(); // games are numbered from 1
            boolean white = g.tag("White").equals(player);
            int h = switch (g.tag("Result")) {
                case "2-0", "1-0" -> white ? 2 : 0;
                case "0-2", "0-1" -> white ? 0 : 2;
                default -> 1;
            };
            halfPoints.merge(pair, h, Integer::sum);
            seen.merge(pair, 1, Integer::sum);
        }
        long[] penta = new long[5];
        seen.forEach((pair, n) -> {
            if (n == 2) {
                penta[halfPoints.get(pair)]++;
            }
        });
        return penta;
    }
}

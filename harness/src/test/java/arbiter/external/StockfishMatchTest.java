package arbiter.external;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.game.GameHistory;
import arbiter.game.Games;
import arbiter.game.Rules;
import arbiter.pdn.GameLog;
import arbiter.pdn.GameRecord;
import arbiter.results.Scoreboard;
import arbiter.tournament.StandingsReporter;
import arbiter.tournament.Tournament;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tournaments with the real stockfish: levels that must order, a gauntlet with built-in and served engines, clocks. */
class StockfishMatchTest {
    @TempDir
    Path dir;

    @AfterEach
    void noProcessesLeft() {
        TestEngines.assertNoEngineProcesses();
    }

    private Tournament.Summary run(String json) throws IOException {
        Path f = dir.resolve("run.json");
        Files.writeString(f, json.replace("OUTPUT", dir.resolve("out").toString())
                .replace("STOCKFISH", TestEngines.stockfish().toString()));
        RunConfig c = ConfigLoader.load(f);
        StringWriter out = new StringWriter();
        Tournament.Summary s = new Tournament(c, new PrintWriter(out), new PrintWriter(new StringWriter()),
                new StandingsReporter()).run();
        System.out.println(out);
        return s;
    }

    private List<GameRecord> records() throws IOException {
        return GameLog.read(dir.resolve("out").resolve("games.pdn"), w -> { });
    }

    /** Every record replays legally from the start (the referee validated every move). */
    private static void replays(List<GameRecord> games, Rules rules) {
        for (GameRecord g : games) {
            GameHistory h = new GameHistory(rules.start());
            for (String move : g.moves()) {
                h.play(h.current().parseMove(move));
            }
            assertEquals(Integer.parseInt(g.tag("PlyCount")), g.moves().size());
        }
    }

    private static double points(Scoreboard s, String player) {
        long[] wdl = s.wdl(player);
        return wdl[0] + wdl[1] / 2.0;
    }

    @Test
    void theStrongerSkillLevelScoresMore() throws IOException {
        // The shipped config, with the output in the test's folder.
        Path shipped = Files.isDirectory(Path.of("..", "configs")) ? Path.of("..", "configs", "stockfish-levels.json")
                : Path.of("configs", "stockfish-levels.json");
        TestEngines.stockfish();
        RunConfig c = ConfigLoader.load(shipped);
        c = c.withOutput(dir.resolve("out"));
        StringWriter report = new StringWriter();
        Tournament.Summary s = new Tournament(c, new PrintWriter(report), new PrintWriter(new StringWriter()),
                new StandingsReporter()).run();
        System.out.println(report);
        assertEquals(12, s.played());
        double strong = points(s.scoreboard(), "sf-skill-20");
        double weak = points(s.scoreboard(), "sf-skill-0");
        System.out.printf("stockfish Skill Level 20 vs 0: %.1f - %.1f%n", strong, weak);
        assertTrue(strong > weak, "Skill Level 20 " + strong + " vs Skill Level 0 " + weak);
        assertTrue(strong >= 9, "Skill Level 20 should win clearly over 12 games: " + strong);
        List<GameRecord> games = records();
        replays(games, Games.rules("chess"));
        // Engine scores, depths and search statistics reach the records.
        String pdn = Files.readString(dir.resolve("out").resolve("games.pdn"));
        assertTrue(pdn.matches("(?s).*\\{[+-]?\\d+\\.\\d\\d/\\d+ \\d+\\.\\d{3}s, n=\\d+, sd=\\d+, nps=\\d+, pv=\"[^\"]+\"}.*"), pdn);
    }

    @Test
    void aGauntletOfStockfishAgainstBuiltInAndServedEngines() throws IOException {
        String randomUci = TestEngines.json(TestEngines.arbiterEngine("--protocol", "uci", "--engine", "random"));
        Tournament.Summary s = run("""
                { "name": "gauntlet", "game": {"variant": "chess"},
                  "players": [
                    {"name": "sf", "protocol": "uci", "command": ["STOCKFISH"],
                     "options": {"Skill Level": 5, "Threads": 1, "Hash": 16},
                     "limits": {"timeMs": 2000, "incrementMs": 20}},
                    {"name": "random", "engine": "random", "options": {"seed": 9}},
                    {"name": "random-uci", "protocol": "uci", "command": %s} ],
                  "schedule": {"type": "gauntlet", "players": ["sf"], "rounds": 2},
                  "openings": {"pairs": true},
                  "limits": {"depth": 1},
                  "adjudication": {"resignScore": 1000, "resignMoves": 2, "maxPlies": 200},
                  "concurrency": 2, "output": "OUTPUT", "seed": 3, "reportEvery": 1000 }""".formatted(randomUci));
        assertEquals(8, s.played());
        Scoreboard st = s.scoreboard();
        long[] vsBuiltIn = st.wdl("sf", "random");
        long[] vsServed = st.wdl("sf", "random-uci");
        System.out.println("sf vs random " + java.util.Arrays.toString(vsBuiltIn) + ", vs random-uci "
                + java.util.Arrays.toString(vsServed));
        assertTrue(vsBuiltIn[0] + vsBuiltIn[1] / 2.0 >= 3, "stockfish beats the built-in random player");
        assertTrue(vsServed[0] + vsServed[1] / 2.0 >= 3, "stockfish beats the random player served over UCI");
        List<GameRecord> games = records();
        replays(games, Games.rules("chess"));
        for (GameRecord g : games) {
            assertTrue(List.of("normal", "adjudication").contains(g.tag("Termination")),
                    "no faults, no time forfeits on a 2 s + 0.02 s clock: " + g.tags());
        }
    }
}

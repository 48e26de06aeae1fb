package arbiter.external;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.tournament.StandingsReporter;
import arbiter.tournament.Tournament;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Arbiter drives its own chess engine served over UCI by separate JVMs ({@code arbiter engine
 * --protocol uci}) and gets the same games as in-process: under a node limit the search is
 * deterministic, and {@code go nodes N} must reach the engine as exactly the same node limit.
 */
class UciServedGamesTest {
    @TempDir
    Path dir;

    @AfterEach
    void noProcessesLeft() {
        TestEngines.assertNoEngineProcesses();
    }

    /** Default weights against S3's preset, 8000 nodes a move, two colour-reversed pairs from random openings. */
    private static final String RUN = """
            { "name": "uci-served", "game": {"variant": "chess"},
              "players": [ {"name": "ab", %s}, {"name": "s3", %s, "options": {"preset": "s3-sehnal"}} ],
              "schedule": {"type": "match", "players": ["ab", "s3"], "games": 4},
              "openings": {"randomPlies": 4, "pairs": true},
              "limits": {"nodes": 8000},
              "adjudication": {"resignScore": 900, "resignMoves": 3, "maxPlies": 120},
              "concurrency": 2, "output": "OUTPUT", "seed": 41, "reportEvery": 1000 }""";

    @Test
    void anEngineServedOverUciPlaysTheSameGamesAsBuiltIn() throws IOException {
        String builtIn = "\"engine\": \"chess-alphabeta\"";
        String served = "\"protocol\": \"uci\", \"command\": "
                + TestEngines.json(TestEngines.arbiterEngine("--protocol", "uci", "--engine", "chess-alphabeta"));
        List<String> inProcess = records(RUN.formatted(builtIn, builtIn), "in-process");
        List<String> overUci = records(RUN.formatted(served, served), "served");
        assertEquals(4, overUci.size());
        assertTrue(overUci.stream().allMatch(g -> g.contains("n=")), "search statistics reach the records");
        // The served engine names itself (UCI id name): its records say so; the games are the same.
        assertTrue(overUci.stream().allMatch(g -> g.contains("[WhiteEngine \"Arbiter chess-alphabeta\"]")
                && g.contains("[BlackEngine \"Arbiter chess-alphabeta\"]")), "the engine's own name in the records");
        overUci = overUci.stream().map(g -> g.replaceAll("\\[(White|Black)Engine \"[^\"]*\"] ", "")).toList();
        for (int i = 0; i < inProcess.size(); i++) {
            assertEquals(inProcess.get(i), overUci.get(i), "game " + i + ": the UCI transport changes nothing under node limits");
        }
        assertEquals(inProcess, overUci);
    }

    /**
     * The run's records sorted by game number, without what depends on the clock: Date, move times and nps
     * (the served run's WhiteEngine/BlackEngine tags, the engine's own name, are checked and removed above).
     */
    private List<String> records(String json, String name) throws IOException {
        Path out = dir.resolve(name);
        Path f = dir.resolve(name + ".json");
        Files.writeString(f, json.replace("OUTPUT", out.toString()));
        RunConfig c = ConfigLoader.load(f);
        Tournament.Summary s = new Tournament(c, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()),
                new StandingsReporter()).run();
        assertEquals(4, s.played());
        List<String> games = new ArrayList<>();
        for (String g : Files.readString(out.resolve("games.pdn")).split("(?=\\[Event )")) {
            if (!g.isBlank()) {
                games.add(g.replaceAll("\\[Date \"[^\"]*\"]", "")
                        .replaceAll("\\s+", " ")           // line breaks move with the comments' lengths
                        .replaceAll(" \\d+\\.\\d{3}s", "")  // the referee's time of the move
                        .replaceAll(", nps=\\d+", "")
                        .strip());
            }
        }
        games.sort(Comparator.comparingInt(UciServedGamesTest::gameNumber));
        return games;
    }

    private static int gameNumber(String record) {
        Matcher m = Pattern.compile("\\[Game \"(\\d+)\"]").matcher(record);
        assertTrue(m.find(), record);
        return Integer.parseInt(m.group(1));
    }
}

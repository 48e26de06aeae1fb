package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What `arbiter run` prints: a line per game, --quiet for scripts, exit codes for SPRT verdicts. */
class ConsoleTest {
    @TempDir
    Path dir;

    private static final Pattern GAME_LINE = Pattern.compile(
            "(?m)^Finished game (\\d+) \\((\\S+) vs (\\S+)\\): (2-0|0-2|1-1) \\{[^}]+\\}$");

    private Path config(String name, String schedule, String second) throws Exception {
        Path f = dir.resolve(name + ".json");
        Files.writeString(f, """
                { "name": "%s", "game": {"variant": "english"},
                  "players": [ {"name": "engine", "engine": "draughts-alphabeta", "limits": {"depth": 3}},
                               %s ],
                  "schedule": %s,
                  "openings": {"randomPlies": 2, "pairs": true}, "adjudication": {"maxPlies": 150},
                  "concurrency": 2, "seed": 5, "output": "%s" }""".formatted(name, second, schedule, dir.resolve(name)));
        return f;
    }

    private static final String RANDOM = "{\"name\": \"random\", \"engine\": \"random\", \"limits\": {\"depth\": 1}}";

    private static long lines(String out) {
        return GAME_LINE.matcher(out).results().count();
    }

    @Test
    void everyRunPrintsALinePerGameAsFastchessDoes() throws Exception {
        CliRunner small = CliRunner.run("run", config("small", "{\"type\": \"round-robin\", \"rounds\": 3}", RANDOM).toString());
        assertEquals(0, small.exit(), small.err());
        assertEquals(6, lines(small.out()), small.out());
        assertTrue(small.out().contains("Finished game 1 (engine vs random): "), small.out());

        Path big = config("big", "{\"type\": \"round-robin\", \"rounds\": 51}", RANDOM);
        CliRunner byDefault = CliRunner.run("run", big.toString());
        assertEquals(0, byDefault.exit(), byDefault.err());
        assertEquals(102, lines(byDefault.out()), "102 games: a line each by default, as fastchess (only --quiet drops them)");
        assertTrue(byDefault.out().contains("Final standings after 102 games"));
        CliRunner verbose = CliRunner.run("run", config("big2", "{\"type\": \"round-robin\", \"rounds\": 51}", RANDOM).toString(),
                "--verbose");
        assertEquals(102, lines(verbose.out()));
    }

    @Test
    void quietPrintsNothingButStillWritesTheReports() throws Exception {
        CliRunner quiet = CliRunner.run("run", config("quiet", "{\"type\": \"round-robin\", \"rounds\": 2}", RANDOM).toString(),
                "--quiet");
        assertEquals(0, quiet.exit(), quiet.err());
        assertEquals("", quiet.out());
        assertEquals("", quiet.err());
        assertTrue(Files.readString(dir.resolve("quiet/report.md")).contains("4 games"));
        assertEquals(2, CliRunner.run("run", config("both", "{\"type\": \"round-robin\", \"rounds\": 2}", RANDOM).toString(),
                "--quiet", "--verbose").exit());
    }

    @Test
    void sprtExitCodesSayTheVerdict() throws Exception {
        String sprt = "{\"type\": \"match\", \"players\": [\"%s\", \"%s\"], \"games\": %d, "
                + "\"sprt\": {\"elo0\": 0, \"elo1\": 150, \"alpha\": 0.05, \"beta\": 0.05}}";
        CliRunner h1 = CliRunner.run("run", config("h1", sprt.formatted("engine", "random", 400), RANDOM).toString(),
                "--sprt-exit-code", "--quiet");
        assertEquals(0, h1.exit(), h1.err());
        CliRunner h0 = CliRunner.run("run", config("h0", sprt.formatted("random", "engine", 400), RANDOM).toString(),
                "--sprt-exit-code");
        assertEquals(1, h0.exit(), h0.out());
        assertTrue(h0.out().contains("Stopped: SPRT H0"), h0.out());
        // fastchess's endTournament message after an SPRT stop (roundrobin.cpp updateSprtStatus)
        assertTrue(h0.out().contains("SPRT ([0.00, 150.00]) completed - H0 was accepted"), h0.out());
        CliRunner undecided = CliRunner.run("run", config("open", sprt.formatted("engine", "random", 2), RANDOM).toString(),
                "--sprt-exit-code");
        assertEquals(3, undecided.exit(), undecided.out());
        CliRunner noSprt = CliRunner.run("run", config("nosprt", "{\"type\": \"round-robin\", \"rounds\": 1}", RANDOM).toString(),
                "--sprt-exit-code");
        assertEquals(2, noSprt.exit());
        assertTrue(noSprt.err().startsWith("error: --sprt-exit-code needs a match"), noSprt.err());
        assertFalse(Files.exists(dir.resolve("nosprt")), "refused before anything was written");
    }
}

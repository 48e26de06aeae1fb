package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.tournament.StandingsReporter;
import arbiter.tournament.Tournament;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Texel on games the harness just played: a king valued at a third of a man is raised, and the fit improves. */
class TexelCommandTest {
    @TempDir
    Path dir;

    @Test
    void fitsAnUndervaluedKingUpwardFromSelfPlay() throws Exception {
        Files.writeString(dir.resolve("bad.json"), "{\"man\": 1, \"king\": 0.3}");
        Path config = dir.resolve("selfplay.json");
        Files.writeString(config, """
                { "game": {"variant": "english"},
                  "players": [ {"name": "a", "engine": "draughts-alphabeta", "weightsFile": "bad.json", "options": {"random": 1}},
                               {"name": "b", "extends": "a", "options": {"random": 2}} ],
                  "schedule": {"type": "match", "players": ["a", "b"], "games": 160},
                  "openings": {"randomPlies": 8}, "limits": {"depth": 3}, "adjudication": {"maxPlies": 200},
                  "concurrency": 2, "output": "%s", "seed": 17 }""".formatted(dir.resolve("out").toString().replace("\\", "/")));
        RunConfig c = ConfigLoader.load(config);
        new Tournament(c, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()), new StandingsReporter()).run();

        Path tuned = dir.resolve("tuned.json");
        PerftCommandTest.Run r = PerftCommandTest.run("texel", "--game", "english", "--engine", "draughts-alphabeta",
                "--weights", dir.resolve("bad.json").toString(), "--tune", "king", "--out", tuned.toString(),
                c.output().resolve("games.pdn").toString());
        assertEquals(0, r.code(), r.err());
        Matcher mse = Pattern.compile("mse: ([0-9.]+) -> ([0-9.]+)").matcher(r.out());
        assertTrue(mse.find(), r.out());
        assertTrue(Double.parseDouble(mse.group(2)) < Double.parseDouble(mse.group(1)), r.out());
        Matcher king = Pattern.compile("king\\s+0\\.3000 ->\\s+([0-9.]+)").matcher(r.out());
        assertTrue(king.find(), r.out());
        assertTrue(Double.parseDouble(king.group(1)) > 1.0, "a king is worth more than a man: " + r.out());
        assertTrue(Files.readString(tuned).contains("\"king\""));

        PerftCommandTest.Run bad = PerftCommandTest.run("texel", "--game", "english", "--engine", "draughts-alphabeta",
                "--tune", "queen", c.output().resolve("games.pdn").toString());
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("--tune: unknown weight 'queen'"), bad.err());
    }
}

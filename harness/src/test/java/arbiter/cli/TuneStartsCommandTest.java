package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.tune.FinalEstimate;
import arbiter.tune.SpsaPlan;
import arbiter.tune.StartsVerdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tune --starts}: the same tuning from several starts, each in its own folder, then the verdict.
 * End to end on english draughts at depth 2 (a few seconds): starts 0.5 and 5 with a learning rate too
 * small to move them cannot meet, and the printed verdict is the verdict function's on the starts'
 * own summaries; a rerun resumes from the checkpoints without playing again.
 */
class TuneStartsCommandTest {
    @TempDir
    Path dir;

    private Path config(double rEnd) throws Exception {
        Path f = dir.resolve("tune.json");
        Files.writeString(f, """
                { "game": {"variant": "english"},
                  "players": [ {"name": "p", "engine": "draughts-alphabeta", "weights": {"king": 1.2}} ],
                  "tune": { "player": "p", "iterations": 8, "pairsPerIteration": 1,
                            "weights": { "king": {"start": 1.2, "min": 0.2, "max": 6, "cEnd": 0.3, "rEnd": %s} },
                            "validation": {"games": 10} },
                  "openings": {"randomPlies": 6}, "limits": {"depth": 2}, "adjudication": {"maxPlies": 120},
                  "concurrency": 2, "output": "%s", "seed": 5 }"""
                .formatted(rEnd, dir.resolve("out").toString().replace("\\", "/")));
        return f;
    }

    @Test
    void distantStartsThatCannotMoveDoNotMeetAndARerunResumes() throws Exception {
        Path f = config(0.002);
        CliRunner r = CliRunner.run("tune", f.toString(), "--starts", "0.5,5");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("start 1/2: king=0.5"), r.out());
        assertTrue(r.out().contains("start 2/2: king=5"), r.out());
        assertTrue(r.out().contains("verdict: the starts do not meet"), r.out());
        assertFalse(r.out().contains("Validation:"), "starts skip the validation match: " + r.out());
        Path one = dir.resolve("out/start-1-king0.5");
        Path two = dir.resolve("out/start-2-king5");
        for (Path p : List.of(one, two)) {
            assertTrue(Files.exists(p.resolve("tune-state.json")), p.toString());
            assertEquals(9, Files.readAllLines(p.resolve("weights-history.csv")).size());
        }
        FinalEstimate a = FinalEstimate.read(one.resolve("tune-summary.json"));
        FinalEstimate b = FinalEstimate.read(two.resolve("tune-summary.json"));
        assertEquals(2, a.window(), "the last quarter of 8 iterations");
        assertTrue(Math.abs(a.params().get(0).mean() - 0.5) < 0.1 && Math.abs(b.params().get(0).mean() - 5) < 0.1,
                a + " " + b);
        StartsVerdict.Verdict v = StartsVerdict.of(List.of(new StartsVerdict.Start("king=0.5", a), new StartsVerdict.Start("king=5", b)));
        assertFalse(v.meet());
        assertEquals(String.join("\n", v.lines()) + "\n",
                Files.readString(dir.resolve("out/starts-verdict.txt")).lines().filter(l -> !l.startsWith("  from"))
                        .reduce("", (x, y) -> x + y + "\n"));

        // Rerun: every start is finished, nothing is played again, the same verdict.
        long modified = Files.getLastModifiedTime(one.resolve("iterations/7/games.pdn")).toMillis();
        CliRunner again = CliRunner.run("tune", f.toString(), "--starts", "0.5,5");
        assertEquals(0, again.exit(), again.out() + again.err());
        assertTrue(again.out().contains("verdict: the starts do not meet"), again.out());
        assertEquals(modified, Files.getLastModifiedTime(one.resolve("iterations/7/games.pdn")).toMillis());
    }

    /**
     * {@code "chains": 2}: two runs from the config's start, each with its own seed and folder; the
     * answer is their mean with the interval ChainEstimate gives (t for 1 degree at 99.95%: 636.619249),
     * written as the tuned weights and validated against the start.
     */
    @Test
    void chainsGiveOneAnswerWithAnIntervalAndValidateIt() throws Exception {
        Path f = config(0.05);
        Files.writeString(f, Files.readString(f).replace("\"iterations\": 8", "\"chains\": 2, \"iterations\": 4")
                .replace("\"games\": 10", "\"games\": 4"));
        CliRunner r = CliRunner.run("tune", f.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("start 1/1: king=1.2, chain 2/2"), r.out());
        double[] means = new double[2];
        for (int i = 0; i < 2; i++) {
            means[i] = FinalEstimate.read(dir.resolve("out/chain-" + (i + 1) + "/tune-summary.json")).params().get(0).mean();
        }
        double centre = (means[0] + means[1]) / 2;
        double half = 636.619249 * Math.abs(means[0] - means[1]) / Math.sqrt(2) * Math.sqrt(2.0 / 2);
        assertTrue(r.out().contains(String.format(java.util.Locale.ROOT, "estimate: king=%.2f [%.2f, %.2f] (mean of 2 chains'",
                centre, centre - half, centre + half)), r.out());
        assertTrue(Files.readString(dir.resolve("out/tuned-weights.json")).contains(String.format(java.util.Locale.ROOT,
                "\"king\" : %s", centre).substring(0, 14)), Files.readString(dir.resolve("out/tuned-weights.json")));
        assertTrue(r.out().contains("Validation:"), r.out());
        assertTrue(Files.readString(dir.resolve("out/tune-summary.json")).contains("\"chains\" : 2"));
        assertTrue(means[0] != means[1], "independent seeds: " + java.util.Arrays.toString(means));
    }

    @Test
    void badStartsAreOneErrorLineAndExitTwo() throws Exception {
        Path f = config(0.05);
        for (String[] args : List.of(new String[] {"--starts", "3"}, new String[] {"--starts", "3,x"},
                new String[] {"--starts", "3,30"}, new String[] {"--starts", "3/2,4/1"},
                new String[] {"--spread-starts", "1"}, new String[] {"--starts", "1,2", "--dashboard"}, new String[] {"--starts", "1,2", "--spread-starts", "2"})) {
            String[] all = new String[args.length + 2];
            all[0] = "tune";
            all[1] = f.toString();
            System.arraycopy(args, 0, all, 2, args.length);
            CliRunner r = CliRunner.run(all);
            assertEquals(2, r.exit(), String.join(" ", args) + ": " + r.out() + r.err());
            assertTrue(r.err().startsWith("error: ") && r.err().strip().lines().count() == 1,
                    String.join(" ", args) + ": " + r.err());
        }
        assertFalse(Files.exists(dir.resolve("out")), "nothing played");
    }

    @Test
    void planPrintsTheSettingsAndPlaysNothing() throws Exception {
        Path f = config(0.05);
        // One weight on [0.2, 6]: c = 5.8/6; r and games by SpsaPlan (checked against the simulator in SpsaPlanTest).
        SpsaPlan.Plan p = SpsaPlan.of(List.of(new SpsaPlan.Weight("king", 0.2, 6, 2)), 0.5, 0.95, 0.61);
        CliRunner r = CliRunner.run("tune", f.toString(), "--plan");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains(String.format(java.util.Locale.ROOT, "king [0.2, 6.0]: cEnd %.4g, rEnd %.4g (config: cEnd 0.3, rEnd 0.05)",
                5.8 / 6, p.r())), r.out());
        assertTrue(r.out().contains("games " + p.games() + " = iterations " + (p.games() + 1) / 2 + " of 1 pairs (config: 8 iterations)"), r.out());
        assertFalse(Files.exists(dir.resolve("out")), "nothing played");
        CliRunner bad = CliRunner.run("tune", f.toString(), "--plan", "--draw-ratio", "1");
        assertEquals(2, bad.exit());
        assertTrue(bad.err().startsWith("error: --plan"), bad.err());
    }
}

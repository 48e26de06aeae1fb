package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.pdn.GameLog;
import arbiter.pdn.GameRecord;
import arbiter.play.GameResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run stopped by SIGSTOP (as a laptop lid, a VM pause or Ctrl-Z would) while its engines play on:
 * the time it did not run is not charged to the engines, so no game is lost on time for it.
 */
class HarnessStallTest {
    @TempDir
    Path dir;

    @Test
    void aRunStoppedForSecondsForfeitsNoGameOnTimeAndPlaysTheVoidedOnesAgain() throws Exception {
        Path stockfish = Path.of("/usr/games/stockfish");
        Assumptions.assumeTrue(Files.isExecutable(stockfish), "Debian's stockfish (apt install stockfish)");
        Path out = dir.resolve("out");
        // Stockfish, its input copied to a file: the first "go" says a game is under way.
        Path input = dir.resolve("input.log");
        Path engine = dir.resolve("sf.sh");
        Files.writeString(engine, "#!/bin/sh\ntee -a '" + input + "' | exec " + stockfish + "\n");
        Files.setPosixFilePermissions(engine, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        Path config = dir.resolve("stall.json");
        Files.writeString(config, """
                { "name": "stall", "game": {"variant": "chess"},
                  "players": [ {"name": "sf1", "protocol": "uci", "command": ["%1$s"], "options": {"Hash": 4}},
                               {"name": "sf2", "protocol": "uci", "command": ["%1$s"], "options": {"Hash": 4}} ],
                  "schedule": {"type": "match", "players": ["sf1", "sf2"], "games": 2},
                  "limits": {"timeMs": 500, "incrementMs": 20}, "adjudication": {"maxPlies": 24},
                  "concurrency": 2, "output": "%2$s", "seed": 2 }""".formatted(engine, out));
        Process run = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx128m",
                "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), "arbiter.cli.Main", "run",
                config.toString(), "--quiet").redirectErrorStream(true).redirectOutput(dir.resolve("run.out").toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.exists(input) || !Files.readString(input).contains("go wtime")) {
                assertTrue(System.nanoTime() < deadline && run.isAlive(), Files.readString(dir.resolve("run.out")));
                Thread.sleep(10);
            }
            Thread.sleep(100); // both games under way, an engine thinking in each most of the time
            signal("-STOP", run);
            Thread.sleep(2000);
            signal("-CONT", run);
            assertTrue(run.waitFor(60, TimeUnit.SECONDS), "the run ends");
        } finally {
            run.destroyForcibly();
        }
        String console = Files.readString(dir.resolve("run.out"));
        assertEquals(0, run.exitValue(), console);
        List<GameRecord> records = GameLog.read(out.resolve("games.pdn"), w -> { });
        List<GameRecord> voided = records.stream().filter(g -> g.result() == GameResult.UNFINISHED).toList();
        List<GameRecord> played = records.stream().filter(g -> g.result().decided()).toList();
        assertTrue(records.stream().noneMatch(g -> "time forfeit".equals(g.tag("Termination"))),
                "no game lost on time for Arbiter's own stop: " + Files.readString(out.resolve("games.pdn")));
        assertTrue(!voided.isEmpty(), "the stop came while a clock ran: a game was voided");
        assertTrue(voided.stream().allMatch(g -> g.tag("Termination").equals("unterminated")), "recorded as such");
        assertTrue(Files.readString(out.resolve("games.pdn")).contains("void: Arbiter itself did not run for"),
                Files.readString(out.resolve("games.pdn")));
        assertEquals(2, played.size(), "every game played once, the voided ones again");
        assertEquals(2, played.stream().map(g -> g.tag("Game")).distinct().count());
        assertEquals(2, EloCommand.read(List.of(out.resolve("games.pdn")), new java.util.ArrayList<>()).totalGames(),
                "a void game is not rated");
        assertTrue(console.contains("Arbiter itself did not run for"), console);
    }

    @Test
    void aResumedRunPlaysAVoidedGameAgain() throws Exception {
        Path out = dir.resolve("resume");
        Path config = dir.resolve("resume.json");
        Files.writeString(config, """
                { "name": "resume", "game": {"variant": "chess"},
                  "players": [ {"name": "a", "engine": "random"}, {"name": "b", "engine": "random"} ],
                  "schedule": {"type": "match", "players": ["a", "b"], "games": 2},
                  "limits": {"depth": 1}, "adjudication": {"maxPlies": 10}, "concurrency": 1, "output": "%s", "seed": 1 }"""
                .formatted(out));
        CliRunner first = CliRunner.run("run", config.toString(), "--quiet");
        assertEquals(0, first.exit(), first.err());
        // The log as a run leaves it when a stall voided game 1 and the run was stopped before playing it again.
        Path pdn = out.resolve("games.pdn");
        String text = Files.readString(pdn);
        int second = text.indexOf("[Event", 1);
        String voided = text.substring(second).replace("[Result \"1/2-1/2\"]", "[Result \"*\"]")
                .replace("[Termination \"adjudication\"]", "[Termination \"unterminated\"]")
                .replaceAll("\\{[^{}]*\\} 1/2-1/2\n", "{void: Arbiter itself did not run for 900 ms while White's clock ran} *\n");
        Files.writeString(pdn, text.substring(0, second) + voided);
        assertEquals(GameResult.UNFINISHED, GameLog.read(pdn, w -> { }).get(1).result());

        CliRunner resumed = CliRunner.run("run", config.toString());
        assertEquals(0, resumed.exit(), resumed.err());
        assertTrue(resumed.out().contains("1 of 2 games already played"), resumed.out());
        List<GameRecord> records = GameLog.read(pdn, w -> { });
        assertEquals(List.of("1", "2", "2"), records.stream().map(g -> g.tag("Game")).toList());
        assertEquals(GameResult.UNFINISHED, records.get(1).result());
        assertTrue(records.get(2).result().decided(), "the voided game is played again");
    }

    private static void signal(String signal, Process p) throws Exception {
        assertEquals(0, new ProcessBuilder("kill", signal, Long.toString(p.pid())).start().waitFor());
    }
}

package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.pdn.GameLog;
import arbiter.pdn.GameRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code arbiter match} command lines of fastchess's README and cutechess-cli's manual, played. */
class MatchRunTest {
    @TempDir
    Path dir;

    private static List<GameRecord> games(Path pdn) throws Exception {
        return GameLog.read(pdn, w -> { });
    }

    /**
     * fastchess README: {@code -engine cmd=A name=A -engine cmd=B name=B -each tc=10+0.1 -rounds 200 -repeat
     * -concurrency 4}, with built-in engines and 3 rounds: 2 × 3 games, in colour-reversed pairs.
     */
    @Test
    void fastchessReadmeLinePlaysTwoGamesPerRound() throws Exception {
        Path out = dir.resolve("readme");
        CliRunner r = CliRunner.run("match", "-engine", "builtin=random", "name=A", "option.seed=1",
                "-engine", "builtin=random", "name=B", "option.seed=2", "-each", "tc=10+0.1",
                "-rounds", "3", "-repeat", "-concurrency", "4", "--output", out.toString());
        assertEquals(0, r.exit(), r.err());
        List<GameRecord> games = games(out.resolve("games.pdn"));
        assertEquals(6, games.size());
        java.util.Map<String, List<GameRecord>> byPair = new java.util.TreeMap<>();
        for (GameRecord g : games) {
            assertEquals("10+0.1", g.tag("TimeControl"), "the players' clock, as PGN writes it");
            byPair.computeIfAbsent(g.tag("Opening") + "/" + g.tag("Seed"), k -> new java.util.ArrayList<>()).add(g);
        }
        assertEquals(3, byPair.size(), "three pairs");
        assertTrue(Files.readString(out.resolve("report.md")).contains("| Limits | 10.0+0.1 margin="), "the report shows the clock and its margin");
        for (List<GameRecord> pair : byPair.values()) {
            assertEquals(2, pair.size());
            assertEquals(pair.get(0).tag("White"), pair.get(1).tag("Black"), "colours reversed within a pair");
        }
    }

    @Test
    void differentClocksGiveWhiteAndBlackTimeControlTags() throws Exception {
        Path out = dir.resolve("clocks");
        CliRunner r = CliRunner.run("match", "-engine", "builtin=random", "name=A", "tc=40/60",
                "-engine", "builtin=random", "name=B", "tc=5+0.05", "-rounds", "1", "--output", out.toString());
        assertEquals(0, r.exit(), r.err());
        for (GameRecord g : games(out.resolve("games.pdn"))) {
            String a = g.tag("White").equals("A") ? "WhiteTimeControl" : "BlackTimeControl";
            String b = g.tag("White").equals("B") ? "WhiteTimeControl" : "BlackTimeControl";
            assertEquals("40/60", g.tag(a));
            assertEquals("5+0.05", g.tag(b));
        }
    }

    /** A three-engine gauntlet: the first engine meets each other one; the others never meet. */
    @Test
    void threeEngineGauntletRuns() throws Exception {
        Path out = dir.resolve("gauntlet");
        CliRunner r = CliRunner.run("match", "-tournament", "gauntlet", "-engine", "builtin=random", "name=a",
                "-engine", "builtin=random", "name=b", "-engine", "builtin=random", "name=c", "-each", "depth=1",
                "-rounds", "2", "--output", out.toString());
        assertEquals(0, r.exit(), r.err());
        List<GameRecord> games = games(out.resolve("games.pdn"));
        assertEquals(8, games.size(), "2 opponents × 2 rounds × 2 games");
        for (GameRecord g : games) {
            assertTrue(g.tag("White").equals("a") || g.tag("Black").equals("a"), g.tag("White") + " vs " + g.tag("Black"));
        }
    }

    /** -pgnout is appended as each game ends: after SIGTERM mid-run it holds the finished games, whole. */
    @Test
    void pgnoutHoldsTheFinishedGamesAfterSigterm() throws Exception {
        Path out = dir.resolve("killed");
        Path pgn = dir.resolve("copy.pgn");
        Path epd = dir.resolve("final.epd");
        List<String> args = List.of("match", "-engine", "builtin=chess-alphabeta", "name=ab", "-engine",
                "builtin=random", "name=rnd", "-each", "depth=3", "-rounds", "40", "-repeat", "-maxmoves", "60",
                "-pgnout", "file=" + pgn, "-epdout", epd.toString(), "-site", "Here", "--output", out.toString());
        List<String> command = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "arbiter.cli.Main"));
        command.addAll(args);
        Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
        long deadline = System.currentTimeMillis() + 120_000;
        while (System.currentTimeMillis() < deadline && child.isAlive()
                && (!Files.exists(pgn) || games(pgn).size() < 3)) {
            Thread.sleep(20);
        }
        child.destroy(); // SIGTERM
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "stopped");
        String copy = Files.readString(pgn);
        assertEquals(copy.length(), GameLog.completeLength(copy), "only whole games");
        List<GameRecord> copied = games(pgn);
        List<GameRecord> recorded = games(out.resolve("games.pdn"));
        assertTrue(copied.size() >= 3, Files.readString(dir.resolve("child.log")));
        assertTrue(copied.size() < 80, "killed mid-run");
        assertEquals(recorded.size(), copied.size(), "every finished game is in the copy");
        for (int i = 0; i < copied.size(); i++) {
            assertEquals(recorded.get(i).tag("Game"), copied.get(i).tag("Game"));
            assertEquals("Here", copied.get(i).tag("Site"));
        }
        assertEquals(copied.size(), Files.readAllLines(epd).size(), "one final position per finished game");
        // The same command resumes and the copy ends with every game.
        CliRunner again = CliRunner.run(args.toArray(String[]::new));
        assertEquals(0, again.exit(), again.err());
        assertEquals(80, games(pgn).size());
        assertEquals(80, games(out.resolve("games.pdn")).size());
    }

    /**
     * An engine given without name= is named as it names itself, as cutechess-cli does ("Glaurung can tell
     * its name ... so only the command is needed", cutechess-cli(6)); the command stays in the conditions.
     */
    @Test
    void enginesWithoutNameTakeTheirOwnName() throws Exception {
        Path stockfish = Path.of("/usr/games/stockfish");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(stockfish), "Debian's stockfish (apt install stockfish)");
        Path out = dir.resolve("own");
        CliRunner r = CliRunner.run("match", "-engine", "cmd=" + stockfish, "nodes=2000", "option.Hash=16",
                "-engine", "builtin=random", "name=rnd", "depth=1", "-rounds", "1", "-games", "1", "--output", out.toString());
        assertEquals(0, r.exit(), r.err());
        GameRecord g = games(out.resolve("games.pdn")).get(0);
        assertTrue(g.tag("White").startsWith("Stockfish"), g.tag("White"));
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.contains(stockfish.toString()), "the command is in the report's conditions");
        // The same command resumes (the engine names itself the same way).
        CliRunner again = CliRunner.run("match", "-engine", "cmd=" + stockfish, "nodes=2000", "option.Hash=16",
                "-engine", "builtin=random", "name=rnd", "depth=1", "-rounds", "1", "-games", "1", "--output", out.toString());
        assertEquals(0, again.exit(), again.err());
        assertTrue(again.out().contains("1 of 1 games already played"), again.out());
    }

    /**
     * fastchess (tournament.cpp): a game that "stalled / disconnected and no recover option set for engine,
     * stopping tournament"; with -recover the engine is replaced and the run goes on.
     */
    @Test
    void withoutRecoverACrashStopsTheRunWithRecoverItGoesOn() throws Exception {
        Path crasher = dir.resolve("crasher.sh");
        Files.writeString(crasher, """
                #!/bin/sh
                while read line; do
                  case "$line" in
                    uci) echo "id name Crasher"; echo "uciok";;
                    isready) echo "readyok";;
                    go*) exit 3;;
                    quit) exit 0;;
                  esac
                done
                """);
        crasher.toFile().setExecutable(true);
        List<String> args = new java.util.ArrayList<>(List.of("match", "-engine", "cmd=" + crasher, "name=c", "nodes=10",
                "-engine", "builtin=random", "name=r", "depth=1", "-rounds", "3", "--output"));
        CliRunner stopped = CliRunner.run(concat(args, dir.resolve("stops").toString()));
        assertEquals(1, stopped.exit(), "fastchess exits with 1 (main.cpp: abnormal_termination)\n" + stopped.out() + stopped.err());
        assertTrue(stopped.out().contains("stalled / disconnected and no -recover: stopping the match"), stopped.out());
        assertTrue(games(dir.resolve("stops/games.pdn")).size() < 6, "stopped before the end");
        assertFalse(stopped.out().contains("Tournament finished") || stopped.out().contains("Finished match"),
                "a stopped match is not finished:\n" + stopped.out());
        assertTrue(stopped.out().contains("Stopped: game 1: engine crash and no -recover; to resume: arbiter run "
                + dir.resolve("stops/config.json")), stopped.out());
        args.add(1, "-recover");
        CliRunner recovered = CliRunner.run(concat(args, dir.resolve("goes-on").toString()));
        assertEquals(0, recovered.exit(), recovered.err());
        assertEquals(6, games(dir.resolve("goes-on/games.pdn")).size());
        assertTrue(recovered.out().contains("\nFinished match\nTotal Time: 00:00:"), recovered.out());
    }

    /**
     * fastchess runs every command afresh and appends every game to {@code -pgnout}: a script that runs one
     * match after another in one folder, all into one PGN file, gets each match played in a folder of its
     * own and every game appended. A stopped match resumes with {@code arbiter run FOLDER/config.json}
     * (fastchess: {@code -config file=config.json}).
     */
    @Test
    void aSeriesOfMatchesInOneFolderEachPlaysAndAppendsToOnePgnout() throws Exception {
        Path shared = dir.resolve("all.pgn");
        List<String> first = List.of("match", "-engine", "builtin=random", "name=a", "-engine", "builtin=random", "name=b",
                "-each", "depth=1", "-rounds", "1", "-maxmoves", "8", "-pgnout", "file=all.pgn");
        List<String> second = new java.util.ArrayList<>(first);
        second.set(second.indexOf("-rounds") + 1, "2");
        second.set(second.indexOf("depth=1"), "depth=2");
        assertEquals(0, inFolder(dir, first), "the first match");
        assertEquals(0, inFolder(dir, second), "a second, different match in the same folder");
        assertEquals(0, inFolder(dir, first), "the first command again: played again, afresh");
        assertEquals(2 + 4 + 2, games(shared).size(), "every game of the three matches appended");
        assertEquals(2, games(dir.resolve("results/match/games.pdn")).size());
        assertEquals(4, games(dir.resolve("results/match-2/games.pdn")).size());
        assertEquals(2, games(dir.resolve("results/match-3/games.pdn")).size());
        CliRunner resume = CliRunner.run("run", dir.resolve("results/match-2/config.json").toString());
        assertEquals(0, resume.exit(), resume.err());
        assertTrue(resume.out().contains("4 of 4 games already played"), resume.out());
    }

    /** Runs the command line in a JVM of its own working in {@code folder}; returns its exit code. */
    private static int inFolder(Path folder, List<String> args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), "arbiter.cli.Main"));
        command.addAll(args);
        Path log = folder.resolve("child-" + System.nanoTime() + ".log");
        Process child = new ProcessBuilder(command).directory(folder.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        assertTrue(child.waitFor(120, TimeUnit.SECONDS), "ended");
        if (child.exitValue() != 0) {
            System.out.println(Files.readString(log));
        }
        return child.exitValue();
    }

    private static String[] concat(List<String> a, String b) {
        List<String> all = new java.util.ArrayList<>(a);
        all.add(b);
        return all.toArray(String[]::new);
    }

    /** A flag value the config loader refuses is still one error line, naming the config path. */
    @Test
    void aRefusedTranslationIsOneLine() {
        CliRunner r = CliRunner.run("match", "-engine", "builtin=random", "name=a", "-engine", "builtin=random", "name=b",
                "-each", "depth=1", "-variant", "foo");
        assertEquals(2, r.exit());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().startsWith("error: match: $.game.variant"), r.err());
    }
}

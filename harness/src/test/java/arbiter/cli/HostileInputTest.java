package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.pdn.GameLog;
import arbiter.pdn.GameRecord;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a hostile (or unlucky) user does to a run: each case ends in one clear error or is survived, nothing lost. */
class HostileInputTest {
    @TempDir
    Path dir;

    /** A tiny English-draughts round robin with non-ASCII player names (so records hold multi-byte characters). */
    private Path config(String name, String output, int rounds) throws Exception {
        Path f = dir.resolve(name.replaceAll("[^a-z]", "") + "-" + rounds + ".json");
        Files.writeString(f, """
                { "name": "%s", "game": {"variant": "english"},
                  "players": [ {"name": "Émile", "engine": "draughts-alphabeta", "limits": {"depth": 2}},
                               {"name": "Жора", "engine": "draughts-alphabeta", "limits": {"depth": 1}} ],
                  "schedule": {"type": "round-robin", "rounds": %d},
                  "openings": {"randomPlies": 2}, "adjudication": {"maxPlies": 120},
                  "concurrency": 2, "seed": 3 %s }""".formatted(name, rounds,
                output == null ? "" : ", \"output\": \"" + output + "\""));
        return f;
    }

    private static void assertOneError(CliRunner r, String... parts) {
        assertEquals(2, r.exit(), r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
        assertTrue(r.err().startsWith("error: "), r.err());
        for (String p : parts) {
            assertTrue(r.err().contains(p), "'" + p + "' in: " + r.err());
        }
    }

    @Test
    void aLogTornInsideAMultiByteCharacterIsCutLikeAnyTornTail() throws Exception {
        Path out = dir.resolve("torn");
        Path c = config("torn", out.toString(), 1);
        assertEquals(0, CliRunner.run("run", c.toString()).exit());
        Path pdn = out.resolve("games.pdn");
        byte[] whole = Files.readAllBytes(pdn);
        List<GameRecord> before = GameLog.read(pdn, w -> { });
        // A third game torn in the middle of 'Ж' (two bytes in UTF-8): as a kill or a full disk would leave it.
        String third = "[Event \"torn\"]\n[Game \"2\"]\n[White \"Жора\"]\n[Black \"Émile\"]\n";
        byte[] tail = third.getBytes(StandardCharsets.UTF_8);
        int cut = third.indexOf("Жора") + 1;
        int byteCut = third.substring(0, cut).getBytes(StandardCharsets.UTF_8).length - 1; // inside 'Ж'
        byte[] torn = Arrays.copyOf(whole, whole.length + byteCut);
        System.arraycopy(tail, 0, torn, whole.length, byteCut);
        Files.write(pdn, torn);

        CliRunner again = CliRunner.run("run", config("torn", out.toString(), 2).toString().replace("-2.json", "-1.json"));
        assertEquals(0, again.exit(), again.err());
        assertTrue(again.err().contains("cut an incomplete last game"), again.err());
        List<GameRecord> after = GameLog.read(pdn, w -> { });
        assertEquals(before.size(), after.size(), "nothing more to play, nothing lost");
        assertArrayEquals(whole, Files.readAllBytes(pdn));
    }

    @Test
    void aForeignGamesFileInTheOutputFolderIsNeverTouched() throws Exception {
        Path out = dir.resolve("foreign");
        Files.createDirectories(out);
        String theirs = "[Event \"mine\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. 11-15 1-0\n\n[Event \"half";
        Files.writeString(out.resolve("games.pdn"), theirs);
        CliRunner r = CliRunner.run("run", config("foreign", out.toString(), 1).toString());
        assertOneError(r, out.toString(), "not an Arbiter run");
        assertEquals(theirs, Files.readString(out.resolve("games.pdn")), "not a byte cut");
        assertFalse(Files.exists(out.resolve("state.json")));
    }

    @Test
    void aGamesFileThatIsASymlinkIsRefused() throws Exception {
        Path out = dir.resolve("linked");
        Path c = config("linked", out.toString(), 1);
        assertEquals(0, CliRunner.run("run", c.toString()).exit());
        Path elsewhere = dir.resolve("elsewhere.pdn");
        Files.move(out.resolve("games.pdn"), elsewhere);
        Files.writeString(elsewhere, Files.readString(elsewhere) + "[Event \"torn");
        String content = Files.readString(elsewhere);
        Files.createSymbolicLink(out.resolve("games.pdn"), elsewhere);
        CliRunner r = CliRunner.run("run", c.toString());
        assertOneError(r, "games.pdn", "symbolic link");
        assertEquals(content, Files.readString(elsewhere), "the link's target is untouched");
    }

    @Test
    void runNamesCannotEscapeTheResultsFolder() throws Exception {
        for (String name : List.of("../escape", "a/b", "..", "x\\\\y")) {
            Path c = config(name, null, 1);
            CliRunner r = CliRunner.run("run", c.toString());
            assertOneError(r, "$.name");
        }
        assertFalse(Files.exists(Path.of("results").resolve("..").resolve("escape")));
    }

    @Test
    void numbersOutOfRangeAreRefusedWithTheirPathNotWrapped() throws Exception {
        Path c = config("wrap", dir.resolve("wrap").toString(), 1);
        Files.writeString(c, Files.readString(c).replace("\"rounds\": 1", "\"rounds\": 18446744073709551617"));
        assertOneError(CliRunner.run("run", c.toString()), "$.schedule.rounds");
        Files.writeString(c, Files.readString(c).replace("18446744073709551617", "99999999999999999999999"));
        assertOneError(CliRunner.run("run", c.toString()), "$.schedule.rounds");
        // depth 0 used to mean "no depth limit" without a word: a 0-ply player searched 1 ply (seed-s4-plies)
        Files.writeString(c, Files.readString(c).replace("99999999999999999999999", "1").replace("\"depth\": 1", "\"depth\": 0"));
        CliRunner zero = CliRunner.run("run", c.toString());
        assertOneError(zero, "$.players[1].limits.depth");
        assertTrue(zero.err().contains("0 is not a depth"), zero.err());
        Path ok = config("conc", dir.resolve("conc").toString(), 1);
        for (String n : List.of("0", "513", "-1")) {
            assertOneError(CliRunner.run("run", ok.toString(), "--concurrency", n), "--concurrency");
        }
        assertFalse(Files.exists(dir.resolve("conc")), "nothing written before the error");
    }

    @Test
    void writingIntoAMissingFolderIsAClearError() throws Exception {
        Path out = dir.resolve("games");
        assertEquals(0, CliRunner.run("run", config("games", out.toString(), 1).toString()).exit());
        Path missing = dir.resolve("no/such/folder/report.md");
        assertOneError(CliRunner.run("elo", out.resolve("games.pdn").toString(), "--out", missing.toString()),
                missing.getParent().toString());
        assertOneError(CliRunner.run("texel", "--game", "english", "--engine", "draughts-alphabeta", "--out",
                missing.toString(), out.resolve("games.pdn").toString()), missing.getParent().toString());
    }

    /** A full disk mid-run: one error naming the file, exit 2; after freeing space the same command resumes, nothing lost. */
    @Test
    void aFullDiskStopsWithOneErrorAndTheRunResumesAfterwards() throws Exception {
        Path mount = dir.resolve("small-disk");
        Files.createDirectories(mount);
        Process m = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=40k", "tmpfs", mount.toString())
                .redirectErrorStream(true).start();
        org.junit.jupiter.api.Assumptions.assumeTrue(m.waitFor() == 0,
                "needs root to mount a small tmpfs (CI runs as root): " + new String(m.getInputStream().readAllBytes()));
        try {
            Path out = mount.resolve("run");
            Path c = config("full", out.toString(), 30);
            CliRunner r = CliRunner.run("run", c.toString());
            assertOneError(r, "No space left on device");
            assertTrue(r.err().lines().filter(l -> l.startsWith("error:")).count() == 1, r.err());
            int before = GameLog.read(out.resolve("games.pdn"), w -> { }).size();
            assertTrue(before > 0 && before < 60, before + " games before the disk filled");

            Process grow = new ProcessBuilder("mount", "-o", "remount,size=4m", mount.toString()).start();
            assertEquals(0, grow.waitFor());
            CliRunner again = CliRunner.run("run", c.toString());
            assertEquals(0, again.exit(), again.err());
            List<GameRecord> games = GameLog.read(out.resolve("games.pdn"), w -> { });
            assertEquals(60, games.size());
            assertEquals(60, games.stream().map(g -> g.tag("Game")).distinct().count(), "each game once");
        } finally {
            new ProcessBuilder("umount", "-l", mount.toString()).start().waitFor();
        }
    }

    /** A run that fails before its first game (a bad engine) leaves nothing that blocks the corrected config. */
    @Test
    void aRunThatFailedBeforeAnyGameDoesNotBlockTheCorrectedConfig() throws Exception {
        Path out = dir.resolve("fixed");
        Path c = config("fixed", out.toString(), 1);
        String good = Files.readString(c);
        Files.writeString(c, good.replace("{\"name\": \"Жора\", \"engine\": \"draughts-alphabeta\", \"limits\": {\"depth\": 1}}",
                "{\"name\": \"Жора\", \"protocol\": \"hub\", \"command\": [\"/bin/false\"], \"limits\": {\"depth\": 1}}"));
        CliRunner bad = CliRunner.run("run", c.toString());
        assertOneError(bad, "engine 'Жора' is not usable");
        assertTrue(Files.exists(out.resolve("state.json")), "it failed after the run was set up");
        Files.writeString(c, good);
        CliRunner fixed = CliRunner.run("run", c.toString());
        assertEquals(0, fixed.exit(), fixed.err());
        assertEquals(2, GameLog.read(out.resolve("games.pdn"), w -> { }).size());
    }

    /** More rounds in the same config extend a finished run: only the new games are played, the old ones stay as they were. */
    @Test
    void aFinishedRunIsExtendedByMoreRoundsAndRefusesFewer() throws Exception {
        Path out = dir.resolve("extend");
        Path c = config("extend", out.toString(), 1);
        assertEquals(0, CliRunner.run("run", c.toString()).exit());
        byte[] first = Files.readAllBytes(out.resolve("games.pdn"));
        Files.writeString(c, Files.readString(c).replace("\"rounds\": 1", "\"rounds\": 3"));
        CliRunner more = CliRunner.run("run", c.toString());
        assertEquals(0, more.exit(), more.err());
        assertTrue(more.out().contains("Resuming extend: 2 of 6 games already played."), more.out());
        byte[] all = Files.readAllBytes(out.resolve("games.pdn"));
        assertArrayEquals(first, Arrays.copyOf(all, first.length), "the old games are untouched");
        List<GameRecord> games = GameLog.read(out.resolve("games.pdn"), w -> { });
        assertEquals(6, games.size());
        assertEquals(6, games.stream().map(g -> g.tag("Game")).distinct().count());
        // The extended run equals a run planned with 3 rounds from the start.
        Path fresh = dir.resolve("fresh");
        Path c3 = config("extend", fresh.toString(), 3);
        assertEquals(0, CliRunner.run("run", c3.toString()).exit());
        List<GameRecord> planned = GameLog.read(fresh.resolve("games.pdn"), w -> { });
        java.util.Map<String, GameRecord> byId = new java.util.HashMap<>();
        planned.forEach(g -> byId.put(g.tag("Game"), g));
        for (GameRecord g : games) {
            GameRecord p = byId.get(g.tag("Game"));
            assertEquals(p.tag("White") + p.tag("Black") + p.moves(), g.tag("White") + g.tag("Black") + g.moves());
        }
        // Fewer rounds than played: refused, nothing touched.
        Files.writeString(c, Files.readString(c).replace("\"rounds\": 3", "\"rounds\": 2"));
        assertOneError(CliRunner.run("run", c.toString()), "$.schedule.rounds");
        assertArrayEquals(all, Files.readAllBytes(out.resolve("games.pdn")));
    }
}

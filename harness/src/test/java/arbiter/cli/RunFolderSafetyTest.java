package arbiter.cli;

import static arbiter.cli.CliRunner.assertOneError;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.pdn.GameLog;
import arbiter.pdn.GameRecord;
import arbiter.play.GameTask;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 36, end to end through the command line: a resume keeps every complete game of a log whose
 * line ends became CRLF or which lost its last blank line (item 1); a folder holding the user's own
 * files is never written nor moved, whatever marker it holds (item 2); a symbolic link planted in a
 * results folder is refused with one line and its target is untouched (item 5); a disk that fills
 * while the report is written is one line naming the file, and no temporary is left (item 9).
 */
class RunFolderSafetyTest {
    @TempDir
    Path dir;

    /** A match of random chess players, 2 games a round: a run takes a fraction of a second. */
    private Path config(Path output, int games) throws Exception {
        Path f = dir.resolve("run-" + output.getFileName() + "-" + games + ".json");
        Files.writeString(f, """
                { "name": "safety", "game": {"variant": "chess"},
                  "players": [ {"name": "a", "engine": "random"}, {"name": "b", "engine": "random"} ],
                  "schedule": {"type": "match", "players": ["a", "b"], "games": %d},
                  "limits": {"depth": 1}, "adjudication": {"maxPlies": 30},
                  "concurrency": 1, "output": "%s", "seed": 7 }""".formatted(games, output));
        return f;
    }

    private static List<GameRecord> games(Path out) throws Exception {
        return GameLog.read(out.resolve("games.pdn"), w -> { });
    }

    /** Extends a finished 2-game run to 4 after {@code damage} rewrote its log: the 2 games stay, 2 are added. */
    private void resumeAfter(String name, java.util.function.UnaryOperator<byte[]> damage) throws Exception {
        Path out = dir.resolve(name);
        CliRunner first = CliRunner.run("run", config(out, 2).toString());
        assertEquals(0, first.exit(), first.err());
        Path pdn = out.resolve("games.pdn");
        byte[] damaged = damage.apply(Files.readAllBytes(pdn));
        Files.write(pdn, damaged);
        assertEquals(2, games(out).size(), "the reader reads both games of the damaged log");

        CliRunner more = CliRunner.run("run", config(out, 4).toString());
        assertEquals(0, more.exit(), more.err());
        assertFalse(more.err().contains("cut"), "nothing cut: " + more.err());
        assertTrue(more.out().contains("Resuming safety: 2 of 4 games already played."), more.out());
        byte[] after = Files.readAllBytes(pdn);
        assertArrayEquals(damaged, Arrays.copyOf(after, damaged.length), "the old games are untouched");
        List<GameRecord> all = games(out);
        assertEquals(java.util.stream.IntStream.range(GameTask.FIRST_ID, GameTask.FIRST_ID + 4).mapToObj(String::valueOf).toList(),
                all.stream().map(g -> g.tag("Game")).sorted().toList(), "each game once");
    }

    @Test
    void aLogWithCrlfLineEndsResumesWithEveryGame() throws Exception {
        resumeAfter("crlf", b -> new String(b, StandardCharsets.UTF_8).replace("\n", "\r\n").getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aLogThatLostItsLastBlankLineKeepsItsLastGame() throws Exception {
        resumeAfter("no-blank", b -> Arrays.copyOf(b, b.length - 1));
        resumeAfter("no-newline", b -> Arrays.copyOf(b, b.length - 2));
    }

    /**
     * A folder of the user's with a file named as one of Arbiter's: refused, and doing what the message
     * says (moving that file away) does not make it Arbiter's; {@code --force-new} neither moves it aside.
     */
    @Test
    void aUsersFolderIsNeverWrittenWhateverItHolds() throws Exception {
        Path mine = dir.resolve("mine");
        Files.createDirectories(mine);
        Files.writeString(mine.resolve("report.md"), "my report");
        Files.writeString(mine.resolve("games.pdn"), "[Event \"mine\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n");
        Path c = config(mine, 2);
        assertOneError(CliRunner.run("run", c.toString()), mine.toString());
        Files.move(mine.resolve("games.pdn"), dir.resolve("moved-away.pdn"));
        assertOneError(CliRunner.run("run", c.toString()), mine.toString(), "not an Arbiter run");
        assertEquals("my report", Files.readString(mine.resolve("report.md")), "the user's report is untouched");
        try (Stream<Path> files = Files.list(mine)) {
            assertEquals(List.of("report.md"), files.map(p -> p.getFileName().toString()).toList(), "nothing added");
        }

        Path locked = dir.resolve("locked");
        Files.createDirectories(locked);
        Files.writeString(locked.resolve("thesis.tex"), "my work");
        Files.writeString(locked.resolve(".lock"), "my lock");
        Path c2 = config(locked, 2);
        assertOneError(CliRunner.run("run", c2.toString(), "--force-new"), locked.toString(), "not an Arbiter run");
        assertEquals("my work", Files.readString(locked.resolve("thesis.tex")), "not moved aside");
        assertEquals("my lock", Files.readString(locked.resolve(".lock")));
        try (Stream<Path> files = Files.list(dir)) {
            assertFalse(files.anyMatch(p -> p.getFileName().toString().startsWith("locked.old-")), "no folder moved aside");
        }
        // Nor is an engines.pids there a record of Arbiter's: --cleanup ends none of the processes it names.
        Process stranger = new ProcessBuilder("sleep", "60").start();
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(stranger.pid()), "stat"));
            String start = stat.substring(stat.lastIndexOf(')') + 2).split(" ")[19];
            Files.writeString(locked.resolve("engines.pids"), stranger.pid() + " " + start + " mine\n");
            assertOneError(CliRunner.run("run", c2.toString(), "--cleanup"), locked.toString(), "not an Arbiter run");
            assertTrue(stranger.isAlive(), "the process the user's file names is left alone");
            assertEquals(stranger.pid() + " " + start + " mine\n", Files.readString(locked.resolve("engines.pids")));
        } finally {
            stranger.destroyForcibly();
        }

        // Arbiter's own folder is still its own: resumed, and moved aside whole by --force-new.
        Path ours = dir.resolve("ours");
        CliRunner run = CliRunner.run("run", config(ours, 2).toString());
        assertEquals(0, run.exit(), run.err());
        CliRunner again = CliRunner.run("run", config(ours, 2).toString());
        assertEquals(0, again.exit(), again.err());
        CliRunner fresh = CliRunner.run("run", config(ours, 2).toString(), "--force-new");
        assertEquals(0, fresh.exit(), fresh.err());
        assertTrue(fresh.out().contains("Earlier results moved to "), fresh.out());
    }

    /**
     * Every file a run writes, planted as a symbolic link in an earlier run's folder (which anyone may
     * have handed over): one error line naming it, and the link's target is neither written nor created.
     */
    @Test
    void plantedSymbolicLinksAreRefusedAndTheirTargetsUntouched() throws Exception {
        Path out = dir.resolve("linked");
        CliRunner first = CliRunner.run("run", config(out, 2).toString());
        assertEquals(0, first.exit(), first.err());
        int games = 2;
        for (String name : List.of(".lock", "engines.pids", "arbiter.log", "state.json.tmp", "report.md.tmp", "report.md")) {
            Path victim = dir.resolve("victim-" + name);
            Files.writeString(victim, "the victim's own content\n");
            Path missing = dir.resolve("created-through-" + name);
            for (Path target : List.of(victim, missing)) {
                Path link = out.resolve(name);
                Files.deleteIfExists(link);
                Files.createSymbolicLink(link, target);
                games += 2; // a longer run: it writes its state again, plays, and reports
                CliRunner r = CliRunner.run("run", config(out, games).toString());
                assertOneError(r, out.resolve(name).toString(), "symbolic link");
                assertEquals("the victim's own content\n", Files.readString(victim), name);
                assertFalse(Files.exists(missing), "nothing created through " + name);
                assertTrue(Files.isSymbolicLink(link), "the link itself is left as it is: " + name);
                Files.delete(link);
            }
        }
        CliRunner after = CliRunner.run("run", config(out, games).toString());
        assertEquals(0, after.exit(), "the run goes on once the links are gone: " + after.err());
        assertEquals(games, games(out).size());
        assertFalse(Files.exists(out.resolve("report.md.tmp"), LinkOption.NOFOLLOW_LINKS));
    }

    /** A tmpfs of {@code size} at {@code dir/name} (needs root, as CI runs); the test is skipped without. */
    private Path smallDisk(String name, String size) throws Exception {
        Path mount = dir.resolve(name);
        Files.createDirectories(mount);
        Process m = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", mount.toString())
                .redirectErrorStream(true).start();
        org.junit.jupiter.api.Assumptions.assumeTrue(m.waitFor() == 0,
                "needs root to mount a small tmpfs: " + new String(m.getInputStream().readAllBytes()));
        return mount;
    }

    private static void unmount(Path mount) throws Exception {
        new ProcessBuilder("umount", "-l", mount.toString()).start().waitFor();
    }

    /**
     * The disk fills while the report is written (4 pages: the lock, the state, the log and the
     * games fit; the report does not): one line naming the report's file, no temporary left; with
     * space again, the same command writes the report without playing a game again.
     */
    @Test
    void aDiskThatFillsWhileTheReportIsWrittenIsOneLineNamingIt() throws Exception {
        Path mount = smallDisk("report-disk", "16k");
        try {
            Path out = mount.resolve("run");
            Path c = config(out, 2);
            CliRunner r = CliRunner.run("run", c.toString(), "--quiet");
            assertOneError(r, out.resolve("report.md").toString(), "No space left on device");
            try (Stream<Path> files = Files.list(out)) {
                assertEquals(List.of(), files.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList());
            }
            assertEquals(2, games(out).size());
            Process grow = new ProcessBuilder("mount", "-o", "remount,size=1m", mount.toString()).start();
            assertEquals(0, grow.waitFor());
            CliRunner again = CliRunner.run("run", c.toString());
            assertEquals(0, again.exit(), again.err());
            assertTrue(again.out().contains("Resuming safety: 2 of 2 games already played."), again.out());
            assertTrue(Files.readString(out.resolve("report.md")).contains("| a "), "the report is written");
        } finally {
            unmount(mount);
        }
    }

    /**
     * The disk fills with the run's log (an engine floods its stderr, which the log records): in a JVM
     * of its own, as a user runs it, the log's failure is one warning naming the log and the run ends
     * with one error naming the file it could not write. Log4j printed its own errors with their stack
     * traces on stdout, --quiet or not (149 lines here).
     */
    @Test
    void aDiskThatFillsWithTheLogIsOneWarningNamingItAndNoTrace() throws Exception {
        Path mount = smallDisk("log-disk", "64k");
        try {
            Path out = mount.resolve("run");
            String line = "flood ".repeat(40);
            Path c = dir.resolve("flood.json");
            Files.writeString(c, """
                    { "name": "flood", "game": {"variant": "chess"},
                      "players": [ {"name": "a", "engine": "random"},
                                   {"name": "sf", "protocol": "uci",
                                    "command": ["sh", "-c", "yes '%s' | head -n 2000 >&2; exec /usr/games/stockfish"]} ],
                      "schedule": {"type": "match", "players": ["a", "sf"], "games": 4},
                      "limits": {"nodes": 500}, "adjudication": {"maxPlies": 30},
                      "concurrency": 1, "output": "%s", "seed": 7 }""".formatted(line, out));
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                    "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), Main.class.getName(), "run",
                    c.toString(), "--quiet").redirectOutput(dir.resolve("flood.out").toFile()).start();
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(2, p.waitFor(), err);
            // Log4j reported its own failures with their stack traces on stdout, even with --quiet
            assertEquals("", Files.readString(dir.resolve("flood.out")), "--quiet prints nothing but errors and warnings");
            assertFalse(err.contains("\tat ") || err.contains("Exception"), err);
            List<String> lines = err.lines().toList();
            assertEquals(List.of("warning: " + out.resolve("arbiter.log") + ": cannot write: No space left on device; "
                    + "the run goes on without its log"), lines.subList(0, 1), err);
            assertEquals(2, lines.size(), err);
            assertTrue(lines.get(1).startsWith("error: " + out + "/") && lines.get(1).contains("No space left on device"), err);
        } finally {
            unmount(mount);
        }
    }
}

package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.external.ProcStat;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 25: two processes never write one results folder. The second run on a folder in use is
 * refused with the holder's pid, the first run's engines are left alone and its games are recorded
 * once each; {@code --cleanup} refuses while the folder is in use; a holder killed with SIGKILL
 * leaves no stale lock (the OS drops it with the process).
 */
class OneWriterPerFolderTest {
    private static final Path ENGINE = Path.of("/usr/games/ethereal-chess");
    /** A line of engines.pids naming an engine: its pid, its start time, its name... */
    private static final Pattern ENGINE_LINE = Pattern.compile("(\\d+) (\\d+) ");

    @TempDir
    Path dir;

    private Process start(Path config, String name) throws Exception {
        return new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), "arbiter.cli.Main", "run",
                config.toString()).redirectErrorStream(true).redirectOutput(dir.resolve(name + ".log").toFile()).start();
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /** The engines a run recorded in its engines.pids: each pid with its start time. */
    private static Map<Long, Long> recordedEngines(Path out) throws Exception {
        Map<Long, Long> engines = new LinkedHashMap<>();
        Path f = out.resolve("engines.pids");
        if (Files.exists(f)) {
            for (String line : Files.readAllLines(f)) {
                Matcher engine = ENGINE_LINE.matcher(line); // engine lines; not the run's cgroup line
                if (engine.lookingAt()) {
                    engines.put(Long.parseLong(engine.group(1)), Long.parseLong(engine.group(2)));
                }
            }
        }
        return engines;
    }

    private void await(String what, Process run, String log, java.util.concurrent.Callable<Boolean> done) throws Exception {
        long deadline = System.currentTimeMillis() + 120_000;
        while (!done.call()) {
            assertTrue(System.currentTimeMillis() < deadline && run.isAlive(), what + ": " + Files.readString(dir.resolve(log)));
            Thread.sleep(50);
        }
    }

    @Test
    void aSecondRunOnAFolderInUseIsRefusedAndTheFirstIsUntouched() throws Exception {
        assertTrue(Files.isExecutable(ENGINE), "install ethereal-chess (apt-get install ethereal-chess)");
        Path out = dir.resolve("out");
        Path config = dir.resolve("run.json");
        Files.writeString(config, """
                { "name": "two-writers", "game": {"variant": "chess"},
                  "players": [ {"name": "e1", "protocol": "uci", "command": ["%1$s"]},
                               {"name": "e2", "protocol": "uci", "command": ["%1$s"]} ],
                  "schedule": {"type": "match", "players": ["e1", "e2"], "games": 400},
                  "limits": {"nodes": 3000}, "adjudication": {"maxPlies": 80},
                  "concurrency": 1, "output": "%2$s", "seed": 1 }""".formatted(ENGINE, out));
        Process first = start(config, "first");
        try {
            await("the first run's engines run", first, "first.log", () -> recordedEngines(out).size() == 2);
            Set<Long> engines = recordedEngines(out).keySet();

            Process second = start(config, "second");
            assertTrue(second.waitFor(120, TimeUnit.SECONDS));
            String said = Files.readString(dir.resolve("second.log"));
            assertEquals(2, second.exitValue(), said);
            assertTrue(said.startsWith("error: " + out + " is in use by pid " + first.pid() + " (arbiter run "), said);
            assertEquals(1, said.lines().count(), "one line: " + said);

            CliRunner cleanup = CliRunner.run("run", config.toString(), "--cleanup");
            assertEquals(2, cleanup.exit(), cleanup.out() + cleanup.err());
            assertTrue(cleanup.err().startsWith("error: --cleanup: " + out + " is in use by pid " + first.pid()),
                    cleanup.err());

            assertTrue(first.isAlive(), "the first run still plays: " + Files.readString(dir.resolve("first.log")));
            for (long pid : engines) {
                assertTrue(alive(pid), "engine " + pid + " of the first run is untouched");
            }
            await("the first run records games", first, "first.log",
                    () -> Files.exists(out.resolve("games.pdn")) && games(out).size() >= 2);
        } finally {
            first.destroy(); // SIGTERM: the run stops as after Ctrl-C, resumable
            first.waitFor(60, TimeUnit.SECONDS);
        }
        List<Integer> ids = games(out);
        assertEquals(new HashSet<>(ids).size(), ids.size(), "each game once: " + ids);
        assertFalse(Files.readString(out.resolve("games.pdn")).contains("crash"), "no engine crashed");

        // A holder killed with SIGKILL leaves no lock behind: --cleanup (and the next run) may go on.
        Process killed = start(config, "killed");
        Map<Long, Long> leftBehind;
        List<String> runCgroup; // where the machine contains engines: the killed run's cgroup
        try {
            await("the third run holds the folder", killed, "killed.log",
                    () -> Files.readString(out.resolve(".lock")).startsWith("pid " + killed.pid() + "\n")
                            && recordedEngines(out).size() == 2);
            leftBehind = recordedEngines(out);
            runCgroup = Files.readAllLines(out.resolve("engines.pids")).stream().filter(l -> l.startsWith("cgroup "))
                    .map(l -> l.substring("cgroup ".length())).toList();
        } finally {
            killed.destroyForcibly();
            killed.waitFor(60, TimeUnit.SECONDS);
        }
        CliRunner cleanup = CliRunner.run("run", config.toString(), "--cleanup");
        assertEquals(0, cleanup.exit(), cleanup.err());
        // Ethereal exits when its input closes with the killed run (within ~0.1 s here), so how many of
        // the two still ran when --cleanup looked depends on timing: what it ended were those engines
        // (never more), and none of them lives afterwards.
        Matcher ended = Pattern.compile("^Ended (\\d+) engine process(es)? left running in ").matcher(cleanup.out());
        assertTrue(ended.find() && Integer.parseInt(ended.group(1)) <= leftBehind.size(), cleanup.out());
        leftBehind.forEach((pid, start) -> assertTrue(ProcStat.of(pid).filter(p -> p.startTicks() == start && !p.dead()).isEmpty(),
                "engine " + pid + " of the killed run ended"));
        runCgroup.forEach(g -> assertFalse(Files.exists(Path.of(g)), "the killed run's cgroup emptied and removed: " + g));
        assertEquals("", Files.readString(out.resolve("engines.pids")), "the record is empty once its engines ended");
    }

    /** A worker locks its log (and the engines' pids file beside it): a second worker on the same log is refused. */
    @Test
    void aSecondWorkerOnTheSameLogIsRefused() throws Exception {
        Path secret = dir.resolve("secret");
        Files.writeString(secret, "0123456789abcdef0123456789abcdef-test\n");
        Path log = dir.resolve("worker.log");
        // The lock a running worker holds (taken here, in this JVM, as the worker command takes it).
        try (FolderLock held = FolderLock.on(dir.resolve("worker.log.lock"), "log " + log)) {
            CliRunner second = CliRunner.run("worker", "--join", "127.0.0.1:1", "--secret-file", secret.toString(),
                    "--log", log.toString(), "--connect-timeout", "1");
            assertEquals(2, second.exit(), second.err());
            assertTrue(second.err().startsWith("error: log " + log + " is in use by pid " + ProcessHandle.current().pid()),
                    second.err());
        }
    }

    /** {@code tune} locks its output folder as {@code run} does. */
    @Test
    void aTuneOnAFolderInUseIsRefused() throws Exception {
        Path out = dir.resolve("tune-out");
        Path config = dir.resolve("tune.json");
        Files.writeString(config, """
                { "name": "t", "game": {"variant": "english"},
                  "players": [ {"name": "p", "engine": "draughts-alphabeta", "limits": {"depth": 1}} ],
                  "tune": {"player": "p", "iterations": 1, "pairsPerIteration": 1,
                           "weights": {"man": {"start": 100, "min": 50, "max": 150, "cEnd": 5, "rEnd": 0.002}}},
                  "concurrency": 1, "output": "%s", "seed": 1 }""".formatted(out));
        try (FolderLock held = FolderLock.of(out)) {
            CliRunner tune = CliRunner.run("tune", config.toString());
            assertEquals(2, tune.exit(), tune.out() + tune.err());
            assertTrue(tune.err().startsWith("error: " + out + " is in use by pid " + ProcessHandle.current().pid()),
                    tune.err());
        }
    }

    private static List<Integer> games(Path out) throws Exception {
        List<Integer> ids = new ArrayList<>();
        Matcher m = Pattern.compile("\\[Game \"(\\d+)\"]").matcher(Files.readString(out.resolve("games.pdn")));
        while (m.find()) {
            ids.add(Integer.parseInt(m.group(1)));
        }
        return ids;
    }
}

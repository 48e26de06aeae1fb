package arbiter.external;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which processes are an engine's: its cgroup, its identity (pid and start time) and group, its
 * environment marker; never a process that merely got a pid an engine once had.
 */
class EngineTreeTest {
    @TempDir
    Path dir;

    /** Processes a test started itself (directly, or as grandchildren it was told the pid of); ended after it. */
    private final List<ProcStat> started = new ArrayList<>();

    @AfterEach
    void endWhatTheTestStarted() {
        started.forEach(p -> p.signal(true));
    }

    private ProcStat start(Map<String, String> env, String... command) throws IOException {
        ProcessBuilder b = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("out").toFile());
        b.environment().putAll(env);
        Process p = b.start();
        ProcStat s = awaitStat(p.pid());
        started.add(s);
        return s;
    }

    private static ProcStat awaitStat(long pid) {
        for (int i = 0; i < 200; i++) {
            var s = ProcStat.of(pid);
            if (s.isPresent() && s.get().session() == pid) { // setsid has run
                return s.get();
            }
            sleep(10);
        }
        throw new AssertionError("process " + pid + " did not start in a session of its own");
    }

    /** The pid a process wrote into {@code file}, once written, with its identity. */
    private ProcStat pidFrom(Path file) throws IOException {
        for (int i = 0; i < 300; i++) {
            String text = Files.exists(file) ? Files.readString(file).strip() : "";
            if (!text.isEmpty() && ProcStat.of(Long.parseLong(text)).map(s -> s.session() == s.pid()).orElse(false)) {
                ProcStat s = ProcStat.of(Long.parseLong(text)).orElseThrow();
                started.add(s);
                return s;
            }
            sleep(10);
        }
        throw new AssertionError(file + " names no process in a session of its own");
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static boolean endsSoon(ProcStat p) {
        for (int i = 0; i < 100 && ProcStat.of(p.pid()).filter(s -> s.startTicks() == p.startTicks() && !s.dead()).isPresent(); i++) {
            sleep(20);
        }
        return ProcStat.of(p.pid()).filter(s -> s.startTicks() == p.startTicks() && !s.dead()).isEmpty();
    }

    @Test
    void aRecordedPidThatNowNamesAnotherSessionLeaderIsNotSignalled() throws Exception {
        // The pid of an engine that is long gone, now another program's: a session leader with a child
        // in its group and session, started after the recorded engine (so the old group-and-session test
        // took both for the engine's orphans and killed them).
        ProcStat stranger = start(Map.of(), "/usr/bin/setsid", "/bin/sh", "-c", "sleep 300 & wait");
        Path record = dir.resolve("engines.pids");
        Files.writeString(record, stranger.pid() + " " + (stranger.startTicks() - 1) + " engine-of-long-ago\n");

        assertEquals(0, EngineLeftovers.cleanUp(record));

        sleep(200);
        assertTrue(stranger.alive(), "the process now holding the recorded pid lives");
        long children = EngineTree.all().stream().filter(p -> p.ppid() == stranger.pid() && !p.dead()).count();
        assertEquals(1, children, "and so does its child");
        assertEquals("", Files.readString(record));
    }

    @Test
    void statFieldsAreCountedFromTheLastParenthesisOfTheCommandName() throws Exception {
        ProcStat literal = ProcStat.parse("4242 (a) (b c) S 17 4242 4240 0 -1 4194560 101 0 0 0 1 2 0 0 20 0 1 0 "
                + "987654 2428928 200 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n");
        assertEquals(new ProcStat(4242, "S", 17, 4242, 4240, 987654), literal);

        // A real process whose command name holds spaces and parentheses, checked against ps and the JDK.
        Path program = dir.resolve("x) (y z");
        Files.copy(Path.of("/bin/sleep"), program, StandardCopyOption.REPLACE_EXISTING);
        Files.setPosixFilePermissions(program, PosixFilePermissions.fromString("rwx------"));
        ProcStat s = start(Map.of(), "/usr/bin/setsid", program.toString(), "300");
        Path comm = Path.of("/proc", Long.toString(s.pid()), "comm");
        for (int i = 0; i < 200 && !Files.readString(comm).strip().equals("x) (y z"); i++) {
            sleep(10); // setsid has called setsid() and not yet exec'd the program
        }
        assertEquals("x) (y z", Files.readString(comm).strip());
        Process ps = new ProcessBuilder("ps", "-o", "ppid=,pgid=,sid=", "-p", Long.toString(s.pid())).start();
        String[] psFields = new String(ps.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).strip().split("\\s+");
        assertEquals(List.of(ProcessHandle.current().pid(), s.pid(), s.pid()),
                List.of(Long.parseLong(psFields[0]), Long.parseLong(psFields[1]), Long.parseLong(psFields[2])));
        assertEquals(List.of(s.ppid(), s.group(), s.session()), List.of(ProcessHandle.current().pid(), s.pid(), s.pid()));
        // Field 22 in clock ticks after boot (getconf CLK_TCK), as the JDK reads the start time.
        long ticksPerSecond = Long.parseLong(new String(new ProcessBuilder("getconf", "CLK_TCK").start().getInputStream()
                .readAllBytes(), StandardCharsets.US_ASCII).strip());
        long bootSeconds = Files.readAllLines(Path.of("/proc/stat")).stream().filter(l -> l.startsWith("btime "))
                .mapToLong(l -> Long.parseLong(l.substring(6).strip())).findFirst().orElseThrow();
        Instant jdk = ProcessHandle.of(s.pid()).orElseThrow().info().startInstant().orElseThrow();
        long ours = bootSeconds * 1000 + s.startTicks() * 1000 / ticksPerSecond;
        assertTrue(Math.abs(jdk.toEpochMilli() - ours) <= 1000 / ticksPerSecond, jdk + " vs " + Instant.ofEpochMilli(ours));
    }

    @Test
    void withoutACgroupTheMarkerFindsAGrandchildThatLeftTheEnginesSession() throws Exception {
        // The engine's child starts a grandchild in a session of its own (setsid) and exits: the grandchild
        // is neither in the engine's group nor its descendant, only its environment says whose it is.
        Path gc = dir.resolve("grandchild.pid");
        String marker = "test-" + ProcessHandle.current().pid() + ".1";
        ProcStat engine = start(Map.of(EngineTree.MARKER, marker), "/usr/bin/setsid", "/bin/sh", "-c",
                "sh -c 'setsid sleep 300 & echo $! > \"$0\"' " + gc + "; exec sleep 300");
        ProcStat grandchild = pidFrom(gc);
        ProcStat bystander = start(Map.of(EngineTree.MARKER, marker + "0"), "/usr/bin/setsid", "sleep", "300");
        assertFalse(ProcessHandle.of(engine.pid()).orElseThrow().descendants().anyMatch(d -> d.pid() == grandchild.pid()));

        EngineTree tree = new EngineTree(engine.pid(), engine.startTicks(), marker, null, true);
        assertTrue(tree.members().stream().map(ProcStat::pid).toList().containsAll(List.of(engine.pid(), grandchild.pid())),
                tree.members().toString());
        assertTrue(tree.end(100));
        assertTrue(endsSoon(grandchild) && endsSoon(engine));
        assertTrue(bystander.alive(), "a process with another marker is not the engine's");
    }

    @Test
    void anEnginesGrandchildThatCalledSetsidEndsWithTheEngine() throws Exception {
        Path gc = dir.resolve("grandchild.pid");
        EngineProcess engine = new EngineProcess(new EngineProcess.Spec("spawner", List.of("/bin/sh", "-c",
                "sh -c 'setsid sleep 300 & echo $! > \"$0\"' " + gc + "; echo ready; read line"), null, Map.of()));
        engine.start();
        assertEquals("ready", engine.readLine(10_000));
        ProcStat grandchild = pidFrom(gc);
        engine.shutdown(null, 500);
        assertTrue(endsSoon(grandchild), "the grandchild in a session of its own ended with its engine");
        TestEngines.assertNoEngineProcesses();
    }
}

package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.external.ProcStat;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Engines (and what they started, even in a session of its own) that outlive a coordinator killed with
 * SIGKILL are ended by the next run, and only they: not a process that got a recorded pid since.
 */
class EngineLeftoversTest {
    @TempDir
    Path dir;

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    @Test
    void theNextRunEndsTheHungEnginesOfAKilledRunAndNothingElse() throws Exception {
        Path pids = dir.resolve("engine.pids");
        Path grandchild = dir.resolve("grandchild.pid");
        Path engine = dir.resolve("hang.sh");
        // A UCI engine that, once asked to search, starts a child, and a grandchild that leaves for a
        // session of its own (setsid) while its parent exits, then hangs without reading its input.
        Files.writeString(engine, """
                #!/bin/bash
                while read -r line; do
                  case "$line" in
                    uci) echo "id name hang"; echo "uciok";;
                    isready) echo "readyok";;
                    go*) sh -c 'setsid sleep 300 & echo $! > "$0"' "%s"
                         sleep 300 & echo "$$ $!" > "%s"; sleep 300;;
                  esac
                done
                """.formatted(grandchild, pids));
        Files.setPosixFilePermissions(engine, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path out = dir.resolve("out");
        Path config = dir.resolve("run.json");
        Files.writeString(config, """
                { "name": "leftovers", "game": {"variant": "chess"},
                  "players": [ {"name": "hang", "protocol": "uci", "command": ["%s"], "hangTimeoutMs": 600000},
                               {"name": "rnd", "engine": "random"} ],
                  "schedule": {"type": "match", "players": ["hang", "rnd"], "games": 2},
                  "limits": {"nodes": 1000}, "concurrency": 1, "output": "%s", "seed": 1 }""".formatted(engine, out));
        Process run = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "arbiter.cli.Main", "run", config.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("run.log").toFile()).start();
        String[] ids;
        long grandchildPid;
        try {
            long deadline = System.currentTimeMillis() + 60_000;
            while (!(Files.exists(pids) && Files.readString(pids).trim().split(" ").length == 2)) {
                assertTrue(System.currentTimeMillis() < deadline && run.isAlive(), "the engine is searching: "
                        + Files.readString(dir.resolve("run.log")));
                Thread.sleep(50);
            }
            ids = Files.readString(pids).trim().split(" ");
            grandchildPid = Long.parseLong(Files.readString(grandchild).trim());
            assertTrue(Files.readAllLines(out.resolve("engines.pids")).stream().anyMatch(l -> l.startsWith(ids[0] + " ")),
                    "the run recorded its engine");
        } finally {
            run.destroyForcibly();
        }
        long enginePid = Long.parseLong(ids[0]);
        long childPid = Long.parseLong(ids[1]);
        run.waitFor();
        Thread.sleep(300);
        assertTrue(alive(enginePid) && alive(childPid) && alive(grandchildPid),
                "a SIGKILLed run leaves its hung engine, the engine's child and the grandchild");
        List<Long> all = List.of(enginePid, childPid, grandchildPid);

        // A process the record names with another start time: the pid was given to another process, a
        // session leader with a child in its group and session. Both must survive.
        Process bystander = new ProcessBuilder("setsid", "sh", "-c", "sleep 300 & wait").start();
        try {
            Thread.sleep(200);
            Files.writeString(out.resolve("engines.pids"), bystander.pid() + " 1 not-ours\n",
                    java.nio.file.StandardOpenOption.APPEND);
            CliRunner cleanup = CliRunner.run("run", config.toString(), "--cleanup");
            assertEquals(0, cleanup.exit(), cleanup.err());
            assertTrue(cleanup.out().contains("Ended 1 engine process left running in " + out), cleanup.out());
            for (long pid : all) {
                ProcessHandle.of(pid).ifPresent(h -> h.onExit().orTimeout(5, TimeUnit.SECONDS).join());
                assertFalse(alive(pid), "pid " + pid + " ended");
            }
            assertTrue(bystander.isAlive(), "a process that is not the run's engine is untouched");
            assertTrue(bystander.children().anyMatch(ProcessHandle::isAlive), "and so is its child");
            assertEquals("", Files.readString(out.resolve("engines.pids")));
        } finally {
            bystander.descendants().forEach(ProcessHandle::destroyForcibly);
            bystander.destroyForcibly();
            for (long pid : all) {
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }

    @Test
    void nothingAnEngineStartedOutlivesTheRunNotEvenAGrandchildInASessionOfItsOwn() throws Exception {
        // Stockfish, started through a script whose child starts a grandchild that calls setsid and
        // sleeps, then exits: the grandchild is neither in the engine's group nor its descendant.
        Path grandchildren = dir.resolve("grandchildren");
        Path engine = dir.resolve("spawner.sh");
        Files.writeString(engine, """
                #!/bin/sh
                sh -c 'setsid sleep 300 & echo $! $(cut -d" " -f22 /proc/$!/stat) >> "$0"' "%s"
                exec /usr/games/stockfish
                """.formatted(grandchildren));
        Files.setPosixFilePermissions(engine, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path config = dir.resolve("run.json");
        Files.writeString(config, """
                { "name": "spawner", "game": {"variant": "chess"},
                  "players": [ {"name": "spawner", "protocol": "uci", "command": ["%s"]},
                               {"name": "rnd", "engine": "random"} ],
                  "schedule": {"type": "match", "players": ["spawner", "rnd"], "games": 2},
                  "limits": {"depth": 1}, "concurrency": 1, "output": "%s", "seed": 1 }""".formatted(engine, dir.resolve("out")));
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/games/stockfish")),
                "Debian's stockfish (apt install stockfish)");
        CliRunner r = CliRunner.run("run", config.toString(), "--quiet");
        assertEquals(0, r.exit(), r.err());
        List<String> started = Files.readAllLines(grandchildren);
        assertFalse(started.isEmpty(), "the engine started a grandchild");
        for (String line : started) {
            String[] f = line.split(" ");
            long pid = Long.parseLong(f[0]);
            long start = Long.parseLong(f[1]);
            java.util.function.BooleanSupplier living = () -> ProcStat.of(pid).filter(s -> s.startTicks() == start && !s.dead())
                    .isPresent();
            for (int i = 0; i < 100 && living.getAsBoolean(); i++) {
                Thread.sleep(20);
            }
            assertFalse(living.getAsBoolean(), "the grandchild " + pid + " outlived the run");
        }
    }
}

package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Engines (and their children) that outlive a coordinator killed with SIGKILL are ended by the next run, and only they. */
class EngineLeftoversTest {
    @TempDir
    Path dir;

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    @Test
    void theNextRunEndsTheHungEnginesOfAKilledRunAndNothingElse() throws Exception {
        Path pids = dir.resolve("engine.pids");
        Path engine = dir.resolve("hang.sh");
        // A UCI engine that, once asked to search, starts a child and hangs without reading its input.
        Files.writeString(engine, """
                #!/bin/bash
                while read -r line; do
                  case "$line" in
                    uci) echo "id name hang"; echo "uciok";;
                    isready) echo "readyok";;
                    go*) sleep 300 & echo "$$ $!" > "%s"; sleep 300;;
                  esac
                done
                """.formatted(pids));
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
        long deadline = System.currentTimeMillis() + 60_000;
        while (!(Files.exists(pids) && Files.readString(pids).trim().split(" ").length == 2)) {
            assertTrue(System.currentTimeMillis() < deadline && run.isAlive(), "the engine is searching: "
                    + Files.readString(dir.resolve("run.log")));
            Thread.sleep(50);
        }
        String[] ids = Files.readString(pids).trim().split(" ");
        long enginePid = Long.parseLong(ids[0]);
        long childPid = Long.parseLong(ids[1]);
        assertTrue(Files.readString(out.resolve("engines.pids")).startsWith(enginePid + " "), "the run recorded its engine");
        run.destroyForcibly();
        run.waitFor();
        Thread.sleep(300);
        assertTrue(alive(enginePid) && alive(childPid), "a SIGKILLed run leaves its hung engine and the engine's child");

        // A process the record names with another start time: the pid was reused, it must survive.
        Process bystander = new ProcessBuilder("sleep", "300").start();
        try {
            Files.writeString(out.resolve("engines.pids"), bystander.pid() + " 1 not-ours\n",
                    java.nio.file.StandardOpenOption.APPEND);
            CliRunner cleanup = CliRunner.run("run", config.toString(), "--cleanup");
            assertEquals(0, cleanup.exit(), cleanup.err());
            assertTrue(cleanup.out().contains("Ended 1 engine process left running in " + out), cleanup.out());
            for (long pid : List.of(enginePid, childPid)) {
                ProcessHandle.of(pid).ifPresent(h -> h.onExit().orTimeout(5, TimeUnit.SECONDS).join());
                assertFalse(alive(pid), "pid " + pid + " ended");
            }
            assertTrue(bystander.isAlive(), "a process that is not the run's engine is untouched");
            assertEquals("", Files.readString(out.resolve("engines.pids")));
        } finally {
            bystander.destroyForcibly();
            for (long pid : List.of(enginePid, childPid)) {
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }
}

package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 25: engines die with the run. An engine that starts a child ignoring SIGTERM and then exits by
 * itself (the child is re-parented, out of reach of the engine's descendants) leaves nothing running:
 * its process group is ended, SIGTERM then SIGKILL.
 */
class EngineGroupTest {
    @TempDir
    Path dir;

    private static boolean alive(long pid) {
        // A re-parented zombie is dead; /proc says so before its new parent reaps it.
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return !stat.substring(stat.lastIndexOf(')') + 2).startsWith("Z");
        } catch (java.io.IOException e) {
            return false;
        }
    }

    @Test
    void anEngineThatExitsLeavesNoChildThatIgnoresSigterm() throws Exception {
        Path children = dir.resolve("children");
        Path engine = dir.resolve("forker.sh");
        // A UCI engine that starts a child ignoring SIGTERM at the handshake, and exits when asked to move
        // (a crash) or to quit: either way the child outlives it unless its group is ended.
        Files.writeString(engine, """
                #!/bin/bash
                while read -r line; do
                  case "$line" in
                    uci) (trap '' TERM; sleep 1000 & echo $! >> "%1$s"; wait) & echo $! >> "%1$s"
                         echo "id name forker"; echo "uciok";;
                    isready) echo "readyok";;
                    go*|quit) exit 0;;
                  esac
                done
                """.formatted(children));
        Files.setPosixFilePermissions(engine, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path out = dir.resolve("out");
        Path config = dir.resolve("run.json");
        Files.writeString(config, """
                { "name": "groups", "game": {"variant": "chess"},
                  "players": [ {"name": "forker", "protocol": "uci", "command": ["%s"]},
                               {"name": "rnd", "engine": "random"} ],
                  "schedule": {"type": "match", "players": ["forker", "rnd"], "games": 2},
                  "limits": {"nodes": 1000}, "concurrency": 1, "output": "%s", "seed": 1 }""".formatted(engine, out));
        CliRunner run = CliRunner.run("run", config.toString());
        assertEquals(0, run.exit(), run.out() + run.err());
        List<Long> pids = Files.readAllLines(children).stream().map(String::trim).map(Long::parseLong).toList();
        assertTrue(pids.size() >= 2, "the engine started children: " + pids);
        try {
            for (long pid : pids) {
                long deadline = System.currentTimeMillis() + 3000; // a zombie's new parent reaps it
                while (alive(pid) && System.currentTimeMillis() < deadline) {
                    Thread.sleep(20);
                }
                assertFalse(alive(pid), "child " + pid + " of the engine ended with the run");
            }
            assertEquals("", Files.readString(out.resolve("engines.pids")).trim(), "every group is empty and forgotten");
        } finally {
            for (long pid : pids) {
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }

    /**
     * The record of an engine that exited stays useful while its group has members: {@code --cleanup}
     * ends a group whose leader is gone (a coordinator killed before it could end the group).
     */
    @Test
    void cleanupEndsTheGroupOfAnEngineThatIsGone() throws Exception {
        Process leader = new ProcessBuilder("setsid", "bash", "-c", "(trap '' TERM; exec sleep 1000) & echo $!; read x")
                .redirectErrorStream(true).start();
        long child = Long.parseLong(new java.io.BufferedReader(new java.io.InputStreamReader(leader.getInputStream()))
                .readLine().trim());
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(leader.pid()), "stat"));
            String start = stat.substring(stat.lastIndexOf(')') + 2).split(" ")[19];
            leader.getOutputStream().close(); // the engine exits; its child, re-parented, stays in its group
            leader.waitFor();
            assertTrue(alive(child), "the child outlived its engine");
            Path out = dir.resolve("out");
            Path config = dir.resolve("run.json");
            Files.writeString(config, """
                    { "name": "gone", "game": {"variant": "chess"},
                      "players": [ {"name": "a", "engine": "random"}, {"name": "b", "engine": "random"} ],
                      "schedule": {"type": "match", "players": ["a", "b"], "games": 2},
                      "limits": {"depth": 1}, "concurrency": 1, "output": "%s", "seed": 1 }""".formatted(out));
            // An Arbiter run's folder (--cleanup acts only in one), whose run was killed with the engine's
            // record in it: no cgroup line, as on a machine where engines are not contained.
            CliRunner run = CliRunner.run("run", config.toString(), "--quiet");
            assertEquals(0, run.exit(), run.err());
            Files.writeString(out.resolve("engines.pids"), leader.pid() + " " + start + " gone 0123456789abcdef.1\n");
            CliRunner cleanup = CliRunner.run("run", config.toString(), "--cleanup");
            assertEquals(0, cleanup.exit(), cleanup.err());
            assertTrue(cleanup.out().contains("Ended 1 engine process"), cleanup.out());
            long deadline = System.currentTimeMillis() + 3000;
            while (alive(child) && System.currentTimeMillis() < deadline) {
                Thread.sleep(20);
            }
            assertFalse(alive(child), "the group's last member ended");
        } finally {
            ProcessHandle.of(child).ifPresent(ProcessHandle::destroyForcibly);
            leader.destroyForcibly();
        }
    }
}

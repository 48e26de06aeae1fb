package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 25: a SIGTERM (or Ctrl-C) while the run is still starting its engines stops the run; it does
 * not blame the engine that was cut off ("engine failed", "not usable"), and leaves no engine running.
 * The run is a JVM of its own, its engine a script that never answers the handshake.
 */
class SigtermDuringPreflightTest {
    @TempDir
    Path dir;

    @Test
    void aSigtermWhileEnginesStartStopsTheRunWithoutBlamingTheEngine() throws Exception {
        Path engine = dir.resolve("slow-engine.sh");
        Path pidFile = dir.resolve("engine.pid");
        Files.writeString(engine, "#!/bin/sh\necho $$ > " + pidFile + "\nexec sleep 60\n");
        Files.setPosixFilePermissions(engine, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path out = dir.resolve("out");
        Path config = Files.writeString(dir.resolve("run.json"), """
                { "name": "preflight", "game": {"variant": "chess"},
                  "players": [ {"name": "slow", "protocol": "uci", "command": ["%s"]}, {"name": "b", "engine": "random"} ],
                  "schedule": {"type": "match", "players": ["slow", "b"], "games": 2},
                  "limits": {"depth": 1}, "concurrency": 1, "output": "%s", "seed": 1 }""".formatted(engine, out));
        Path console = dir.resolve("console.txt");
        Process run = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "run", config.toString())
                .redirectErrorStream(true).redirectOutput(console.toFile()).start();
        try {
            long deadline = System.currentTimeMillis() + 60_000;
            while (!Files.exists(pidFile) && run.isAlive() && System.currentTimeMillis() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(Files.exists(pidFile), "the engine started: " + Files.readString(console));
            Thread.sleep(300); // the run now waits for the engine's "uciok"
            run.destroy(); // SIGTERM
            assertTrue(run.waitFor(30, java.util.concurrent.TimeUnit.SECONDS), "the run ended");
        } finally {
            run.destroyForcibly();
        }
        String text = Files.readString(console);
        assertEquals(143, run.exitValue(), text);
        for (String blame : List.of("failed", "not usable", "error:", "WARN")) {
            assertFalse(text.contains(blame), "'" + blame + "' on the console: " + text);
        }
        assertTrue(text.contains("interrupted"), text);
        long enginePid = Long.parseLong(Files.readString(pidFile).strip());
        assertFalse(ProcessHandle.of(enginePid).map(ProcessHandle::isAlive).orElse(false), "the engine was ended");
        assertEquals(Set.of(), Set.copyOf(Files.readAllLines(out.resolve("games.pdn"))).stream()
                .filter(l -> l.startsWith("[Game ")).collect(java.util.stream.Collectors.toSet()), "no game recorded");
    }
}

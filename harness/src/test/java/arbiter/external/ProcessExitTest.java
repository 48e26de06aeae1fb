package arbiter.external;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Engine processes never outlive a run: not on Ctrl-C, and (for engines that quit on end of input) not on kill -9. */
class ProcessExitTest {
    @TempDir
    Path dir;

    @AfterEach
    void noProcessesLeft() {
        TestEngines.assertNoEngineProcesses();
    }

    private Path config(boolean withHangingScript) throws IOException {
        String extra = "";
        if (withHangingScript) {
            Path script = dir.resolve("hang.sh");
            Files.writeString(script, """
                    #!/bin/bash
                    while read -r line; do
                      case "$line" in
                        uci) echo "id name hang"; echo "uciok";;
                        isready) echo "readyok";;
                        go*) sleep 600;;
                      esac
                    done
                    """);
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
            extra = ", {\"name\": \"hang\", \"protocol\": \"uci\", \"command\": [\"" + script + "\"], \"hangTimeoutMs\": 600000,"
                    + " \"limits\": {\"depth\": 5}}";
        }
        Path f = dir.resolve("run.json");
        Files.writeString(f, """
                { "name": "exit", "game": {"variant": "chess"},
                  "players": [ {"name": "sf1", "protocol": "uci", "command": ["%s"]},
                               {"name": "sf2", "protocol": "uci", "command": ["%s"]} %s ],
                  "schedule": %s,
                  "limits": {"moveTimeMs": 1000},
                  "concurrency": 2, "output": "%s" }
                """.formatted(TestEngines.stockfish(), TestEngines.stockfish(), extra,
                withHangingScript ? "{\"type\": \"gauntlet\", \"players\": [\"hang\"], \"rounds\": 5}"
                        : "{\"type\": \"round-robin\", \"rounds\": 10}", dir.resolve("out")));
        return f;
    }

    private Process startRun(Path config) throws IOException {
        // As from a terminal: a test started in the background of a non-interactive shell inherits SIGINT
        // ignored, and a JVM started with SIGINT ignored installs no handler for it (Ctrl-C never arrives).
        List<String> c = new ArrayList<>(List.of("env", "--default-signal=INT", TestEngines.java(), "-Xmx256m", "-cp", System.getProperty("java.class.path"),
                "arbiter.cli.Main", "run", config.toString()));
        return new ProcessBuilder(c).redirectErrorStream(true).redirectOutput(dir.resolve("run.out").toFile()).start();
    }

    /** Waits until the run has at least {@code n} engine processes (children or grandchildren) and returns them. */
    private static List<ProcessHandle> engines(Process run, int n) throws InterruptedException {
        long end = System.nanoTime() + 20_000_000_000L;
        while (System.nanoTime() < end) {
            List<ProcessHandle> d = run.descendants().filter(ProcessHandle::isAlive).toList();
            if (d.size() >= n) {
                return d;
            }
            Thread.sleep(50);
        }
        run.destroyForcibly();
        return fail("the run did not start " + n + " engine processes");
    }

    /**
     * A process that has not ended. A zombie has ended (ProcessHandle still calls it alive): it waits only
     * for its parent to reap it, which, once the run is gone, is the machine's init, in its own time.
     */
    private static boolean running(ProcessHandle p) {
        return p.isAlive() && ProcStat.of(p.pid()).filter(s -> !s.dead()).isPresent();
    }

    private static void assertAllExit(List<ProcessHandle> processes, long seconds) throws InterruptedException {
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        while (System.nanoTime() < end && processes.stream().anyMatch(ProcessExitTest::running)) {
            Thread.sleep(50);
        }
        List<String> alive = processes.stream().filter(ProcessExitTest::running)
                .map(p -> p.pid() + " " + p.info().commandLine().orElse("?")).toList();
        processes.forEach(ProcessHandle::destroyForcibly);
        assertEquals(List.of(), alive, "processes outlived the run");
    }

    @Test
    void ctrlCStopsTheRunAndKillsEveryEngineIncludingAHangingOnesChildren() throws Exception {
        Process run = startRun(config(true));
        // The games in progress, one of them with the hanging engine searching: its child (sleep) runs.
        // How soon depends on the machine's load (JVM, engines' start, a colour to move): wait for it.
        List<ProcessHandle> engines = List.of();
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (engines.stream().noneMatch(p -> p.info().command().orElse("").endsWith("/sleep"))) {
            assertTrue(System.nanoTime() < deadline && run.isAlive(), "the hanging engine's child is running: "
                    + engines.stream().map(p -> p.info().commandLine().orElse("?")).toList() + "\n"
                    + Files.readString(dir.resolve("run.out")));
            Thread.sleep(50);
            engines = run.descendants().filter(ProcessHandle::isAlive).toList();
        }
        new ProcessBuilder("kill", "-INT", Long.toString(run.pid())).start().waitFor();
        assertTrue(run.waitFor(20, TimeUnit.SECONDS), "the run stops after Ctrl-C");
        assertAllExit(engines, 5);
        String out = Files.readString(dir.resolve("run.out"));
        assertTrue(out.contains("interrupted; run the same command again to resume"), out);
        Path pdn = dir.resolve("out").resolve("games.pdn");
        String games = Files.exists(pdn) ? Files.readString(pdn) : "";
        assertTrue(!games.contains("stalled connection") && !games.contains("engine crash"),
                "games cut short by Ctrl-C are abandoned, not scored as faults: " + games);
    }

    @Test
    void afterKill9EnginesSeeTheirInputCloseAndQuit() throws Exception {
        Process run = startRun(config(false));
        List<ProcessHandle> engines = engines(run, 2);
        Thread.sleep(500);
        engines = new ArrayList<>(run.descendants().filter(ProcessHandle::isAlive).toList());
        run.destroyForcibly();
        assertTrue(run.waitFor(10, TimeUnit.SECONDS));
        // No hook runs after SIGKILL: stockfish quits by itself when its standard input closes.
        assertAllExit(engines, 10);
    }
}

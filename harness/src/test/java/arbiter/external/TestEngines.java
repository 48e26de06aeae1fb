package arbiter.external;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import arbiter.config.RunConfig.ExternalEngine;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Engines for the tests: the real ones CI installs, Arbiter's own servers as subprocesses, and process checks. */
final class TestEngines {
    static final String STOCKFISH_MISSING = "install stockfish (apt-get install stockfish)";
    static final String GNUBG_MISSING = "install gnubg (apt-get install gnubg)";

    private TestEngines() {
    }

    /** Debian's stockfish (in /usr/games or on PATH), or a test failure saying how to install it. */
    static Path stockfish() {
        return find("stockfish", STOCKFISH_MISSING);
    }

    static Path gnubg() {
        return find("gnubg", GNUBG_MISSING);
    }

    private static Path find(String program, String missing) {
        List<Path> candidates = new ArrayList<>(List.of(Path.of("/usr/games", program)));
        String path = System.getenv("PATH");
        if (path != null) {
            for (String d : path.split(File.pathSeparator)) {
                if (!d.isEmpty()) {
                    candidates.add(Path.of(d, program));
                }
            }
        }
        for (Path p : candidates) {
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return p;
            }
        }
        return fail(missing);
    }

    /** The java launcher running these tests. */
    static String java() {
        return ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    /** A command running a class of the test classpath in a small, quickly starting JVM. */
    static List<String> javaMain(String mainClass, String... args) {
        List<String> c = new ArrayList<>(List.of(java(), "-Xmx96m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-cp", System.getProperty("java.class.path"), mainClass));
        c.addAll(List.of(args));
        return c;
    }

    /** {@code arbiter engine ...} as a subprocess. */
    static List<String> arbiterEngine(String... args) {
        List<String> a = new ArrayList<>(List.of("engine"));
        a.addAll(List.of(args));
        List<String> c = new ArrayList<>(List.of(java(), "-Xmx256m", "-XX:+UseSerialGC", "-cp",
                System.getProperty("java.class.path"), "arbiter.cli.Main"));
        c.addAll(a);
        return c;
    }

    /** The config's JSON array for a command. */
    static String json(List<String> command) {
        return command.stream().map(s -> "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"")
                .collect(Collectors.joining(", ", "[", "]"));
    }

    static ExternalEngine engine(String protocol, List<String> command) {
        return new ExternalEngine(protocol, command, null, Map.of(), 20_000, 20_000, null, 0, null);
    }

    /** Asserts that no process started by this JVM is alive (waiting a moment for exits) and no engine is registered. */
    static void assertNoEngineProcesses() {
        long end = System.nanoTime() + 3_000_000_000L;
        List<ProcessHandle> alive;
        do {
            alive = ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList();
            if (alive.isEmpty() && ProcessRegistry.liveCount() == 0) {
                return;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                break;
            }
        } while (System.nanoTime() < end);
        assertEquals(List.of(), alive.stream().map(p -> p.pid() + " " + p.info().commandLine().orElse("?")).toList(),
                "engine processes left behind");
        assertEquals(0, ProcessRegistry.liveCount(), "engines still registered");
    }
}

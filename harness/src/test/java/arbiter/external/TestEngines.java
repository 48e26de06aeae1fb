package arbiter.external;

import arbiter.play.Protocol;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Engines for the tests: the real ones CI installs, Arbiter's own servers as subprocesses, and process checks. */
public final class TestEngines {
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
    public static List<String> arbiterEngine(String... args) {
        List<String> a = new ArrayList<>(List.of("engine"));
        a.addAll(List.of(args));
        List<String> c = new ArrayList<>(List.of(java(), "-Xmx256m", "-XX:+UseSerialGC", "-cp",
                System.getProperty("java.class.path"), "arbiter.cli.Main"));
        c.addAll(a);
        return c;
    }

    /** A TCP port free at the moment of asking (for an engine that listens, e.g. a DXP follower). */
    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** The config's JSON array for a command. */
    static String json(List<String> command) {
        return command.stream().map(s -> "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"")
                .collect(Collectors.joining(", ", "[", "]"));
    }

    static ExternalEngine engine(String protocol, List<String> command) {
        return new ExternalEngine(Protocol.of(protocol), command, null, Map.of(), 20_000, 20_000, null, 0, null);
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

    /**
     * The records of a gauntlet of the random player "rnd" against fake engines: every game played;
     * the healthy fake "none" ends its games by the rules or adjudication; every other fake loses both
     * its games with the termination expected of its mode and the reason's phrase in the record.
     *
     * @param expected fake name -> {Termination tag, phrase of the reason}
     */
    static void assertFaultRecords(java.nio.file.Path pdn, java.util.Map<String, String[]> expected) throws java.io.IOException {
        java.util.List<arbiter.pdn.GameRecord> games = arbiter.pdn.GameLog.read(pdn, w -> { });
        assertEquals(2 * (expected.size() + 1), games.size(), "every game was played");
        String text = Files.readString(pdn);
        for (arbiter.pdn.GameRecord g : games) {
            String fake = g.tag("White").equals("rnd") ? g.tag("Black") : g.tag("White");
            if (fake.equals("none")) {
                org.junit.jupiter.api.Assertions.assertTrue(List.of("adjudication", "normal").contains(g.tag("Termination")),
                        g.tags().toString());
                continue;
            }
            assertEquals(expected.get(fake)[0], g.tag("Termination"), fake + ": " + g.tags());
            arbiter.play.GameResult fakeLost = g.tag("White").equals(fake) ? arbiter.play.GameResult.BLACK_WIN
                    : arbiter.play.GameResult.WHITE_WIN;
            assertEquals(fakeLost, g.result(), fake + " loses");
        }
        for (java.util.Map.Entry<String, String[]> e : expected.entrySet()) {
            org.junit.jupiter.api.Assertions.assertTrue(text.contains(e.getValue()[1]),
                    "the record gives the reason of " + e.getKey() + ": " + e.getValue()[1]);
        }
    }
}

package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./arbiter} launcher's choice of Java runtime: it looks at the runtime before anything
 * else (building, making the class-data archive), so a missing or too old Java gets one line and
 * exit code 2, and the runtime it refused is never run.
 */
class LauncherTest {
    @TempDir
    Path tmp;

    private static Path launcher() {
        // Tests run in the module folder; the launcher lives at the repository root.
        Path p = Path.of("..", "arbiter");
        return Files.isRegularFile(p) ? p : Path.of("arbiter");
    }

    private record Outcome(int code, String err) {
    }

    private Outcome run(Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("/bin/bash", launcher().toAbsolutePath().toString(), "--version");
        pb.environment().remove("JAVA_HOME");
        pb.environment().putAll(env);
        pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process p = pb.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the launcher did not end");
        return new Outcome(p.exitValue(), err);
    }

    /** A JDK folder whose java only leaves a mark that it was run, with a release file naming {@code version}. */
    private Path fakeJdk(String version) throws IOException {
        Path home = tmp.resolve("jdk-" + version);
        Files.createDirectories(home.resolve("bin"));
        Path java = home.resolve("bin/java");
        Files.writeString(java, "#!/bin/sh\ntouch \"" + tmp.resolve("java-was-run") + "\"\n");
        assertTrue(java.toFile().setExecutable(true));
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"test\"\nJAVA_VERSION=\"" + version + "\"\n");
        return home;
    }

    @Test
    void refusesAJavaOlderThan17NamedByJavaHome() throws Exception {
        Path home = fakeJdk("11.0.2");
        Outcome o = run(Map.of("JAVA_HOME", home.toString()));
        assertEquals(2, o.code(), o.err());
        List<String> lines = o.err().lines().toList();
        assertEquals(1, lines.size(), o.err());
        assertTrue(lines.get(0).startsWith("arbiter: needs Java 17 or later;"), o.err());
        assertTrue(lines.get(0).contains(home.resolve("bin/java") + " is Java 11"), o.err());
        assertFalse(Files.exists(tmp.resolve("java-was-run")), "the refused runtime was run");
    }

    @Test
    void saysSoWhenThereIsNoJava() throws Exception {
        // A PATH with the few tools the launcher uses before it looks for java, and no java.
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        for (String tool : new String[] {"dirname", "readlink", "sed"}) {
            for (String dir : new String[] {"/usr/bin", "/bin"}) {
                Path t = Path.of(dir, tool);
                if (Files.isExecutable(t) && !Files.exists(bin.resolve(tool))) {
                    Files.createSymbolicLink(bin.resolve(tool), t);
                }
            }
        }
        Outcome o = run(Map.of("PATH", bin.toString()));
        assertEquals(2, o.code(), o.err());
        assertEquals("arbiter: no java found: install a JDK 17 or later, or set JAVA_HOME", o.err().strip());
    }
}

package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.external.EngineProcess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 25: an engine's stderr flood made {@code arbiter.log} 329 MB in 20 s. With the run log capped
 * (a small cap here, through {@link RunLog#MAX_BYTES_PROPERTY}), a fake engine writing about 7 MB to
 * stderr (30,000 short lines and one line of 1 MB) leaves a log folder of at most
 * {@code (KEPT + 1)} files of about the cap each, and no logged line longer than the message limit.
 */
class RunLogCapTest {
    private static final long CAP = 64 * 1024;

    @Test
    void engineStderrFloodStaysUnderTheCap(@TempDir Path dir) throws Exception {
        String before = System.getProperty(RunLog.MAX_BYTES_PROPERTY);
        System.setProperty(RunLog.MAX_BYTES_PROPERTY, Long.toString(CAP));
        Path log = dir.resolve("arbiter.log");
        String flood = "yes 'flood flood flood flood flood flood flood flood flood flood flood flood flood flood"
                + " flood flood flood flood flood flood flood flood flood flood flood flood flood flood flood flood"
                + " flood flood flood flood flood flood flood flood flood flood flood flood flood flood' | head -n 30000 >&2;"
                + " head -c 1000000 /dev/zero | tr '\\0' L >&2; echo >&2; echo flood\"\"-done >&2; sleep 30";
        EngineProcess engine = new EngineProcess(new EngineProcess.Spec("flooder", List.of("sh", "-c", flood),
                dir, Map.of()));
        try (RunLog ignored = new RunLog(log, new java.io.PrintWriter(System.err, true))) {
            engine.start();
            long deadline = System.nanoTime() + 120_000_000_000L;
            // the last stderr line; the logged command line says flood""-done
            while (!contains(log, "flood-done")) {
                assertTrue(System.nanoTime() < deadline, "the engine's last stderr line never reached the log");
                Thread.sleep(100);
            }
            engine.kill(); // before the log closes: its stderr reader would write to a closed file
        } finally {
            engine.kill();
            if (before == null) {
                System.clearProperty(RunLog.MAX_BYTES_PROPERTY);
            } else {
                System.setProperty(RunLog.MAX_BYTES_PROPERTY, before);
            }
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().startsWith("arbiter.log")).sorted().toList();
        }
        assertTrue(files.contains(dir.resolve("arbiter.log.1")), "the log rolled over: " + files);
        assertTrue(files.size() <= RunLog.KEPT + 1, "at most " + (RunLog.KEPT + 1) + " files: " + files);
        long longestAllowed = RunLog.MAX_MESSAGE + 200; // the message plus date, level, thread, logger
        long total = 0;
        for (Path f : files) {
            long size = Files.size(f);
            total += size;
            assertTrue(size <= CAP + longestAllowed, f + " is " + size + " bytes, cap " + CAP);
            for (String line : lines(f)) {
                assertTrue(line.length() <= longestAllowed, "a line of " + line.length() + " characters in " + f);
            }
        }
        assertTrue(total <= (RunLog.KEPT + 1) * (CAP + longestAllowed), "log folder holds " + total + " bytes");
    }

    /** True when the log holds {@code text}; false while it is missing (a rollover renames it, then creates it anew). */
    private static boolean contains(Path log, String text) throws IOException {
        try {
            return Files.readString(log, StandardCharsets.ISO_8859_1).contains(text);
        } catch (java.nio.file.NoSuchFileException rolling) {
            return false;
        }
    }

    private static List<String> lines(Path f) throws IOException {
        return Files.readAllLines(f, StandardCharsets.ISO_8859_1);
    }
}

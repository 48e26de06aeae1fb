package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.pdn.GameLog;
import java.io.BufferedWriter;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An engine that writes without end before it answers, and openings files of any size, take bounded
 * memory: a run in a small heap gets one error naming the engine or the file and the bound, or plays.
 */
class InputBoundsTest {
    @TempDir
    Path dir;

    /** {@code arbiter run CONFIG} in a JVM of {@code heap}; returns its exit code, its output in {@code dir/run.out}. */
    private int runInSmallHeap(Path config, String heap) throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx" + heap,
                "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), "arbiter.cli.Main", "run", config.toString(),
                "--quiet").redirectErrorStream(true).redirectOutput(dir.resolve("run.out").toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("the run did not end: " + Files.readString(dir.resolve("run.out")));
        }
        return p.exitValue();
    }

    @Test
    void anEngineDeclaringOptionsWithoutEndIsOneErrorNamingItAndTheBound() throws Exception {
        Path engine = dir.resolve("flood.sh");
        // Asked for 'uci', it declares option after option (each a new name) and never says uciok.
        Files.writeString(engine, """
                #!/bin/sh
                read line
                exec awk 'BEGIN { for (i = 0; ; i++) print "option name Option" i " type spin default 1 min 0 max " i }'
                """);
        Files.setPosixFilePermissions(engine, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path config = dir.resolve("flood.json");
        Files.writeString(config, """
                { "name": "flood", "game": {"variant": "chess"},
                  "players": [ {"name": "flood", "protocol": "uci", "command": ["%s"], "initTimeoutMs": 20000},
                               {"name": "rnd", "engine": "random"} ],
                  "schedule": {"type": "match", "players": ["flood", "rnd"], "games": 2},
                  "limits": {"depth": 1}, "concurrency": 1, "output": "%s" }""".formatted(engine, dir.resolve("out")));
        int exit = runInSmallHeap(config, "64m");
        String out = Files.readString(dir.resolve("run.out"));
        assertEquals(2, exit, out);
        assertEquals(1, out.lines().filter(l -> l.startsWith("error:")).count(), out);
        assertTrue(out.contains("engine 'flood' is not usable: engine flood wrote more than 1 MiB without answering "
                + "'uci' with 'uciok'"), out);
        assertFalse(out.contains("OutOfMemoryError") || out.contains("\tat "), out);
    }

    @Test
    void aBookOfAHundredThousandOpeningsPlaysInASmallHeap() throws Exception {
        // 100,000 lines (6 MB): their openings held at once took about 40 MB of heap (413 MB for a million).
        Path book = dir.resolve("book.epd");
        List<String> fens = List.of("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -",
                "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -",
                "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq -",
                "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -");
        try (BufferedWriter w = Files.newBufferedWriter(book)) {
            for (int i = 0; i < 100_000; i++) {
                w.write(fens.get(i % fens.size()) + " hmvc 0; fmvn " + (i % 90 + 1) + ";\n");
            }
        }
        Path config = dir.resolve("book.json");
        Files.writeString(config, """
                { "name": "book", "game": {"variant": "chess"},
                  "players": [ {"name": "a", "engine": "random"}, {"name": "b", "engine": "random"} ],
                  "schedule": {"type": "match", "players": ["a", "b"], "games": 4},
                  "openings": {"file": "%s", "order": "random"},
                  "limits": {"depth": 1}, "adjudication": {"maxPlies": 20}, "concurrency": 1, "output": "%s", "seed": 5 }"""
                .formatted(book, dir.resolve("out")));
        int exit = runInSmallHeap(config, "24m");
        String out = Files.readString(dir.resolve("run.out"));
        assertEquals(0, exit, out);
        var games = GameLog.read(dir.resolve("out").resolve("games.pdn"), w -> { });
        assertEquals(4, games.size());
        assertTrue(games.stream().allMatch(g -> g.tag("FEN") != null && !g.tag("FEN").isEmpty()), "games start from the book");
    }

    @Test
    void anOpeningsFileOverTheBoundIsOneErrorNamingItAndTheBound() throws Exception {
        Path book = dir.resolve("huge.epd");
        try (RandomAccessFile f = new RandomAccessFile(book.toFile(), "rw")) {
            f.setLength((1L << 30) + 1); // sparse: no disk taken
        }
        Path config = dir.resolve("huge.json");
        Files.writeString(config, """
                { "name": "huge", "game": {"variant": "chess"},
                  "players": [ {"name": "a", "engine": "random"}, {"name": "b", "engine": "random"} ],
                  "schedule": {"type": "match", "players": ["a", "b"], "games": 2},
                  "openings": {"file": "%s"}, "limits": {"depth": 1}, "output": "%s" }""".formatted(book, dir.resolve("out")));
        CliRunner r = CliRunner.run("run", config.toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals("error: $.openings.file: " + book + ": 1073741825 bytes, more than the 1 GiB an openings file may "
                + "have (the wrong file?)", r.err().strip());
    }
}

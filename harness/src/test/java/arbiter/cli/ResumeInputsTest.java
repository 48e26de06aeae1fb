package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 25: a resume checks every file the games depend on, not only the config's text. An edited
 * openings file, weights file or engine program is refused with the file named (exit 2, as a
 * changed config); an unchanged one resumes; {@code --force-new} starts over.
 */
class ResumeInputsTest {
    @TempDir
    Path dir;

    private static void assertRefused(CliRunner r, Path file) {
        assertEquals(2, r.exit(), r.out() + r.err());
        assertTrue(r.err().startsWith("error: "), r.err());
        assertTrue(r.err().contains("input files changed since it started"), r.err());
        assertTrue(r.err().contains(file.toString()) || r.err().contains(file.getFileName().toString()), r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
    }

    @Test
    void anEditedOpeningsFileIsRefusedOnResume() throws Exception {
        Path book = dir.resolve("book.epd");
        Files.writeString(book, """
                rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -
                rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq -
                """);
        Path config = dir.resolve("run.json");
        Files.writeString(config, """
                { "name": "book", "game": {"variant": "chess"},
                  "players": [ {"name": "a", "engine": "random"}, {"name": "b", "engine": "random"} ],
                  "schedule": {"type": "round-robin", "rounds": 2},
                  "openings": {"file": "book.epd", "pairs": true}, "adjudication": {"maxPlies": 40}, "limits": {"depth": 1},
                  "concurrency": 1, "output": "%s", "seed": 5 }""".formatted(dir.resolve("out")));
        CliRunner first = CliRunner.run("run", config.toString());
        assertEquals(0, first.exit(), first.err());
        CliRunner same = CliRunner.run("run", config.toString());
        assertEquals(0, same.exit(), "unchanged inputs resume: " + same.err());

        Files.writeString(book, "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq -\n", StandardOpenOption.APPEND);
        assertRefused(CliRunner.run("run", config.toString()), book);

        CliRunner fresh = CliRunner.run("run", config.toString(), "--force-new");
        assertEquals(0, fresh.exit(), fresh.err());
    }

    /**
     * A file over 1 MiB (an engine's program, a big book) is known by its size and modification time, not
     * read whole: a rewrite of the same size is still refused; the same file resumes. Here a data file the
     * engine is given as an argument.
     */
    @Test
    void aLargeFileIsKnownBySizeAndTime() throws Exception {
        Path engine = crasher();
        Path data = dir.resolve("network.bin");
        Files.write(data, new byte[(1 << 20) + 1]);
        Path config = dir.resolve("run.json");
        Files.writeString(config, """
                { "name": "big", "game": {"variant": "chess"},
                  "players": [ {"name": "crasher", "protocol": "uci", "command": ["%s", "%s"]},
                               {"name": "rnd", "engine": "random"} ],
                  "schedule": {"type": "match", "players": ["crasher", "rnd"], "games": 2},
                  "limits": {"nodes": 1000}, "concurrency": 1, "output": "%s", "seed": 5 }"""
                .formatted(engine, data, dir.resolve("out")));
        CliRunner first = CliRunner.run("run", config.toString());
        assertEquals(0, first.exit(), first.err());
        assertTrue(Files.readString(dir.resolve("out/state.json")).contains("\"modified\""), "known by size and time");
        CliRunner same = CliRunner.run("run", config.toString());
        assertEquals(0, same.exit(), "unchanged: resumes " + same.err());
        byte[] bytes = Files.readAllBytes(data);
        bytes[7] = 1;
        Files.write(data, bytes); // the same size, a new modification time
        Files.setLastModifiedTime(data, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 5000));
        assertRefused(CliRunner.run("run", config.toString()), data);
    }

    @Test
    void anEditedWeightsFileIsRefusedOnResume() throws Exception {
        Path weights = dir.resolve("w.json");
        Files.writeString(weights, "{ \"pawn.mg\": 10 }\n");
        Path config = dir.resolve("run.json");
        Files.writeString(config, """
                { "name": "weights", "game": {"variant": "chess"},
                  "players": [ {"name": "tuned", "engine": "chess-alphabeta", "weightsFile": "w.json", "limits": {"depth": 1}},
                               {"name": "rnd", "engine": "random"} ],
                  "schedule": {"type": "match", "players": ["tuned", "rnd"], "games": 2},
                  "adjudication": {"maxPlies": 30}, "limits": {"depth": 1}, "concurrency": 1, "output": "%s", "seed": 5 }"""
                .formatted(dir.resolve("out")));
        CliRunner first = CliRunner.run("run", config.toString());
        assertEquals(0, first.exit(), first.err());

        Files.writeString(weights, "{ \"pawn.mg\": 12 }\n");
        assertRefused(CliRunner.run("run", config.toString()), weights);
    }

    /** A UCI engine that completes its handshake and crashes when asked to move: games are still recorded. */
    private Path crasher() throws java.io.IOException {
        Path engine = dir.resolve("engine.sh");
        Files.writeString(engine, """
                #!/bin/bash
                while read -r line; do
                  case "$line" in
                    uci) echo "id name crasher"; echo "uciok";;
                    isready) echo "readyok";;
                    go*|quit) exit 0;;
                  esac
                done
                """);
        Files.setPosixFilePermissions(engine, PosixFilePermissions.fromString("rwxr-xr-x"));
        return engine;
    }

    @Test
    void anEditedEngineProgramIsRefusedOnResume() throws Exception {
        Path engine = crasher();
        Path config = dir.resolve("run.json");
        Files.writeString(config, """
                { "name": "program", "game": {"variant": "chess"},
                  "players": [ {"name": "crasher", "protocol": "uci", "command": ["%s"]},
                               {"name": "rnd", "engine": "random"} ],
                  "schedule": {"type": "match", "players": ["crasher", "rnd"], "games": 2},
                  "limits": {"nodes": 1000}, "concurrency": 1, "output": "%s", "seed": 5 }"""
                .formatted(engine, dir.resolve("out")));
        CliRunner first = CliRunner.run("run", config.toString());
        assertEquals(0, first.exit(), first.err());
        assertTrue(Files.readString(dir.resolve("out/games.pdn")).contains("[Game \"1\"]"), "games were recorded");

        Files.writeString(engine, "# a new version\n", StandardOpenOption.APPEND);
        assertRefused(CliRunner.run("run", config.toString()), engine);
    }
}

package arbiter.cli;

import static arbiter.cli.CliRunner.assertOneError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 36, item 10: a config followed by a second JSON value is refused (it was read up to its first
 * value and the rest ignored); a folder or a device given where a file is expected is said to be one
 * (it was "no such file"), and a device is never read (/dev/zero would fill the heap); a pipe, as a
 * shell's {@code <(...)} gives, is read like a file.
 */
class InputFilesTest {
    @TempDir
    Path dir;

    private static final String CONFIG = """
            { "name": "inputs", "game": {"variant": "chess"},
              "players": [ {"name": "a", "engine": "random"}, {"name": "b", "engine": "random"} ],
              "schedule": {"type": "match", "players": ["a", "b"], "games": 2}, OPENINGS
              "limits": {"depth": 1}, "adjudication": {"maxPlies": 20}, "concurrency": 1, "output": "OUT", "seed": 1 }""";

    private Path config(String text, String openings) throws Exception {
        return Files.writeString(dir.resolve("run.json"), text.replace("OUT", dir.resolve("out").toString())
                .replace("OPENINGS", openings == null ? "" : "\"openings\": {\"file\": \"" + openings + "\"},"));
    }

    @Test
    void aSecondJsonValueAfterTheConfigIsRefused() throws Exception {
        Path c = config(CONFIG + "\n{ \"name\": \"other\" }\n", null);
        assertOneError(CliRunner.run("run", c.toString()), c.toString(), "line 5", "a second JSON value");
        assertFalse(Files.exists(dir.resolve("out")), "nothing run");
        Path weights = Files.writeString(dir.resolve("w.json"), "{ \"man\": 100 } { \"man\": 90 }");
        Path w = config(CONFIG.replace("{\"name\": \"a\", \"engine\": \"random\"}",
                "{\"name\": \"a\", \"engine\": \"draughts-alphabeta\", \"weightsFile\": \"w.json\"}")
                .replace("\"chess\"", "\"international\""), null);
        assertOneError(CliRunner.run("run", w.toString()), weights.toString(), "a second JSON value");
    }

    @Test
    void aFolderOrADeviceGivenAsAFileIsSaidToBeOne() throws Exception {
        assertOneError(CliRunner.run("run", "/dev/null"), "config file /dev/null is a device, not a file");
        assertOneError(CliRunner.run("run", dir.toString()), "config file " + dir + " is a folder, not a file");
        assertOneError(CliRunner.run("run", config(CONFIG, "/dev/zero").toString()),
                "$.openings.file: file /dev/zero is a device, not a file");
        assertOneError(CliRunner.run("elo", dir.toString()), "file " + dir + " is a folder, not a file");
        assertOneError(CliRunner.run("engine", "--protocol", "uci", "--engine", "chess-alphabeta", "--weights", "/dev/zero"),
                "weights file /dev/zero is a device, not a file");
        assertOneError(CliRunner.run("run", dir.resolve("missing.json").toString()), "no such config file: ");
    }

    /** A config through a pipe (bash's {@code arbiter run <(make-config)}): read, as a file is. */
    @Test
    void aConfigThroughAPipeIsRead() throws Exception {
        Path fifo = dir.resolve("config.fifo");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        String text = CONFIG.replace("OUT", dir.resolve("out").toString()).replace("OPENINGS", "");
        Thread writer = new Thread(() -> {
            try {
                Files.writeString(fifo, text);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        writer.start();
        CliRunner r = CliRunner.run("run", fifo.toString(), "--quiet");
        writer.join(10_000);
        assertEquals(0, r.exit(), r.err());
        assertTrue(Files.exists(dir.resolve("out").resolve("games.pdn")));
    }
}

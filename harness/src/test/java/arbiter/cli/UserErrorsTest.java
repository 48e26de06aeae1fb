package arbiter.cli;

import static arbiter.cli.CliRunner.assertOneError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 25, item 6: what a user can get wrong about files gets one {@code error:} line with the
 * reason and exit code 2, never "internal error" and a stack trace.
 */
class UserErrorsTest {
    @TempDir
    Path dir;

    private Path config(String output, String openings) throws Exception {
        Path f = dir.resolve("run.json");
        Files.writeString(f, """
                { "name": "errors", "game": {"variant": "chess"},
                  "players": [ {"name": "a", "engine": "random"}, {"name": "b", "engine": "random"} ],
                  "schedule": {"type": "match", "players": ["a", "b"], "games": 2}, %s
                  "limits": {"depth": 1}, "adjudication": {"maxPlies": 20},
                  "concurrency": 1, "output": "%s", "seed": 1 }"""
                .formatted(openings == null ? "" : "\"openings\": {\"file\": \"" + openings + "\"},", output));
        return f;
    }

    private CliRunner runOnce(Path out) throws Exception {
        Path c = config(out.toString(), null);
        CliRunner first = CliRunner.run("run", c.toString());
        assertEquals(0, first.exit(), first.err());
        return first;
    }

    @Test
    void invalidJsonInStateJson() throws Exception {
        Path out = dir.resolve("out");
        runOnce(out);
        Files.writeString(out.resolve("state.json"), "{ \"config\": ");
        assertOneError(CliRunner.run("run", config(out.toString(), null).toString()), "state.json", "not a state Arbiter wrote");
    }

    @Test
    void stateJsonOrGamesPdnThatIsAFolder() throws Exception {
        for (String name : List.of("state.json", "games.pdn")) {
            Path out = dir.resolve("out-" + name);
            runOnce(out);
            Files.delete(out.resolve(name));
            Files.createDirectory(out.resolve(name));
            assertOneError(CliRunner.run("run", config(out.toString(), null).toString()), name, "is a folder");
        }
    }

    @Test
    void anOutputUnderAFileGetsThePathAndTheReason() throws Exception {
        Path file = dir.resolve("plain.txt");
        Files.writeString(file, "x");
        assertOneError(CliRunner.run("run", config(file.resolve("out").toString(), null).toString()), file.toString(), ": ");
        assertOneError(CliRunner.run("run", config(file.toString(), null).toString()), "is a file, not a folder");
    }

    @Test
    void fileSystemErrorsNameTheirReason() {
        assertEquals("/x/y: permission denied", ErrorHandler.describe(new java.nio.file.AccessDeniedException("/x/y")));
        assertEquals("/x/y: already exists (and is in the way)",
                ErrorHandler.describe(new java.nio.file.FileAlreadyExistsException("/x/y")));
        assertEquals("/x/y: Not a directory", ErrorHandler.describe(new FileSystemException("/x/y", null, "Not a directory")));
    }

    @Test
    void aFolderWhereAFileIsExpected() throws Exception {
        Files.createDirectory(dir.resolve("book.epd"));
        assertOneError(CliRunner.run("run", config(dir.resolve("out").toString(), "book.epd").toString()), "book.epd",
                "folder");
        Files.createDirectory(dir.resolve("conf.json"));
        assertOneError(CliRunner.run("run", dir.resolve("conf.json").toString()), "conf.json", "is a folder");
    }

    @Test
    void aNonUtf8OpeningsFile() throws Exception {
        // "é" in Latin-1: one byte (0xE9) that is no UTF-8 sequence.
        Files.write(dir.resolve("book.epd"), "# caf\u00e9\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -\n"
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        assertOneError(CliRunner.run("run", config(dir.resolve("out").toString(), "book.epd").toString()), "book.epd",
                "not UTF-8");
    }

    @Test
    void aNonEmptyOutputThatIsNotAnArbiterRunIsRefusedEvenWithForceNew() throws Exception {
        Path out = dir.resolve("mine");
        Files.createDirectories(out);
        Files.writeString(out.resolve("thesis.tex"), "my work");
        Path c = config(out.toString(), null);
        assertOneError(CliRunner.run("run", c.toString()), out.toString(), "not an Arbiter run");
        assertOneError(CliRunner.run("run", c.toString(), "--force-new"), "not an Arbiter run");
        assertEquals("my work", Files.readString(out.resolve("thesis.tex")), "the user's file is untouched, where it was");
    }

    @Test
    void playerNamesWithControlCharactersAreRefused() throws Exception {
        for (String bad : List.of("\\u0000", "\\u001b[31m", "a\\tb", "a\\rb")) {
            Path f = dir.resolve("names.json");
            Files.writeString(f, """
                    { "name": "names", "game": {"variant": "chess"},
                      "players": [ {"name": "x%sy", "engine": "random"}, {"name": "b", "engine": "random"} ],
                      "schedule": {"type": "match", "players": ["x%sy", "b"], "games": 2},
                      "limits": {"depth": 1}, "concurrency": 1, "output": "%s", "seed": 1 }"""
                    .formatted(bad, bad, dir.resolve("names-out")));
            assertOneError(CliRunner.run("run", f.toString()), "$.players[0].name", "control character");
        }
    }
    /** Every reader is bounded: an openings line, a config, a weights file of absurd size is one error, not the heap. */
    @Test
    void overlongLinesAndOversizedFilesAreOneError() throws Exception {
        Files.writeString(dir.resolve("book.epd"), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - " + "x".repeat(100_000) + "\n");
        assertOneError(CliRunner.run("run", config(dir.resolve("out").toString(), "book.epd").toString()), "book.epd:1",
                "line longer than 64 KiB");
        Path c = config(dir.resolve("out2").toString(), null);
        Path big = dir.resolve("big.json");
        Files.writeString(big, Files.readString(c) + " ".repeat(17 << 20));
        assertOneError(CliRunner.run("run", big.toString()), "big.json", "more than the 16 MiB a config may have");
        Path weights = Files.writeString(dir.resolve("w.json"), "{}" + " ".repeat(17 << 20));
        Files.writeString(c, Files.readString(c).replace("{\"name\": \"a\", \"engine\": \"random\"}",
                "{\"name\": \"a\", \"engine\": \"draughts-alphabeta\", \"weightsFile\": \"w.json\"}")
                .replace("\"chess\"", "\"international\""));
        assertOneError(CliRunner.run("run", c.toString()), "w.json", "more than the 16 MiB a weights file may have");
    }

    /**
     * A results folder the process may not write: one error line with the reason, exit 2, and the
     * games already recorded there untouched. As root, file modes do not stop writing, so the folder is
     * on a tmpfs remounted read-only; as another user, the folder's write permission is taken away.
     */
    @Test
    void anUnwritableResultsFolderIsOneErrorAndLosesNothing() throws Exception {
        Path disk = dir.resolve("disk");
        Files.createDirectories(disk);
        boolean root = "root".equals(System.getProperty("user.name"));
        if (root) {
            Process m = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", disk.toString())
                    .redirectErrorStream(true).start();
            org.junit.jupiter.api.Assumptions.assumeTrue(m.waitFor() == 0,
                    "needs to mount a tmpfs as root: " + new String(m.getInputStream().readAllBytes()));
        }
        try {
            Path out = disk.resolve("out");
            runOnce(out);
            byte[] games = Files.readAllBytes(out.resolve("games.pdn"));
            if (root) {
                Process ro = new ProcessBuilder("mount", "-o", "remount,ro", disk.toString()).redirectErrorStream(true).start();
                assertEquals(0, ro.waitFor(), new String(ro.getInputStream().readAllBytes()));
            } else {
                for (Path p : List.of(out, disk)) {
                    Files.setPosixFilePermissions(p, java.nio.file.attribute.PosixFilePermissions.fromString("r-xr-xr-x"));
                }
            }
            String reason = root ? "Read-only file system" : "permission denied";
            // Resuming the recorded run, a new run beside it, and a new run that wants its folder made.
            assertOneError(CliRunner.run("run", config(out.toString(), null).toString(), "--force-new"), out.toString(), reason);
            assertOneError(CliRunner.run("run", config(out.toString(), null).toString()), out.toString(), reason);
            assertOneError(CliRunner.run("run", config(disk.resolve("new").toString(), null).toString()), "new", reason);
            assertEquals(new String(games), Files.readString(out.resolve("games.pdn")), "the recorded games are untouched");
        } finally {
            if (root) {
                new ProcessBuilder("umount", "-l", disk.toString()).start().waitFor();
            } else {
                for (Path p : List.of(disk, disk.resolve("out"))) {
                    Files.setPosixFilePermissions(p, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
                }
            }
        }
    }
    /**
     * Under LC_ALL=C the JVM names files in ASCII: a config in a folder named "café" cannot be opened.
     * End to end in a JVM of its own (the file-name encoding is fixed when a JVM starts): one error line
     * with the reason and the remedy, exit 2; the remedy (a UTF-8 locale) then runs the same command.
     */
    @Test
    void aPathTheLocaleCannotNameIsOneErrorWithTheRemedy() throws Exception {
        Path folder = dir.resolve("caf\u00e9");
        Files.createDirectories(folder);
        Path c = Files.writeString(folder.resolve("run.json"), Files.readString(config(dir.resolve("out").toString(), null)));
        for (String[] args : List.of(new String[] {"run", c.toString()},
                new String[] {"run", config(dir.resolve("x").toString(), null).toString(), "--output", folder.resolve("o").toString()})) {
            Child ascii = child("C", args);
            assertEquals(2, ascii.exit(), ascii.err());
            assertTrue(ascii.err().startsWith("error: "), ascii.err());
            assertEquals(1, ascii.err().lines().count(), "one line: " + ascii.err());
            assertTrue(ascii.err().contains("unmappable characters") && ascii.err().contains("LC_ALL=C.UTF-8"), ascii.err());
            assertFalse(ascii.err().contains("\tat ") || ascii.err().contains("Usage:"), ascii.err());
        }
        Child utf8 = child("C.UTF-8", "run", c.toString(), "--quiet");
        assertEquals(0, utf8.exit(), utf8.err());
    }

    private record Child(int exit, String err) {
    }

    /** Runs arbiter in a JVM of its own with only PATH and this locale in its environment. */
    private Child child(String locale, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().keySet().removeIf(k -> k.startsWith("LC_") || k.equals("LANG") || k.equals("LANGUAGE")
                || k.startsWith("JAVA_TOOL") || k.equals("_JAVA_OPTIONS"));
        pb.environment().put("LC_ALL", locale);
        Process p = pb.start();
        String err = new String(p.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        return new Child(p.waitFor(), err);
    }
}

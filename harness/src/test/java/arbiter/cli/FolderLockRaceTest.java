package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 36, item 3: {@code --force-new} racing a plain run. The plain run opens the folder's
 * {@code .lock}; before it locks it, the {@code --force-new} run (which holds it) moves the folder
 * aside, locks a new {@code .lock} in a new folder and lets the old one go. The plain run then
 * locked the old file, now in the folder moved aside, and wrote the new folder beside the other run
 * (750 records, 150 of them twice). It must find that its file is no longer the folder's lock, and
 * be refused by the holder of the one that is.
 */
class FolderLockRaceTest {
    @TempDir
    Path dir;

    @Test
    void aLockFileMovedAsideWhileItWasBeingLockedIsNotTheFoldersLock() throws Exception {
        Path out = dir.resolve("out");
        CliRunner first = CliRunner.run("run", config(out).toString());
        assertEquals(0, first.exit(), first.err());

        FolderLock[] forceNew = new FolderLock[1];
        StringWriter said = new StringWriter();
        try {
            BadInputException refused = assertThrows(BadInputException.class, () -> {
                // Between the plain run's open and its lock, the --force-new run prepares the folder.
                FolderLock plain = FolderLock.on(out.resolve(FolderLock.NAME), out.toString(), () -> {
                    try {
                        forceNew[0] = JobSetup.prepareOutput(out, true, new PrintWriter(said, true));
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
                plain.close();
            });
            assertTrue(refused.getMessage().startsWith(out + " is in use by pid " + ProcessHandle.current().pid()),
                    refused.getMessage());
        } finally {
            if (forceNew[0] != null) {
                forceNew[0].close();
            }
        }
        assertTrue(said.toString().startsWith("Earlier results moved to "), said.toString());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(1, files.filter(p -> p.getFileName().toString().startsWith("out.old-")).count());
        }
    }

    private Path config(Path output) throws Exception {
        Path f = dir.resolve("run.json");
        Files.writeString(f, """
                { "name": "race", "game": {"variant": "chess"},
                  "players": [ {"name": "a", "engine": "random"}, {"name": "b", "engine": "random"} ],
                  "schedule": {"type": "match", "players": ["a", "b"], "games": 2},
                  "limits": {"depth": 1}, "adjudication": {"maxPlies": 20},
                  "concurrency": 1, "output": "%s", "seed": 1 }""".formatted(output));
        return f;
    }
}

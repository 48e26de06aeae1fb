package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A 2 MiB line: one error line naming the file and the line, exit 2, no stack trace. */
class EloLongLineTest {
    @TempDir
    Path dir;

    @Test
    void twoMebibyteLineIsOneErrorLine() throws IOException {
        Path f = dir.resolve("big.pgn");
        Files.writeString(f, "[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 {" + "x".repeat(2 << 20) + "} 1-0\n");
        CliRunner r = CliRunner.run("elo", "--check", f.toString());
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().startsWith("error: "), r.err());
        assertTrue(r.err().contains(f + ":5: line longer than 1 MiB"), r.err());
        assertEquals(1, r.err().strip().split("\n").length, r.err());
    }
}

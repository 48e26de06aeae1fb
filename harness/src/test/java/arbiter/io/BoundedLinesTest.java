package arbiter.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.Reader;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bounded lines and files: what {@code BufferedReader.readLine} and {@code Files.readString} give, up to their bound. */
class BoundedLinesTest {
    @TempDir
    Path dir;

    @Test
    void linesEndAsBufferedReaderEndsThem() throws Exception {
        String text = "a\nb\r\nc\rd\n\ne";
        BoundedLines lines = new BoundedLines(new StringReader(text), 10);
        BufferedReader reference = new BufferedReader(new StringReader(text));
        int n = 1;
        for (String expected; (expected = reference.readLine()) != null; n++) {
            assertEquals(expected, lines.next("t", n));
        }
        assertNull(lines.next("t", n));
    }

    @Test
    void anOverlongLineIsAnErrorAndCanBeSkippedToTheNextLine() throws Exception {
        // Longer than the reader's buffer too, so the skip crosses reads.
        Reader in = new StringReader("ok\n" + "x".repeat(50_000) + "\r\nafter\n" + "y".repeat(20) + "\n");
        BoundedLines lines = new BoundedLines(in, 16);
        assertEquals("ok", lines.next("in", 1));
        BoundedLines.LineTooLongException e = assertThrows(BoundedLines.LineTooLongException.class, () -> lines.next("in", 2));
        assertEquals("in:2: line longer than 16 characters (16 characters)", e.getMessage());
        assertTrue(lines.skipRestOfLine());
        assertEquals("after", lines.next("in", 3), "CR LF ends the skipped line once");
        assertThrows(BoundedLines.LineTooLongException.class, () -> lines.next("in", 4));
        assertTrue(lines.skipRestOfLine());
        assertNull(lines.next("in", 5));
        assertFalse(lines.skipRestOfLine());
    }

    @Test
    void aFileOverItsBoundIsAnErrorNamingItsSize() throws Exception {
        Path f = Files.writeString(dir.resolve("c.json"), "{}" + " ".repeat(2046));
        assertEquals(2048, BoundedFiles.readString(f, "a config", 2048).length());
        BoundedFiles.FileTooLargeException e = assertThrows(BoundedFiles.FileTooLargeException.class,
                () -> BoundedFiles.readString(f, "a config", 1024));
        assertEquals(f + ": 2048 bytes, more than the 1 KiB a config may have (the wrong file?)", e.getMessage());
    }
    @Test
    void aServerReadsOnPastOverlongLinesWhereverTheyEnd() throws Exception {
        // An overlong line ending inside the buffer, one ending across reads, and one at the very end.
        String text = "a\n" + "x".repeat(20) + "\nb\r\n" + "y".repeat(30_000) + "\r\nc\n" + "z".repeat(40);
        BoundedLines lines = new BoundedLines(new StringReader(text), 16);
        int[] refused = {0};
        java.util.List<String> read = new java.util.ArrayList<>();
        for (String l; (l = lines.nextSkippingOverlong("in", () -> refused[0]++)) != null; ) {
            read.add(l);
        }
        assertEquals(java.util.List.of("a", "b", "c"), read);
        assertEquals(3, refused[0]);
    }
}

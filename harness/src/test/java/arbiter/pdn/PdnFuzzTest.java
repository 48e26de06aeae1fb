package arbiter.pdn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.play.GameResult;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Fuzz tests (Jazzer; docs/fuzzing.md) of the PDN/PGN reader and the rating fast path. Without
 * {@code JAZZER_FUZZ} they replay the committed inputs in {@code PdnFuzzTestInputs/}.
 *
 * <p>The properties: {@link PdnReader} reports a bad file through warnings and never throws (an
 * {@link UncheckedIOException} would be its only error: a read failure); {@link ResultScanner} either
 * gives up or yields exactly the games the full reader yields (its documented contract).
 */
class PdnFuzzTest {
    private static Path file;

    @FuzzTest(maxDuration = "5s")
    void reader(byte[] input) {
        readAll(new String(input, StandardCharsets.UTF_8));
    }

    @FuzzTest(maxDuration = "5s")
    void scannerAgreesWithReader(byte[] input) throws IOException {
        Path f = scratch();
        Files.write(f, input);
        ResultScanner scanner = new ResultScanner();
        List<String> scanned = new ArrayList<>();
        if (!scanner.scan(f, (w, b, r) -> scanned.add(scanner.names().get(w) + " - " + scanner.names().get(b) + " " + r))) {
            return; // it gave up: the caller reads the file with PdnReader
        }
        List<String> read = new ArrayList<>();
        // PdnReader reads UTF-8 through a Reader, as PdnReader.open does
        for (GameRecord g : readAll(new String(input, StandardCharsets.UTF_8))) {
            GameResult r = g.result();
            read.add(g.tag("White") + " - " + g.tag("Black") + " " + r);
        }
        assertEquals(read, scanned, "the scanner accepted the file but saw other games than the reader");
    }

    /**
     * Found by {@link #scannerAgreesWithReader} (input {@code comment-open-into-next-game}): a comment
     * left open runs into the next game's tags; the reader skips the broken game, the scanner read the
     * next game's tags as comment and credited its result to the broken game's players.
     */
    @Test
    void scannerGivesUpOnACommentOpenIntoTheNextGame() throws IOException {
        String text = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 {open\n\n[White \"C\"]\n[Black \"D\"]\n\n1. d4 {x} 1-0\n";
        Path f = scratch();
        Files.writeString(f, text);
        assertEquals(List.of("C"), readAll(text).stream().map(g -> g.tag("White")).toList());
        assertFalse(new ResultScanner().scan(f, (w, b, r) -> { }), "the scanner leaves this file to the reader");
    }

    /**
     * Found by {@link #scannerAgreesWithReader} (input {@code lone-cr-in-tag}): a lone CR ends a line
     * for the reader, so {@code [Result "1-0<CR>"]} is a broken tag there, but the scanner took the CR
     * for a byte of the value and accepted the game.
     */
    @Test
    void scannerEndsLinesAtALoneCarriageReturnAsTheReaderDoes() throws IOException {
        String text = "[White \"A\"]\n[Black \"B\"]\n[Rasult \"3\r0\"]\n\n1. e4 1/2-1/2\n";
        Path f = scratch();
        Files.writeString(f, text);
        assertEquals(List.of(), readAll(text));
        assertFalse(new ResultScanner().scan(f, (w, b, r) -> { }), "the scanner leaves this file to the reader");
        String crlf = "[White \"A\"]\r\n[Black \"B\"]\r\n\r\n1. e4 ; note\r1-0\r\n";
        Files.writeString(f, crlf);
        List<String> scanned = new ArrayList<>();
        ResultScanner scanner = new ResultScanner();
        assertTrue(scanner.scan(f, (w, b, r) -> scanned.add(scanner.names().get(w) + " - " + scanner.names().get(b) + " " + r)));
        assertEquals(List.of("A - B " + readAll(crlf).get(0).result()), scanned);
    }

    /**
     * Found by {@link #scannerAgreesWithReader} (input {@code unit-separator-in-tag-name}): U+001F is white
     * space to the reader (Character.isWhitespace), which split the tag name there and skipped the
     * game; the scanner read one name and accepted the game. The same holds for the Unicode spaces;
     * and for NUL (input {@code nul-around-result}), which the two tokenized differently.
     */
    @Test
    void scannerGivesUpOnWhiteSpaceOnlyTheReaderKnows() throws IOException {
        for (String space : List.of("\u001f", "\u2003", "\u3000", "\u0000")) {
            String text = "[Ev" + space + "ent \"x\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. e4 1/2-1/2\n";
            Path f = scratch();
            Files.writeString(f, text);
            if (Character.isWhitespace(space.charAt(0))) {
                assertEquals(List.of(), readAll(text)); // the reader splits the name: a broken tag
            }
            assertFalse(new ResultScanner().scan(f, (w, b, r) -> { }), "the scanner leaves this file to the reader");
        }
    }

    /**
     * Input {@code line-comment-then-blank-line-ends-a-tags-only-game} (the hostile pass of issue 36):
     * a tag section, a {@code ;} comment line, a blank line, then the next game. For the reader the blank
     * line ends the first game (no result token: its Result tag counts); the scanner did not count the
     * comment's line as one with content, saw no blank line, read the next game's tags into the first
     * and dropped it. Now it gives up there, as on any tags-only game.
     */
    @Test
    void scannerSeesTheBlankLineAfterALineComment() throws IOException {
        String text = "[White \"A\"][Black \"B\"][Result \"1-0\"]\n; 2. 1-0\n\n[White \"C\"][Black \"D\"][Result \"0-1\"]\n\n1. e4 0-1\n";
        Path f = scratch();
        Files.writeString(f, text);
        assertEquals(List.of("A", "C"), readAll(text).stream().map(g -> g.tag("White")).toList());
        assertFalse(new ResultScanner().scan(f, (w, b, r) -> { }), "the scanner leaves this file to the reader");
        // Without the blank line both see one game, C - D, and the scanner reads it.
        String merged = text.replace("1-0\n\n[White", "1-0\n[White");
        Files.writeString(f, merged);
        List<String> scanned = new ArrayList<>();
        ResultScanner scanner = new ResultScanner();
        assertTrue(scanner.scan(f, (w, b, r) -> scanned.add(scanner.names().get(w) + " - " + scanner.names().get(b) + " " + r)));
        assertEquals(readAll(merged).stream().map(g -> g.tag("White") + " - " + g.tag("Black") + " " + g.result()).toList(), scanned);
    }

    private static List<GameRecord> readAll(String text) {
        List<GameRecord> games = new ArrayList<>();
        try (PdnReader reader = new PdnReader(new StringReader(text), "fuzz", w -> { })) {
            while (reader.hasNext()) {
                GameRecord g = reader.next();
                g.result();
                g.tag("White");
                games.add(g);
            }
        } catch (IOException | UncheckedIOException e) {
            // a read error: the reader's own failure
        }
        return games;
    }

    private static synchronized Path scratch() throws IOException {
        if (file == null) {
            file = Files.createTempFile("arbiter-fuzz-", ".pdn");
            file.toFile().deleteOnExit();
        }
        return file;
    }
}

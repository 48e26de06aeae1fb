package arbiter.pdn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Lines are bounded (1 MiB): a 2 MiB line is an error naming the source and the line. */
class PdnLineBoundTest {

    @Test
    void twoMebibyteLineIsAnErrorNamingFileAndLine() {
        String text = "[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 {" + "x".repeat(2 << 20) + "} 1-0\n";
        PdnReader r = new PdnReader(new StringReader(text), "big.pgn", w -> { });
        UncheckedIOException e = assertThrows(UncheckedIOException.class, r::hasNext);
        assertEquals("big.pgn:5: line longer than 1 MiB (1048576 characters); not a PGN/PDN file?", e.getMessage());
    }

    @Test
    void lineEndingsAreReadAsBefore() {
        String game = "[White \"a\"]%s[Black \"b\"]%s[Result \"1-0\"]%s%s1. e4 e5 1-0%s%s";
        List<String> warnings = new ArrayList<>();
        for (String eol : new String[] {"\n", "\r\n", "\r"}) {
            String t = String.format(game, eol, eol, eol, eol, eol, eol) + String.format(game, eol, eol, eol, eol, eol, "");
            PdnReader r = new PdnReader(new StringReader(t), "x.pgn", w -> warnings.add(w.toString()));
            List<GameRecord> games = new ArrayList<>();
            r.forEachRemaining(games::add);
            assertEquals(2, games.size(), eol.replace("\r", "CR").replace("\n", "LF"));
            assertEquals(7, games.get(1).line(), "line of the second game");
        }
        assertEquals(List.of(), warnings);
    }

    @Test
    void aLineOfExactlyTheBoundIsRead() {
        String text = "[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n{" + "x".repeat(PdnReader.MAX_LINE - 6) + "} 1-0\n";
        PdnReader r = new PdnReader(new StringReader(text), "edge.pgn", w -> { });
        assertEquals("1-0", r.next().resultToken());
    }
}

package arbiter.pdn;

import arbiter.play.GameResult;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Move comments come back attached to their moves; problems are located by line and column. */
class PdnCommentsTest {

    private static List<GameRecord> read(String text, List<PdnWarning> warnings) {
        List<GameRecord> games = new ArrayList<>();
        try (PdnReader r = new PdnReader(new StringReader(text), "t.pdn", warnings::add)) {
            r.forEachRemaining(games::add);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        return games;
    }

    @Test
    void commentsFollowTheirMovesAcrossLinesVariationsAndCrlf() {
        String text = "\uFEFF[Event \"x\"]\r\n[White \"A \\\"q\\\" \u00e9\"]\r\n\r\n"
                + "1. 32-28 {+0.12/7\r\n 0.530s} 19-23 $1 (19-24 {variation comment} 28x19) 2. 28x19 14x23 {#-3/9 1.000s}\r\n"
                + "{adjudication: maximum plies} 2-0\r\n";
        List<PdnWarning> warnings = new ArrayList<>();
        List<GameRecord> games = read(text, warnings);
        assertEquals(List.of(), warnings);
        GameRecord g = games.get(0);
        assertEquals("A \"q\" \u00e9", g.tag("White"));
        assertEquals(List.of("32-28", "19-23", "28x19", "14x23"), g.moves());
        assertEquals("+0.12/7 0.530s", g.comments().get(0));
        assertNull(g.comments().get(1));
        assertNull(g.comments().get(2));
        assertEquals("#-3/9 1.000s adjudication: maximum plies", g.comments().get(3));
        assertEquals(GameResult.WHITE_WIN, g.result());
    }

    @Test
    void brokenGameIsSkippedWithLineAndColumn() {
        String text = "[Event \"a\"]\n\n1. e4 e5 {never closed 2. Nf3\n\n[Event \"b\"]\n\n1. d4 d5 1-0\n";
        List<PdnWarning> warnings = new ArrayList<>();
        List<GameRecord> games = read(text, warnings);
        assertEquals(1, games.size());
        assertEquals("b", games.get(0).tag("Event"));
        assertEquals(1, warnings.size(), warnings.toString());
        assertEquals(3, warnings.get(0).line());
        assertEquals(10, warnings.get(0).column());
        assertTrue(warnings.get(0).toString().startsWith("t.pdn:3:10: malformed game skipped: comment '{' never closed"),
                warnings.get(0).toString());
        assertEquals(Arrays.asList("d4", "d5"), games.get(0).moves());
    }
}

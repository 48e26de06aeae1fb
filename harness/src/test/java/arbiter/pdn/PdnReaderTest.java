package arbiter.pdn;

import arbiter.play.GameResult;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PdnReaderTest {

    @TempDir
    Path dir;

    private final List<PdnWarning> warnings = new ArrayList<>();

    private List<GameRecord> read(String name, String text) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, text, StandardCharsets.UTF_8);
        return PdnReader.readAll(f, warnings::add);
    }

    @Test
    void readsDraughtsGameWithCommentsVariationsAndNags() throws IOException {
        String pdn = """
                [Event "Test"]
                [White "Scan"]
                [Black "Kingsrow"]
                [GameType "20"]
                [Result "2-0"]

                1. 32-28 19-23 {a comment
                spanning lines} 2. 28x19 $1 (2. 33-29 (2. 31-27) 14x23) 14x23
                ; a line comment 3. 99-99
                3.37-32 2-0
                """;
        List<GameRecord> games = read("a.pdn", pdn);
        assertEquals(1, games.size());
        GameRecord g = games.get(0);
        assertEquals(List.of("32-28", "19-23", "28x19", "14x23", "37-32"), g.moves());
        assertEquals("2-0", g.resultToken());
        assertEquals(GameResult.WHITE_WIN, g.result());
        assertEquals("Scan", g.tag("white"));
        assertEquals("20", g.tag("GAMETYPE"));
        assertEquals(List.of("Event", "White", "Black", "GameType", "Result"), List.copyOf(g.tags().keySet()));
        assertEquals(1, g.line());
        assertTrue(warnings.isEmpty(), warnings.toString());
    }

    @Test
    void escapedQuotesAndUnicodeInTags() throws IOException {
        String pgn = "\uFEFF[White \"Deep \\\"Blue\\\" \\\\ Jr\"]\n[Black \"Ж\u00e9r\u00f4me 名人 \uD83D\uDE00\"][Result \"1/2-1/2\"]\n\n"
                + "1. e4 e5 2. Nf3 Nc6 1/2-1/2\n";
        List<GameRecord> games = read("u.pgn", pgn);
        assertEquals(1, games.size());
        assertEquals("Deep \"Blue\" \\ Jr", games.get(0).tag("White"));
        assertEquals("Ж\u00e9r\u00f4me 名人 \uD83D\uDE00", games.get(0).tag("black"));
        assertEquals(GameResult.DRAW, games.get(0).result());
        assertEquals(List.of("e4", "e5", "Nf3", "Nc6"), games.get(0).moves());
    }

    @Test
    void brokenGameInTheMiddleIsSkippedWithItsLine() throws IOException {
        String pdn = """
                [White "A"]
                [Black "B"]

                1. 32-28 18-23 2-0

                [White "C"]
                [Black "D]
                [Result "0-2"]

                1. 32-28 {oops 0-2

                [White "E"]
                [Black "F"]

                1. 33-29 1-1
                """;
        List<GameRecord> games = read("broken.pdn", pdn);
        assertEquals(2, games.size());
        assertEquals("A", games.get(0).tag("White"));
        assertEquals("E", games.get(1).tag("White"));
        assertEquals(12, games.get(1).line());
        assertEquals(1, warnings.size(), warnings.toString());
        assertEquals(7, warnings.get(0).line());
        assertTrue(warnings.get(0).toString().contains("broken.pdn:7:"), warnings.toString());
    }

    @Test
    void unterminatedCommentIsSkippedAtNextGame() throws IOException {
        String pgn = """
                [White "A"]
                [Black "B"]

                1. e4 {never closed e5 1-0

                [White "C"]
                [Black "D"]

                1. d4 d5 0-1
                """;
        List<GameRecord> games = read("c.pgn", pgn);
        assertEquals(1, games.size());
        assertEquals("C", games.get(0).tag("White"));
        assertEquals(GameResult.BLACK_WIN, games.get(0).result());
        assertEquals(1, warnings.size());
        assertEquals(4, warnings.get(0).line());
        assertTrue(warnings.get(0).message().contains("comment"));
    }

    @Test
    void resultsAndMissingTokens() throws IOException {
        String pgn = """
                [White "A"][Black "B"][Result "1-0"]

                1. e4 e5
                [White "A"][Black "B"][Result "2-1"]

                1. e4
                [White "A"][Black "B"]

                1. e4 *
                [White "A"][Black "B"]

                1. e4 0-2
                """;
        List<GameRecord> games = read("r.pgn", pgn);
        assertEquals(4, games.size());
        assertNull(games.get(0).resultToken());
        assertEquals(GameResult.WHITE_WIN, games.get(0).result());
        assertEquals(GameResult.UNKNOWN, games.get(1).result());
        assertEquals(GameResult.UNFINISHED, games.get(2).result());
        assertEquals(GameResult.BLACK_WIN, games.get(3).result());
        assertEquals(7, games.get(2).line());
    }

    @Test
    void emptyFileHasNoGames() throws IOException {
        assertTrue(read("e.pdn", "").isEmpty());
        assertTrue(read("e2.pdn", "\n\n  \n% escape\n").isEmpty());
        assertTrue(warnings.isEmpty());
    }

    @Test
    void gameAtEndWithoutNewlineAndStrayParenthesis() throws IOException {
        String pdn = "[White \"A\"]\n[Black \"B\"]\n\n1. 32-28 ) 2-0\n\n[White \"C\"]\n[Black \"D\"]\n\n32-28 0-2";
        List<GameRecord> games = read("p.pdn", pdn);
        assertEquals(1, games.size());
        assertEquals("C", games.get(0).tag("White"));
        assertEquals(List.of("32-28"), games.get(0).moves());
        assertEquals(1, warnings.size());
        assertEquals(4, warnings.get(0).line());
    }

    @Test
    void resultTokens() {
        assertEquals(GameResult.WHITE_WIN, GameResult.parse("2-0"));
        assertEquals(GameResult.BLACK_WIN, GameResult.parse("0-1"));
        assertEquals(GameResult.DRAW, GameResult.parse("1-1"));
        assertEquals(GameResult.DRAW, GameResult.parse("1/2-1/2"));
        assertEquals(GameResult.UNFINISHED, GameResult.parse("*"));
        assertEquals(GameResult.UNKNOWN, GameResult.parse("3-1"));
        assertEquals(GameResult.UNKNOWN, GameResult.parse(null));
    }
}

package arbiter.pdn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.play.GameResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The fast result scanner gives exactly the full reader's games, or gives up where the reader would warn. */
class ResultScannerTest {
    @TempDir
    Path dir;

    /** "white|black|result" per game, from the full reader (rated games only). */
    private static List<String> full(Path file) throws Exception {
        List<String> out = new ArrayList<>();
        List<PdnWarning> warnings = new ArrayList<>();
        for (GameRecord g : PdnReader.readAll(file, warnings::add)) {
            if (g.result().decided()) {
                out.add(g.tag("White").strip() + "|" + g.tag("Black").strip() + "|" + g.result());
            }
        }
        assertEquals(List.of(), warnings, "a well-formed file");
        return out;
    }

    private static List<String> fast(Path file) throws Exception {
        ResultScanner s = new ResultScanner();
        List<String> out = new ArrayList<>();
        assertTrue(s.scan(file, (w, b, r) -> out.add(s.names().get(w) + "|" + s.names().get(b) + "|" + r)),
                "the scanner accepts " + file.getFileName());
        return out;
    }

    private Path write(String name, String text) throws Exception {
        Path f = dir.resolve(name);
        Files.write(f, text.getBytes(StandardCharsets.UTF_8));
        return f;
    }

    @Test
    void wellFormedFilesGiveTheFullReadersGames() throws Exception {
        Random random = new Random(5);
        String[] results = {"1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "\u00bd-\u00bd"};
        String[] names = {"Stockfish 15", "Ïñtérnätional", "a \"b\"", "x", "Kingsrow (2.0)", "[bracket]", "p;q"};
        StringBuilder sb = new StringBuilder("\uFEFF");
        for (int g = 0; g < 3000; g++) {
            int a = random.nextInt(names.length);
            int b = (a + 1 + random.nextInt(names.length - 1)) % names.length;
            String r = results[random.nextInt(results.length)];
            String nl = random.nextBoolean() ? "\n" : "\r\n";
            String white = names[a].replace("\"", "");
            String black = names[b].replace("\"", "");
            if (random.nextInt(5) == 0) {
                sb.append("[Event \"e\"] [White \"").append(white).append("\"] [Black \"").append(black).append("\"]").append(nl);
            } else {
                sb.append("[Event \"e{(;\"]").append(nl).append("[white \"").append(white).append("\"]").append(nl)
                        .append("[Black \"").append(black).append("\"]").append(nl);
            }
            if (random.nextBoolean()) {
                sb.append("[Result \"").append(r).append("\"]").append(nl);
            }
            sb.append(nl);
            switch (random.nextInt(6)) {
                case 0 -> sb.append("1. e4 {a comment with 1-0 and [brackets]} e5 2. Nf3 $1 (2. f4 1-0 {x}) Nc6 ");
                case 1 -> sb.append("32-28 19-23 28x19 14x23 ; line comment 0-1").append(nl);
                case 2 -> sb.append("{multi").append(nl).append("line } 1. d4").append(nl).append("%escape 1-0").append(nl);
                case 3 -> sb.append("1... Nf6 (1... d5 (1... c5)) ");
                default -> {
                    // no moves
                }
            }
            sb.append(r).append(nl).append(nl);
        }
        Path f = write("good.pgn", sb.toString());
        List<String> expected = full(f);
        assertEquals(3000, expected.size());
        assertEquals(expected, fast(f));
        // Counted from White's side exactly as the reader parses them.
        assertTrue(expected.stream().anyMatch(s -> s.endsWith("|" + GameResult.DRAW)));
    }

    @Test
    void anythingTheReaderWarnsAboutMakesTheScannerGiveUp() throws Exception {
        String ok = "[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n";
        String[] bad = {
            "[White \"a\"]\n[Black \"b\"]\n\n1. e4 *\n\n",                                  // unfinished
            "[White \"a\"]\n[Black \"b\"]\n[Result \"0-1\"]\n\n1. e4 1-0\n\n",                // tag disagrees
            "[White \"?\"]\n[Black \"b\"]\n\n1. e4 1-0\n\n",                                  // no name
            "[White \"a\"]\n\n1. e4 1-0\n\n",                                                 // no Black
            "[White \"a\"]\n[Black \"a\"]\n\n1. e4 1-0\n\n",                                  // itself
            "[White \"a\\\"b\"]\n[Black \"b\"]\n\n1. e4 1-0\n\n",                             // escape
            "[White \"a\"]\n[Black \"b\"]\n\n1. e4 {never closed 1-0\n\n",                    // comment
            "[White \"a\"]\n[Black \"b\"]\n\n1. e4 ) 1-0\n\n",                                // stray ')'
            "[White \"a\"]\n[Black \"b\"]\n\n1. e4 e5\n\n" + ok,                               // no result token
            "[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n" + ok,                         // tags only
            "[White \"a\"]\n[Black \"b\"]\n\n1. e4 (1. d4 1-0\n\n",                            // variation open
            "[White \" a\"]\n[Black \"b\"]\n\n1. e4 1-0\n\n",                                 // name to trim
        };
        for (int k = 0; k < bad.length; k++) {
            Path f = write("bad" + k + ".pgn", ok + bad[k] + ok);
            assertFalse(new ResultScanner().scan(f, (w, b, r) -> { }), "case " + k + ":\n" + bad[k]);
        }
        Path f = write("ok.pgn", ok + ok);
        assertEquals(List.of("a|b|WHITE_WIN", "a|b|WHITE_WIN"), fast(f));
    }
}

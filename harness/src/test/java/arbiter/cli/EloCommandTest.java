package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import arbiter.stats.GameCounts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EloCommandTest {

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, text, StandardCharsets.UTF_8);
        return f;
    }

    private static String game(String white, String black, String result) {
        return "[White \"" + white + "\"]\n[Black \"" + black + "\"]\n[Result \"" + result + "\"]\n\n1. 32-28 19-23 "
                + result + "\n\n";
    }

    @Test
    void pdnAndPgnTogetherWithAnchor() throws IOException {
        StringBuilder pdn = new StringBuilder();
        // Scan vs Kingsrow: 3 wins, 1 loss = 75% -> 190.85
        pdn.append(game("Scan", "Kingsrow", "2-0")).append(game("Kingsrow", "Scan", "0-2"))
                .append(game("Scan", "Kingsrow", "2-0")).append(game("Kingsrow", "Scan", "2-0"));
        Path a = write("a.pdn", pdn.toString());
        // a PGN with a draw each way: keeps 75%? no: adds 1/2 + 1/2 -> Scan 4/6
        Path b = write("b.pgn", game("Scan", "Kingsrow", "1/2-1/2") + game("Kingsrow", "Scan", "1/2-1/2"));
        CliRunner r = CliRunner.run("elo", a.toString(), b.toString(), "--anchor", "Kingsrow=2000", "--bootstrap", "200");
        assertEquals(0, r.exit(), r.err());
        String[] lines = r.out().split("\n");
        assertTrue(lines[0].startsWith("Rank"), r.out());
        // Scan scored 4/6 = 2/3 -> 400 log10 2 = 120.4 above Kingsrow
        assertTrue(lines[2].matches("\\s+1\\s+Scan\\s+2120\\.4\\s+\\d+\\.\\d\\s+6\\s+66\\.7\\s+33\\.3\\s+2000\\.0"), lines[2]);
        assertTrue(lines[3].matches("\\s+2\\s+Kingsrow\\s+2000\\.0\\s+0\\.0\\s+6\\s+33\\.3\\s+33\\.3\\s+2120\\.4"), lines[3]);
        assertTrue(r.err().isEmpty(), r.err());
    }


    /**
     * Issue 36: whether a game was rated depended on other games of the file: the fast scanner dropped
     * the tags-only game A - B (ended by a blank line after a comment line), the full reader, used when
     * the file also holds a malformed game, rated it.
     */
    @Test
    void theGamesRatedDoNotDependOnAnUnrelatedMalformedGame() throws IOException {
        String text = "[White \"A\"][Black \"B\"][Result \"1-0\"]\n; 2. 1-0\n\n" + game("C", "D", "0-1");
        Path alone = write("alone.pgn", text);
        Path withBroken = write("broken.pgn", text + "[White \"E\"]\n[Black \"F\"]\n\n1. e4 {never closed\n");
        for (Path f : List.of(alone, withBroken)) {
            GameCounts counts = EloCommand.read(List.of(f), new java.util.ArrayList<>());
            assertEquals(2, counts.totalGames(), f.toString());
            assertEquals(1, counts.wins(counts.indexOf("A"), counts.indexOf("B")), f.toString());
        }
    }

    @Test
    void repeatedAnchorsAreFixedTogether() throws IOException {
        // X draws everything against A (1000) and B (1400): fitted jointly, X = 1200
        Path f = write("g.pdn", game("X", "A", "1-1") + game("A", "X", "1-1") + game("X", "B", "1-1") + game("B", "X", "1-1"));
        CliRunner r = CliRunner.run("elo", f.toString(), "--anchor", "A=1000", "--anchor", "B=1400", "--bootstrap", "0");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().matches("(?s).*\\s1\\s+B\\s+1400\\.0\\s+0\\.0\\s.*"), r.out());
        assertTrue(r.out().matches("(?s).*\\s2\\s+X\\s+1200\\.0\\s.*"), r.out());
        assertTrue(r.out().contains("anchors (fixed, fitted jointly) A = 1000.0, B = 1400.0"), r.out());
        assertEquals(2, CliRunner.run("elo", f.toString(), "--anchor", "A=1000", "--anchor", "A=1100").exit());
    }

    @Test
    void brokenGameIsSkippedWithWarningNamingTheLine() throws IOException {
        String text = game("A", "B", "2-0") + "[White \"C\"]\n[Black \"D]\n\n1. 32-28 0-2\n\n" + game("B", "A", "1-1")
                + game("A \\\"the\\\" ünï", "B", "*") + game("A", "B", "3-1");
        Path f = write("broken.pdn", text);
        CliRunner r = CliRunner.run("elo", f.toString(), "--format", "csv", "--bootstrap", "0");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().contains("warning: " + f + ":8:1: malformed game skipped"), r.err());
        assertTrue(r.err().contains("result '*' (unfinished), not rated"), r.err());
        assertTrue(r.err().contains("result '3-1' (unknown), not rated"), r.err());
        String[] lines = r.out().split("\n");
        assertEquals("rank,player,elo,error,games,score_pct,draw_pct,opp_avg", lines[0]);
        assertEquals(3, lines.length); // A and B only; C-D was in the broken game
        assertTrue(lines[1].startsWith("1,A,"), lines[1]);
    }

    @Test
    void allWinsSingleGameAndUnicodeNames() throws IOException {
        Path f = write("w.pgn", game("Ünïcødé \\\"Q\\\"", "Loser", "1-0"));
        CliRunner r = CliRunner.run("elo", f.toString(), "--format", "md", "--bootstrap", "50");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("Ünïcødé \"Q\""), r.out());
        assertTrue(r.out().contains("won all 1 games"), r.out());
        assertTrue(r.out().contains("| 1 | Ünïcødé \"Q\" | 95.4 |"), r.out());
    }

    @Test
    void outputFilesAndOtherFormats() throws IOException {
        Path f = write("g.pdn", game("A", "B", "2-0") + game("B", "A", "1-1") + game("B", "C", "0-2")
                + game("C", "A", "1-1"));
        Path out = dir.resolve("r.tex");
        Path svg = dir.resolve("r.svg");
        CliRunner r = CliRunner.run("elo", f.toString(), "--format", "tex", "--out", out.toString(), "--svg",
                svg.toString(), "--crosstable", "--head-to-head", "--bootstrap", "20", "--seed", "5");
        assertEquals(0, r.exit(), r.err());
        assertEquals("", r.out());
        String tex = Files.readString(out);
        assertEquals(3, tex.split("\\\\toprule", -1).length - 1);
        assertTrue(Files.readString(svg).startsWith("<svg"));
        CliRunner html = CliRunner.run("elo", f.toString(), "--format", "html", "--bootstrap", "0");
        assertTrue(html.out().startsWith("<!DOCTYPE html>"));
        CliRunner adv = CliRunner.run("elo", f.toString(), "--white-advantage", "--draw-model", "drawelo",
                "--bootstrap", "10");
        assertEquals(0, adv.exit(), adv.err());
        assertTrue(adv.out().contains("White advantage") && adv.out().contains("drawElo"), adv.out());
    }

    @Test
    void badInputs() throws IOException {
        Path empty = write("empty.pdn", "");
        CliRunner r = CliRunner.run("elo", empty.toString());
        assertEquals(2, r.exit());
        assertEquals("error: no rated games in 1 file(s)", r.err().trim());
        Path f = write("g.pdn", game("A", "B", "2-0"));
        assertEquals(2, CliRunner.run("elo", dir.resolve("missing.pdn").toString()).exit());
        assertEquals(2, CliRunner.run("elo", f.toString(), "--anchor", "Nobody=100").exit());
        assertEquals(2, CliRunner.run("elo", f.toString(), "--anchor", "A").exit());
        assertEquals(2, CliRunner.run("elo", f.toString(), "--format", "pdf").exit());
        assertEquals(2, CliRunner.run("elo", f.toString(), "--bootstrap", "-1").exit());
        assertEquals(2, CliRunner.run("elo", f.toString(), "--draw-model", "x").exit());
    }
}

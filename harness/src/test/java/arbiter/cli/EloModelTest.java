package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code elo --model bayeselo} prints BayesElo's ratings (test vectors: resources arbiter/stats/bayeselo). */
class EloModelTest {
    @TempDir
    Path dir;

    private Path copy(String name) throws IOException {
        Path f = dir.resolve(name);
        try (InputStream in = EloModelTest.class.getResourceAsStream("/arbiter/stats/bayeselo/" + name)) {
            Files.copy(in, f);
        }
        return f;
    }

    @Test
    void bayeseloModelPrintsBayesElosRatings() throws IOException {
        Path pgn = copy("five-draws.pgn");
        String expected = new String(EloModelTest.class.getResourceAsStream("/arbiter/stats/bayeselo/five-draws.bayeselo.txt")
                .readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        CliRunner r = CliRunner.run("elo", "--model", "bayeselo", pgn.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("BayesElo exactdist"), r.out());
        Pattern row = Pattern.compile("^\\s*\\d+\\s+(\\S+)\\s+(-?\\d+)\\s+\\d+\\s+\\d+\\s+\\d+\\s+[\\d.]+%.*$");
        int checked = 0;
        for (String line : expected.split("\n")) {
            Matcher m = row.matcher(line.replaceAll("^.*>", ""));
            if (m.matches()) {
                Matcher ours = Pattern.compile("(?m)^\\s*\\d+\\s+" + m.group(1) + "\\s+(-?\\d+\\.\\d)\\s").matcher(r.out());
                assertTrue(ours.find(), m.group(1) + " in\n" + r.out());
                assertEquals(Integer.parseInt(m.group(2)), Double.parseDouble(ours.group(1)), 1.0, m.group(1));
                checked++;
            }
        }
        assertEquals(5, checked);
    }

    @Test
    void badModelAndTwoAnchorsAreOneErrorLine() throws IOException {
        Path pgn = copy("three.pgn");
        CliRunner bad = CliRunner.run("elo", "--model", "glicko", pgn.toString());
        assertEquals(2, bad.exit());
        assertTrue(bad.err().startsWith("error: --model must be ordo or bayeselo"), bad.err());
        CliRunner two = CliRunner.run("elo", "--model", "bayeselo", "--anchor", "A=0", "--anchor", "B=10", pgn.toString());
        assertEquals(2, two.exit());
        assertTrue(two.err().startsWith("error: --model bayeselo takes at most one --anchor"), two.err());
    }
}

package arbiter.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The bayeselo model against BayesElo's own printed ratings ({@code elo; mm; exactdist; ratings},
 * default prior and scale), computed by BayesElo built from its public source: see
 * src/test/resources/arbiter/stats/bayeselo/README.md.
 */
class BayesEloTest {
    private static final Pattern TAG = Pattern.compile("\\[(White|Black|Result) \"([^\"]*)\"\\]");
    private static final Pattern ROW = Pattern.compile(
            "^\\s*\\d+\\s+(\\S+)\\s+(-?\\d+)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+[\\d.]+%.*$");

    private static String resource(String name) throws IOException {
        try (InputStream in = BayesEloTest.class.getResourceAsStream("/arbiter/stats/bayeselo/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static GameCounts read(String pgn) {
        GameCounts c = new GameCounts();
        Map<String, String> tags = new HashMap<>();
        for (String line : pgn.split("\n")) {
            Matcher m = TAG.matcher(line);
            if (m.matches()) {
                tags.put(m.group(1), m.group(2));
                if (m.group(1).equals("Result")) {
                    int w = c.player(tags.get("White"));
                    int b = c.player(tags.get("Black"));
                    switch (m.group(2)) {
                        case "1-0" -> c.add(w, b, 1, 0, 0);
                        case "0-1" -> c.add(w, b, 0, 0, 1);
                        default -> c.add(w, b, 0, 1, 0);
                    }
                }
            }
        }
        return c;
    }

    @ParameterizedTest
    @ValueSource(strings = {"three", "five-draws", "lopsided", "perfect", "random24"})
    void matchesBayesEloWithinOneElo(String name) throws IOException {
        GameCounts counts = read(resource(name + ".pgn"));
        List<BayesElo.Line> lines = BayesElo.lines(counts, RatingOptions.defaults());
        int rows = 0;
        for (String line : resource(name + ".bayeselo.txt").split("\n")) {
            Matcher m = ROW.matcher(line.replaceAll("^.*>", ""));
            if (!m.matches()) {
                continue;
            }
            rows++;
            BayesElo.Line ours = lines.get(counts.indexOf(m.group(1)));
            assertEquals(Integer.parseInt(m.group(2)), ours.rating(), 1.0, name + " " + m.group(1) + " Elo");
            assertEquals(Integer.parseInt(m.group(3)), ours.plus(), 1.0, name + " " + m.group(1) + " +");
            assertEquals(Integer.parseInt(m.group(4)), ours.minus(), 1.0, name + " " + m.group(1) + " -");
        }
        assertEquals(counts.players(), rows, "rows of " + name);
        assertTrue(rows >= 3);
    }

    @ParameterizedTest
    @ValueSource(strings = {"five-draws", "random24"})
    void ratingsCarryTheSameFigures(String name) throws IOException {
        GameCounts counts = read(resource(name + ".pgn"));
        Ratings r = BayesElo.compute(counts, RatingOptions.defaults());
        List<BayesElo.Line> lines = BayesElo.lines(counts, RatingOptions.defaults());
        for (PlayerRating p : r.players()) {
            BayesElo.Line l = lines.get(p.index());
            assertEquals(l.rating(), p.rating(), 1e-9);
            assertEquals(Math.max(l.plus(), l.minus()), p.error(), 1e-9);
        }
        Ratings anchored = BayesElo.compute(counts, RatingOptions.defaults().withAnchor(counts.name(0), 2000));
        assertEquals(2000, anchored.player(0).rating(), 1e-9);
    }
}

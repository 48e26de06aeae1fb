package arbiter.external;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.tournament.StandingsReporter;
import arbiter.tournament.Tournament;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code configs/chess-calibration.json} in short: the built-in chess engine against stockfish at
 * three UCI_Elo levels that are the rating list's anchors, so the engine gets an Elo on stockfish's
 * scale with an error bar (the full run's figure is in docs/engines.md).
 */
class ChessCalibrationTest {
    @TempDir
    Path dir;

    @AfterEach
    void noProcessesLeft() {
        TestEngines.assertNoEngineProcesses();
    }

    static Path shipped() {
        Path p = Path.of("..", "configs", "chess-calibration.json");
        return Files.isDirectory(Path.of("..", "configs")) ? p : Path.of("configs", "chess-calibration.json");
    }

    @Test
    void theBuiltInEngineGetsAnEloOnTheAnchorsScale() throws IOException {
        TestEngines.stockfish();
        ObjectNode root = (ObjectNode) new ObjectMapper().readTree(Files.readString(shipped()));
        // One colour-reversed pair per level at 30 ms a move, games cut at 100 plies: 6 short games.
        ((ObjectNode) root.get("schedule")).put("rounds", 1);
        ((ObjectNode) root.get("limits")).put("moveTimeMs", 30);
        ((ObjectNode) root.get("adjudication")).put("maxPlies", 100);
        root.put("output", dir.resolve("out").toString());
        RunConfig c = ConfigLoader.parse(root, shipped().toAbsolutePath().getParent(), "calibration");
        assertEquals(Map.of("sf-1500", 1500.0, "sf-1700", 1700.0, "sf-1900", 1900.0), c.anchors());

        StringWriter report = new StringWriter();
        Tournament.Summary s = new Tournament(c, new PrintWriter(report), new PrintWriter(new StringWriter()),
                new StandingsReporter()).run();
        System.out.println(report);
        assertEquals(6, s.played());
        assertTrue(report.toString().contains("anchors (fixed, fitted jointly) sf-1500 = 1500.0, sf-1700 = 1700.0, "
                + "sf-1900 = 1900.0"), report.toString());

        Map<String, double[]> ratings = ratingsCsv(dir.resolve("out").resolve("report.csv"));
        for (Map.Entry<String, Double> anchor : c.anchors().entrySet()) {
            double[] r = ratings.get(anchor.getKey());
            assertEquals(anchor.getValue(), r[0], 0.0, "an anchor holds its rating");
            assertEquals(0.0, r[1], 0.0, "an anchor has no error bar");
        }
        double[] engine = ratings.get("chess-alphabeta");
        assertTrue(Double.isFinite(engine[0]) && engine[0] > 500 && engine[0] < 3000, "calibrated Elo " + engine[0]);
        assertTrue(Double.isFinite(engine[1]) && engine[1] > 0, "error bar " + engine[1]);
        System.out.printf("chess-alphabeta (6 short games): %.0f +- %.0f%n", engine[0], engine[1]);
    }

    /** Player to {Elo, error} from the run's report.csv. */
    private static Map<String, double[]> ratingsCsv(Path csv) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        assertEquals("rank,player,elo,error,games,score_pct,draw_pct,opp_avg", lines.get(0));
        Map<String, double[]> byName = new HashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            byName.put(f[1], new double[] {Double.parseDouble(f[2]), Double.parseDouble(f[3])});
        }
        return byName;
    }
}

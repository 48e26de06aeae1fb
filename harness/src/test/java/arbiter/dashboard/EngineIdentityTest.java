package arbiter.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.pdn.GameRecord;
import arbiter.pdn.PdnReader;
import arbiter.tournament.StandingsReporter;
import arbiter.tournament.Tournament;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An external engine of a run config is named in the report, on the page and in the records by the name
 * and version it gives itself, beside the player's name, with its command kept: what Debian's stockfish
 * prints as {@code id name} (UCI) and fairymax as {@code feature myname} (xboard), read from the
 * programs themselves here, not written down.
 */
class EngineIdentityTest {
    private static final Path STOCKFISH = Path.of("/usr/games/stockfish");
    private static final Path FAIRYMAX = Path.of("/usr/games/fairymax");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** The first group of {@code pattern} in what {@code program} prints after {@code input}. */
    private static String said(Path program, String input, Pattern pattern) throws Exception {
        Process p = new ProcessBuilder(program.toString()).redirectErrorStream(true).start();
        try (Writer w = new OutputStreamWriter(p.getOutputStream(), StandardCharsets.US_ASCII);
             BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII))) {
            w.write(input);
            w.flush();
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                Matcher m = pattern.matcher(line);
                if (m.find()) {
                    w.write("quit\n");
                    w.flush();
                    return m.group(1);
                }
            }
        } finally {
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
        throw new AssertionError(program + " never said " + pattern);
    }

    private static JsonNode pageState(Dashboard dashboard) throws IOException {
        return JSON.readTree(URI.create("http://" + dashboard.address() + "/api/state").toURL());
    }

    private static Map<String, String> enginesOn(JsonNode state) {
        Map<String, String> m = new HashMap<>();
        state.get("engines").forEach(e -> m.put(e.get("name").asText(), e.get("engine").asText()));
        return m;
    }

    @Test
    void reportPageAndRecordsNameTheEnginesAsTheyNameThemselves() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(STOCKFISH), "stockfish is not installed (apt-get install stockfish)");
        Assumptions.assumeTrue(Files.isExecutable(FAIRYMAX), "fairymax is not installed (apt-get install fairymax)");
        String stockfish = said(STOCKFISH, "uci\n", Pattern.compile("^id name (.+)$"));
        String fairymax = said(FAIRYMAX, "xboard\nprotover 2\n", Pattern.compile("feature .*myname=\"([^\"]+)\""));
        assertTrue(stockfish.startsWith("Stockfish "), stockfish);
        Path f = dir.resolve("run.json");
        Path out = dir.resolve("out");
        Files.writeString(f, """
                { "name": "identity", "game": {"variant": "chess"},
                  "players": [ {"name": "sf", "protocol": "uci", "command": ["%s"], "options": {"Hash": 16, "Threads": 1},
                                "limits": {"depth": 2}},
                               {"name": "fm", "protocol": "xboard", "command": ["%s"], "limits": {"depth": 2}},
                               {"name": "ab", "engine": "chess-alphabeta", "limits": {"depth": 1}} ],
                  "schedule": {"type": "round-robin", "rounds": 1},
                  "openings": {"pairs": false}, "adjudication": {"maxPlies": 16},
                  "concurrency": 1, "seed": 3, "output": "%s" }""".formatted(STOCKFISH, FAIRYMAX, out));
        RunConfig config = ConfigLoader.load(f);
        String sfEngine = stockfish + " (uci: " + STOCKFISH + ")";
        String fmEngine = fairymax + " (xboard: " + FAIRYMAX + ")";
        try (Dashboard dashboard = new Dashboard("127.0.0.1:0", null)) {
            new Tournament(config, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()),
                    new StandingsReporter(false)).subscribe(dashboard).run();
            Map<String, String> page = enginesOn(pageState(dashboard));
            assertEquals(sfEngine, page.get("sf"));
            assertEquals(fmEngine, page.get("fm"));
            assertEquals("chess-alphabeta (built-in)", page.get("ab"));
            JsonNode sf = null;
            for (JsonNode e : pageState(dashboard).get("engines")) {
                if (e.get("name").asText().equals("sf")) {
                    sf = e;
                }
            }
            assertNotNull(sf);
            assertEquals(stockfish, sf.get("ownName").asText());
        }
        assertReportAndRecords(out, sfEngine, fmEngine, stockfish, fairymax);
        // Run again: nothing is left to play, so no engine starts; the report takes the names from the records.
        Files.delete(out.resolve("report.md"));
        Files.delete(out.resolve("report.json"));
        new Tournament(config, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()),
                new StandingsReporter(false)).run();
        assertReportAndRecords(out, sfEngine, fmEngine, stockfish, fairymax);
    }

    private static void assertReportAndRecords(Path out, String sfEngine, String fmEngine, String stockfish,
                                               String fairymax) throws IOException {
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("| sf | " + sfEngine + " |"), md);
        assertTrue(md.contains("| fm | " + fmEngine + " |"), md);
        Map<String, String> report = new HashMap<>();
        JSON.readTree(Files.readString(out.resolve("report.json"))).get("players")
                .forEach(r -> report.put(r.get("player").asText(), r.get("engine").asText()));
        assertEquals(Map.of("sf", sfEngine, "fm", fmEngine, "ab", "chess-alphabeta (built-in)"), report);
        List<GameRecord> games = PdnReader.readAll(out.resolve("games.pdn"), w -> { });
        assertEquals(3, games.size());
        Map<String, String> own = Map.of("sf", stockfish, "fm", fairymax);
        for (GameRecord g : games) {
            for (String side : List.of("White", "Black")) {
                assertEquals(own.get(g.tag(side)), g.tag(side + "Engine"), side + " of " + g.tags());
            }
        }
    }
}

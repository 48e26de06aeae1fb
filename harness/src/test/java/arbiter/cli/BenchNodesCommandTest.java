package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code arbiter bench nodes}: the search-method tables of docs/studies. */
class BenchNodesCommandTest {

    @TempDir
    Path dir;

    /** Minimax without extensions visits every node of the tree: the sums of published perft counts. */
    @Test
    void minimaxVisitsTheWholePerftTree() throws Exception {
        Path config = dir.resolve("nodes.json");
        Files.writeString(config, """
                { "game": { "variant": "english" },
                  "players": [
                    { "name": "minimax", "engine": "draughts-alphabeta",
                      "options": { "search": "minimax", "tt": false, "iterativeDeepening": false, "pvs": false,
                                   "aspiration": false, "ordering": false, "killers": false, "history": "off",
                                   "quiescence": false } },
                    { "name": "alphabeta", "extends": "minimax", "options": { "search": "alphabeta" } }
                  ],
                  "schedule": { "type": "round-robin", "rounds": 1 }, "limits": { "depth": 1 } }
                """);
        CliRunner r = CliRunner.run("bench", "nodes", config.toString(), "--depths", "1,2,3,4,5");
        assertEquals(0, r.exit(), r.err());
        // English checkers perft from the start: 7, 49, 302, 1469, 7361 (depths 1-5).
        long[] expected = {7, 7 + 49, 7 + 49 + 302, 7 + 49 + 302 + 1469, 7 + 49 + 302 + 1469 + 7361};
        List<long[]> rows = rows(r.out());
        assertEquals(5, rows.size(), r.out());
        for (int d = 1; d <= 5; d++) {
            long[] row = rows.get(d - 1);
            assertEquals(d, row[0]);
            assertEquals(expected[d - 1], row[1], "minimax nodes at depth " + d);
            assertTrue(row[2] <= row[1], "alpha-beta searched more than minimax at depth " + d);
        }
        assertTrue(rows.get(4)[2] < rows.get(4)[1] / 2, r.out());
    }

    /** Star1 and Star2 prune chance nodes: never more nodes than full expectiminimax on the bench positions. */
    @Test
    void starPruningSavesNodesOnTheBenchPositions() throws Exception {
        Path config = dir.resolve("star.json");
        Files.writeString(config, """
                { "game": { "variant": "backgammon" },
                  "players": [
                    { "name": "none", "engine": "backgammon-expectimax", "options": { "star": "none", "prefilter": false } },
                    { "name": "star1", "extends": "none", "options": { "star": "star1" } },
                    { "name": "star2", "extends": "none", "options": { "star": "star2" } }
                  ],
                  "schedule": { "type": "round-robin", "rounds": 1 }, "limits": { "depth": 1 } }
                """);
        CliRunner r = CliRunner.run("bench", "nodes", config.toString(), "--depths", "1", "--bench-positions");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("backgammon, 10 position(s)"), r.out());
        long[] row = rows(r.out()).get(0);
        assertTrue(row[2] < row[1] && row[3] < row[2], r.out());
    }

    @Test
    void badInputIsOneClearError() throws Exception {
        Path config = dir.resolve("external.json");
        Files.writeString(config, """
                { "game": { "variant": "chess" },
                  "players": [
                    { "name": "random", "engine": "random" },
                    { "name": "sh", "protocol": "uci", "command": ["sh"] }
                  ],
                  "schedule": { "type": "round-robin", "rounds": 1 }, "limits": { "depth": 1 } }
                """);
        CliRunner r = CliRunner.run("bench", "nodes", config.toString(), "--depths", "1");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("$.players[1] (sh) is an external engine"), r.err());
        assertTrue(!r.err().contains("Exception"), r.err());
        CliRunner bad = CliRunner.run("bench", "nodes", config.toString().replace("external", "missing"), "--depths", "1");
        assertEquals(2, bad.exit(), bad.err());
        Path chess = dir.resolve("chess.json");
        Files.writeString(chess, """
                { "game": { "variant": "chess" },
                  "players": [ { "name": "a", "engine": "chess-alphabeta" }, { "name": "b", "engine": "random" } ],
                  "schedule": { "type": "round-robin", "rounds": 1 }, "limits": { "depth": 1 } }
                """);
        CliRunner position = CliRunner.run("bench", "nodes", chess.toString(), "--depths", "1", "--position", "nonsense");
        assertEquals(2, position.exit(), position.err());
        assertTrue(position.err().contains("--position 'nonsense'"), position.err());
        CliRunner depth = CliRunner.run("bench", "nodes", chess.toString(), "--depths", "1,99");
        assertEquals(2, depth.exit(), depth.err());
    }

    /** The numbers of the table rows: depth, then each player's nodes. */
    private static List<long[]> rows(String out) {
        List<long[]> rows = new ArrayList<>();
        for (String line : out.split("\n")) {
            if (!line.matches("\\| \\d+ \\|.*")) {
                continue;
            }
            String[] cells = line.substring(1, line.length() - 1).split("\\|");
            long[] row = new long[cells.length];
            for (int i = 0; i < cells.length; i++) {
                row[i] = Long.parseLong(cells[i].trim().replaceAll(" \\(.*", "").replace(",", ""));
            }
            rows.add(row);
        }
        return rows;
    }
}

package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code arbiter bench uci-overhead} with Debian's stockfish, in short. */
class UciOverheadBenchCommandTest {

    @Test
    void aShortBenchPrintsGamesPerMinuteAndTheOverheadPerMove() {
        CliRunner r = CliRunner.run("bench", "uci-overhead", "--games", "2", "--nodes", "1000");
        assertEquals(0, r.exit(), "install stockfish (apt-get install stockfish): " + r.err());
        assertTrue(r.out().startsWith("engine: uci:Stockfish"), r.out());
        assertTrue(r.out().contains("games: 2 (nodes 1000 per move, concurrency 2, seed 1)"), r.out());
        long moves = Long.parseLong(value(r.out(), "moves"));
        assertTrue(moves >= 20, r.out());
        double overhead = Double.parseDouble(value(r.out(), "overhead_ms_per_move"));
        assertTrue(overhead > -1 && overhead < 50, "overhead " + overhead + " ms per move");
        assertTrue(Double.parseDouble(value(r.out(), "games_per_min")) > 0, r.out());
        assertEquals(2, CliRunner.run("bench", "uci-overhead", "--games", "0").exit());
        assertEquals(2, CliRunner.run("bench", "uci-overhead", "--output", System.getProperty("java.io.tmpdir")).exit());
        CliRunner missing = CliRunner.run("bench", "uci-overhead", "--engine", "no-such-engine-x");
        assertEquals(2, missing.exit());
        assertTrue(missing.err().contains("$.players[0].command[0]"), missing.err());
    }

    private static String value(String out, String key) {
        return out.replaceAll("(?s).*\\n" + key + ": (-?[0-9.]+).*", "$1");
    }
}

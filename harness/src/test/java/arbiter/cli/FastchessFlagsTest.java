package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.pdn.GameLog;
import arbiter.pdn.GameRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Flags fastchess runs and what it prints for them, against its own recordings (test resources
 * {@code arbiter/cli/fastchess-oracle}: fastchess 1.8.2 and Stockfish 15.1, see the README): two engines
 * of one name, {@code -pgnout notation=lan|uci}, {@code -noswap}, {@code -reverse}, {@code -seeds}, and
 * the block's Threads/Hash (the engine's defaults), perfect-score Elo and WL/DD ratio.
 */
class FastchessFlagsTest {
    @TempDir
    Path dir;

    private Path oracle;

    /** {@code arbiter match} with the recording's flags (see {@link FastchessOracle#play}); it must end well. */
    private CliRunner played(String command, Path pgn) throws Exception {
        oracle = FastchessOracle.folder();
        CliRunner r = FastchessOracle.play(oracle, command, dir, pgn);
        assertEquals(0, r.exit(), r.out() + r.err());
        return r;
    }

    /**
     * {@code name=sf} twice: fastchess names the second {@code sf_2}. A Stockfish whose scores all read
     * -10.00 loses every game: fastchess prints the Elo as {@code inf +/- -nan} and the WL/DD ratio of no
     * pairs as {@code -nan}; Threads and Hash are not set, so the block shows the engine's own defaults.
     * The records' moves in LAN as fastchess writes them.
     */
    @Test
    void twoEnginesOfOneNameAPerfectScoreAndLan() throws Exception {
        Path pgn = dir.resolve("perfect.pgn");
        CliRunner r = played("perfect.txt", pgn);
        String fastchess = Files.readString(oracle.resolve("perfect-console.txt"));
        for (String prefix : List.of("Started game", "Results of ", "Games: ", "Ptnml(0-2): ", "Finished match")) {
            assertEquals(FastchessOracle.lines(fastchess, prefix), FastchessOracle.lines(r.out(), prefix), r.out());
        }
        assertTrue(r.out().contains("\nElo: inf +/- -nan, nElo: "), r.out());
        Map<String, GameRecord> theirs = FastchessOracle.byRoundAndWhite(oracle.resolve("perfect.pgn"));
        Map<String, GameRecord> ours = FastchessOracle.byRoundAndWhite(pgn);
        assertEquals(theirs.keySet(), ours.keySet());
        theirs.forEach((k, g) -> {
            assertEquals(g.moves(), ours.get(k).moves(), k + ": the moves in fastchess's LAN");
            assertEquals(g.result(), ours.get(k).result(), k);
        });
    }

    /** -noswap and -reverse together: the second engine has White in every game; the moves in UCI. */
    @Test
    void noswapReverseAndUci() throws Exception {
        Path pgn = dir.resolve("colours.pgn");
        played("colours.txt", pgn);
        List<GameRecord> theirs = GameLog.read(oracle.resolve("colours.pgn"), w -> { });
        List<GameRecord> ours = GameLog.read(pgn, w -> { });
        assertEquals(4, theirs.size());
        assertEquals(theirs.size(), ours.size());
        for (int i = 0; i < theirs.size(); i++) {
            assertEquals(theirs.get(i).tag("White"), ours.get(i).tag("White"), "game " + (i + 1));
            assertEquals(theirs.get(i).tag("FEN"), ours.get(i).tag("FEN"), "game " + (i + 1));
            assertEquals(theirs.get(i).moves(), ours.get(i).moves(), "game " + (i + 1) + ": the moves in UCI");
            assertEquals(theirs.get(i).result(), ours.get(i).result(), "game " + (i + 1));
        }
    }

    /** A gauntlet with -seeds 2 and -reverse: fastchess's pairings, in its order and colours. */
    @Test
    void gauntletSeeds() throws Exception {
        CliRunner r = played("seeds.txt", null);
        String fastchess = Files.readString(oracle.resolve("seeds-console.txt"));
        assertEquals(FastchessOracle.lines(fastchess, "Started game"), FastchessOracle.lines(r.out(), "Started game"), r.out());
    }
}

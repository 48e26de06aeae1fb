package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.pdn.ChessJs;
import arbiter.pdn.GameRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code arbiter match} against fastchess itself: a node-limited Stockfish match that fastchess 1.8.2
 * played and recorded (test resources {@code arbiter/cli/fastchess-oracle}, see its README), played
 * again from the same command line. Stockfish on one thread at a node limit is determined by what it is
 * sent, so every game must come out the same: the opening order of {@code -srand}, every move, every
 * move's score and depth (fastchess takes the last exact score, not a lowerbound/upperbound one), the
 * result, and the ply of every {@code -resign}, {@code -draw} and {@code -maxmoves} adjudication.
 */
class FastchessOracleTest {
    @TempDir
    static Path dir;

    private static Path oracle;
    private static CliRunner run;
    private static Map<String, GameRecord> theirs;
    private static Map<String, GameRecord> ours;

    @BeforeAll
    static void playTheRecordedCommandLine() throws Exception {
        oracle = FastchessOracle.folder();
        run = FastchessOracle.play(oracle, "command.txt", dir, dir.resolve("arbiter.pgn"));
        theirs = FastchessOracle.byRoundAndWhite(oracle.resolve("games.pgn"));
        ours = FastchessOracle.byRoundAndWhite(dir.resolve("arbiter.pgn"));
        GameRecord first = theirs.values().iterator().next();
        GameRecord mine = ours.get(first.tag("Round") + " " + first.tag("White"));
        Assumptions.assumeTrue(mine == null || first.tag("EngineWhiteName").equals(mine.tag("WhiteEngine")),
                "the games were recorded with " + first.tag("EngineWhiteName") + "; this machine's engine is "
                        + mine.tag("WhiteEngine") + ": record them again (see the oracle's README)");
    }

    /** The text after the last ", " of the last move's comment: why the game ended ("White wins by adjudication"). */
    private static String ending(GameRecord g) {
        String c = g.comments().get(g.comments().size() - 1);
        return c.substring(c.lastIndexOf(", ") + 2);
    }

    @Test
    void everyGameMoveResultAndAdjudicationPlyAsFastchess() {
        assertEquals(0, run.exit(), run.err());
        assertEquals(20, theirs.size());
        assertEquals(theirs.keySet(), ours.keySet(), "the same rounds, the same colours");
        for (Map.Entry<String, GameRecord> e : theirs.entrySet()) {
            GameRecord f = e.getValue();
            GameRecord a = ours.get(e.getKey());
            String game = "round " + f.tag("Round") + ", " + f.tag("White") + " White";
            assertEquals(f.tag("FEN"), a.tag("FEN"), game + ": the opening of -srand 7");
            assertEquals(f.tag("Black"), a.tag("Black"), game);
            assertEquals(f.moves(), a.moves(), game + ": every move, and the ply the game ended on");
            assertEquals(f.tag("PlyCount"), a.tag("PlyCount"), game);
            assertEquals(f.result(), a.result(), game);
            assertEquals(f.tag("Termination"), a.tag("Termination"), game);
            assertEquals(ending(f), ending(a), game + ": why it ended, in fastchess's words");
        }
    }

    /** fastchess's comment begins with the score and depth it read; a bound score must not be taken. */
    @Test
    void everyMovesScoreAndDepthAsFastchess() {
        int compared = 0;
        for (Map.Entry<String, GameRecord> e : theirs.entrySet()) {
            GameRecord f = e.getValue();
            GameRecord a = ours.get(e.getKey());
            for (int i = 0; i < Math.min(f.comments().size(), a.comments().size()); i++) {
                String theirScore = f.comments().get(i).split(" ")[0];
                String ourScore = a.comments().get(i) == null ? null : a.comments().get(i).split(" ")[0];
                assertEquals(theirScore, ourScore, "round " + f.tag("Round") + ", " + f.tag("White") + " White, ply " + (i + 1));
                compared++;
            }
        }
        assertTrue(compared > 1000, compared + " moves");
    }

    /**
     * fastchess's last block for the same 20 games: the matchup (time controls, threads, hash, book), the
     * Elo, the counts, the pentanomial with its WL/DD ratio; then "Finished match" and "Total Time".
     */
    @Test
    void theResultsBlockAsFastchessPrintsIt() throws Exception {
        String fastchess = Files.readString(oracle.resolve("console.txt"));
        String arbiter = run.out();
        for (String prefix : List.of("Results of ", "Games: ", "Ptnml(0-2): ", "Finished match")) {
            List<String> theirLines = FastchessOracle.lines(fastchess, prefix);
            List<String> ourLines = FastchessOracle.lines(arbiter, prefix);
            assertEquals(theirLines.get(theirLines.size() - 1), ourLines.get(ourLines.size() - 1), arbiter);
        }
        String theirElo = FastchessOracle.lines(fastchess, "Elo: ").get(0);
        String ourElo = FastchessOracle.lines(arbiter, "Elo: ").get(FastchessOracle.lines(arbiter, "Elo: ").size() - 1);
        assertEquals(theirElo.substring(0, theirElo.indexOf(", nElo")), ourElo.substring(0, ourElo.indexOf(", nElo")));
        assertTrue(arbiter.contains("\nFinished match\nTotal Time: "), arbiter);
    }

    /** One comment per move, the ending inside the last (fastchess's form): chess.js in strict mode reads every game. */
    @Test
    void chessJsReadsEveryGameStrictly() throws Exception {
        assertEquals(20, ChessJs.assertReadsEveryGame(dir.resolve("arbiter.pgn")));
        assertEquals(20, ChessJs.assertReadsEveryGame(oracle.resolve("games.pgn")), "and fastchess's own, as a control");
    }
}

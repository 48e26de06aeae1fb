package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.pdn.ChessJs;
import arbiter.pdn.GameLog;
import arbiter.pdn.GameRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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
    private static final Path STOCKFISH = Path.of("/usr/games/stockfish");

    @TempDir
    static Path dir;

    private static Path oracle;
    private static CliRunner run;
    private static Map<String, GameRecord> theirs;
    private static Map<String, GameRecord> ours;

    @BeforeAll
    static void playTheRecordedCommandLine() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(STOCKFISH), "Debian's stockfish (apt install stockfish)");
        oracle = Path.of(FastchessOracleTest.class.getResource("/arbiter/cli/fastchess-oracle/command.txt").toURI()).getParent();
        List<String> args = new ArrayList<>(List.of("match"));
        for (String a : Files.readString(oracle.resolve("command.txt")).strip().split("\\s+")) {
            args.add(a.equals("file=book.epd") ? "file=" + oracle.resolve("book.epd") : a);
        }
        args.addAll(List.of("-pgnout", "file=" + dir.resolve("arbiter.pgn"), "--output", dir.resolve("out").toString()));
        run = CliRunner.run(args.toArray(String[]::new));
        theirs = byRoundAndWhite(GameLog.read(oracle.resolve("games.pgn"), w -> { }));
        ours = byRoundAndWhite(GameLog.read(dir.resolve("arbiter.pgn"), w -> { }));
        GameRecord first = theirs.values().iterator().next();
        GameRecord mine = ours.get(first.tag("Round") + " " + first.tag("White"));
        Assumptions.assumeTrue(mine == null || first.tag("EngineWhiteName").equals(mine.tag("WhiteEngine")),
                "the games were recorded with " + first.tag("EngineWhiteName") + "; this machine's engine is "
                        + mine.tag("WhiteEngine") + ": record them again (see the oracle's README)");
    }

    private static Map<String, GameRecord> byRoundAndWhite(List<GameRecord> games) {
        Map<String, GameRecord> by = new LinkedHashMap<>();
        for (GameRecord g : games) {
            assertEquals(null, by.put(g.tag("Round") + " " + g.tag("White"), g), "one game per round and colour");
        }
        return by;
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

    /** One comment per move, the ending inside the last (fastchess's form): chess.js in strict mode reads every game. */
    @Test
    void chessJsReadsEveryGameStrictly() throws Exception {
        assertEquals(20, ChessJs.assertReadsEveryGame(dir.resolve("arbiter.pgn")));
        assertEquals(20, ChessJs.assertReadsEveryGame(oracle.resolve("games.pgn")), "and fastchess's own, as a control");
    }
}

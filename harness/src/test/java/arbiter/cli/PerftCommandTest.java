package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The perft command end to end: output format, rule overrides and every kind of bad input. */
class PerftCommandTest {

    /** Output, error text and exit code of one command line. */
    record Run(int code, String out, String err) {
        List<String> outLines() {
            return out.lines().toList();
        }
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void printsOneLinePerDepthThenASummary() {
        Run r = run("perft", "--game", "international", "--depth", "4");
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.outLines();
        assertEquals(List.of("perft 1 9", "perft 2 81", "perft 3 658", "perft 4 4265"), lines.subList(0, 4));
        assertTrue(lines.get(4).matches("total 5013 leaves in [0-9.]+ s, [0-9]+ leaves/s \\([0-9]+ threads?\\)"), lines.get(4));
    }

    @Test
    void threadsSplitTheRootMovesAndCountTheSame() {
        for (String[] g : List.of(new String[] {"chess", "4"}, new String[] {"international", "5"},
                new String[] {"quoridor", "2"})) {
            String game = g[0];
            Run one = run("perft", "--game", game, "--depth", g[1], "--divide", "--threads", "1");
            Run four = run("perft", "--game", game, "--depth", g[1], "--divide", "--threads", "4");
            assertEquals(0, one.code(), one.err());
            assertEquals(one.outLines().subList(0, one.outLines().size() - 1),
                    four.outLines().subList(0, four.outLines().size() - 1), game);
        }
        assertEquals(List.of("perft 1 20", "perft 2 400", "perft 3 8902", "perft 4 197281"),
                run("perft", "--game", "chess", "--depth", "4", "--threads", "3").outLines().subList(0, 4));
        assertEquals(2, run("perft", "--game", "chess", "--depth", "2", "--threads", "0").code());
    }

    @Test
    void divideListsEveryRootMoveAndSumsToTheTotal() {
        Run r = run("perft", "--game", "english", "--depth", "3", "--divide");
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.outLines();
        assertEquals(7 + 2, lines.size(), r.out());
        long sum = 0;
        for (String line : lines.subList(0, 7)) {
            assertTrue(line.matches("\\d+-\\d+ \\d+"), line);
            sum += Long.parseLong(line.substring(line.indexOf(' ') + 1));
        }
        assertEquals(302, sum);
        assertEquals("perft 3 302", lines.get(7));
    }

    @Test
    void ruleOverrideAndFenAreApplied() {
        // Black can take one piece (12x19) or two (9x18x25). English checkers lets Black choose;
        // S2's rule (majorityCapture=true) forces the two-piece capture.
        String fen = "B:W14,16,22:B9,12";
        Run free = run("perft", "--game", "english", "--fen", fen, "--depth", "1", "--divide");
        assertEquals(List.of("9x25 1", "12x19 1", "perft 1 2"), free.outLines().subList(0, 3), free.err());
        Run majority = run("perft", "--game", "english", "--rule", "majorityCapture=true", "--fen", fen,
                "--depth", "1", "--divide");
        assertEquals(List.of("9x25 1", "perft 1 1"), majority.outLines().subList(0, 2), majority.err());
    }

    @Test
    void movesArePlayedBeforeCounting() {
        // After 32-28 19-23 White must capture: 28x19 is the only move.
        Run r = run("perft", "--game", "international", "--moves", "32-28 19-23", "--depth", "1", "--divide");
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of("28x19 1", "perft 1 1"), r.outLines().subList(0, 2));
    }

    @Test
    void algebraicMovesForRussian() {
        Run r = run("perft", "--game", "russian", "--moves", "c3-d4 f6-e5", "--depth", "1");
        assertEquals(0, r.code(), r.err());
        assertEquals("perft 1 1", r.outLines().get(0), "white must capture d4:f6");
    }

    @Test
    void badInputGivesOneClearLineAndExitCode2() {
        assertBadInput(run("perft", "--game", "checkers3d", "--depth", "2"), "unknown game variant 'checkers3d'");
        assertBadInput(run("perft", "--game", "english", "--rule", "flyingKnights=true", "--depth", "2"),
                "unknown rule 'flyingKnights'");
        assertBadInput(run("perft", "--game", "english", "--rule", "flyingKings=maybe", "--depth", "2"),
                "rule flyingKings must be true or false");
        assertBadInput(run("perft", "--game", "international", "--fen", "W:W31,32:B1,51", "--depth", "2"),
                "malformed FEN 'W:W31,32:B1,51': '51' is not a square");
        assertBadInput(run("perft", "--game", "international", "--fen", "W:W31,31:B1", "--depth", "2"),
                "square 31 is given twice");
        assertBadInput(run("perft", "--game", "international", "--moves", "32-23", "--depth", "2"),
                "illegal move '32-23'");
        assertBadInput(run("perft", "--game", "international", "--moves", "32_28", "--depth", "2"),
                "unparsable move '32_28'");
        assertBadInput(run("perft", "--game", "international", "--depth", "0"), "--depth must be at least 1");
    }

    private static void assertBadInput(Run r, String expected) {
        assertEquals(2, r.code(), r.out() + r.err());
        List<String> errLines = r.err().lines().toList();
        assertEquals(1, errLines.size(), "exactly one error line, no stack trace: " + r.err());
        assertTrue(errLines.get(0).startsWith("error: "), errLines.get(0));
        assertTrue(errLines.get(0).contains(expected), errLines.get(0) + " should contain " + expected);
    }

    @Test
    void helpListsTheCommands() {
        Run r = run("--help");
        assertEquals(0, r.code());
        assertTrue(r.out().contains("perft"), r.out());
    }
}

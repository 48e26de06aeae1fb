package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class MovesCommandTest {

    /** Exit code, standard output and standard error of one command line. */
    private record Run(int exit, String out, String err) {
        List<String> lines() {
            return out.isEmpty() ? List.of() : List.of(out.split("\\R"));
        }
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine(args);
        cli.setExecutionExceptionHandler(new ErrorHandler());
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int exit = cli.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    @Test
    void listsBackgammonMovesForARoll() {
        Run run = run("moves", "--game", "backgammon", "--dice", "6-5");
        assertEquals(0, run.exit(), run.err());
        assertEquals(7, run.lines().size(), run.out());
        assertTrue(run.lines().contains("24/13"), run.out());
        Run bar = run("moves", "--game", "backgammon", "--position",
                "W:Wbar,24,13x5,8x3,6x5:B24x2,13x5,8x3,6x4,5:-", "--dice", "61");
        assertEquals(List.of("bar/18", "bar/24 13/7", "bar/24 8/2"), bar.lines().stream().sorted().toList());
    }

    @Test
    void listsMovesOfGamesWithoutDice() {
        Run run = run("moves", "--game", "international");
        assertEquals(0, run.exit(), run.err());
        assertEquals(9, run.lines().size());
    }

    @Test
    void badInputIsOneLineAndExitTwo() {
        for (String[] args : List.of(
                new String[] {"moves", "--game", "backgammon", "--dice", "7-1"},
                new String[] {"moves", "--game", "backgammon", "--dice", "0-3"},
                new String[] {"moves", "--game", "backgammon", "--dice", "4-4"},
                new String[] {"moves", "--game", "backgammon"},
                new String[] {"moves", "--game", "backgammon", "--position", "W:W6:B6"},
                new String[] {"moves", "--game", "backgammon", "--position", "nonsense", "--dice", "6-5"},
                new String[] {"moves", "--game", "backgammon", "--position", "W:W6:B6:65", "--dice", "6-5"},
                new String[] {"moves", "--game", "international", "--dice", "6-5"})) {
            Run run = run(args);
            assertEquals(ErrorHandler.BAD_INPUT, run.exit(), String.join(" ", args) + ": " + run.err());
            assertTrue(run.err().startsWith("error: "), run.err());
            assertEquals(1, run.err().strip().lines().count(), run.err());
        }
    }
}

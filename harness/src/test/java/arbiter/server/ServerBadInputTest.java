package arbiter.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.external.HubText;
import arbiter.external.TestEngines;
import arbiter.game.Games;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Issue 25: {@code arbiter engine} refuses a bad option value in its protocol's own error form and
 * keeps the previous value (UCI: an {@code info string}, as the UCI specification gives engines for
 * anything they want to tell the GUI; Hub: {@code error message="..."}, the Hub protocol's error
 * line), and no input ends the process but {@code quit} or the end of its input: the next search
 * still answers. Each server runs as its own process, as a GUI starts it.
 */
class ServerBadInputTest {

    /** Runs {@code arbiter engine ARGS} on {@code input} (which ends with quit); returns its output lines. */
    private static List<String> serve(List<String> input, String... args) throws Exception {
        Process p = new ProcessBuilder(TestEngines.arbiterEngine(args)).redirectErrorStream(true).start();
        try (Writer w = new OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8)) {
            for (String line : input) {
                w.write(line + "\n");
            }
        } catch (IOException e) {
            // the server ended early: its output says why
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), "only quit ends the server: " + out);
        return out.lines().toList();
    }

    @Test
    void uciRefusesABadOptionValueKeepsThePreviousAndStillMoves() throws Exception {
        List<String> out = serve(List.of("uci", "setoption name Hash value 8", "setoption name Hash value 5000",
                "setoption name history value maybe", "isready", "position startpos", "go depth 2",
                "position fen not a position", "position startpos moves e2e4 e9e5", "isready", "go depth 1",
                "isready", "quit"), "--protocol", "uci", "--engine", "chess-alphabeta");
        assertTrue(out.stream().anyMatch(l -> l.startsWith("info string ") && l.contains("ttMb")
                && l.contains("between 1 and 4096") && l.contains("stays 8")), out.toString());
        assertTrue(out.stream().anyMatch(l -> l.startsWith("info string ") && l.contains("history")
                && l.contains("must be one of") && l.contains("stays depthSquared")), out.toString());
        assertTrue(out.stream().filter(l -> l.startsWith("bestmove ")).count() >= 2, "both searches answer: " + out);
        assertEquals(3, out.stream().filter(l -> l.equals("readyok")).count(), out.toString());
    }

    @Test
    void hubRefusesABadParamValueKeepsThePreviousAndStillMoves() throws Exception {
        String start = HubText.position((arbiter.game.draughts.DraughtsPosition) Games.rules("international").start());
        List<String> out = serve(List.of("hub", "set-param name=ttMb value=8", "set-param name=ttMb value=5000",
                "set-param name=ttMb value=\"unterminated", "init", "new-game", "pos pos=" + start,
                "level depth=2", "go think", "pos pos=nonsense", "ping", "quit"),
                "--protocol", "hub", "--engine", "draughts-alphabeta");
        assertTrue(out.stream().anyMatch(l -> l.startsWith("error message=") && l.contains("ttMb")
                && l.contains("between 1 and 4096") && l.contains("stays 8")), out.toString());
        assertTrue(out.contains("ready"), out.toString());
        assertTrue(out.stream().anyMatch(l -> l.startsWith("done move=")), "the search answers: " + out);
        assertTrue(out.contains("pong"), out.toString());
    }

    /** A command line over the bound (a GUI's bug, or garbage): the protocol's error, the line skipped, the server goes on. */
    @Test
    void anOverlongCommandLineIsRefusedAndTheServerGoesOn() throws Exception {
        String huge = "position startpos moves " + "e2e4 ".repeat(40_000);
        List<String> uci = serve(List.of("uci", huge, "isready", "position startpos", "go depth 1", "quit"),
                "--protocol", "uci", "--engine", "chess-alphabeta");
        assertTrue(uci.stream().anyMatch(l -> l.startsWith("info string error: a command line longer than")), uci.toString());
        assertTrue(uci.contains("readyok") && uci.stream().anyMatch(l -> l.startsWith("bestmove ")), uci.toString());
        String start = HubText.position((arbiter.game.draughts.DraughtsPosition) Games.rules("international").start());
        List<String> hub = serve(List.of("hub", "pos pos=" + "W".repeat(200_000), "init", "new-game", "pos pos=" + start,
                "level depth=1", "go think", "quit"), "--protocol", "hub", "--engine", "draughts-alphabeta");
        assertTrue(hub.stream().anyMatch(l -> l.startsWith("error message=") && l.contains("longer than")), hub.toString());
        assertTrue(hub.contains("ready") && hub.stream().anyMatch(l -> l.startsWith("done move=")), hub.toString());
    }

    /** DXP has no message that sets an option: a bad value comes on the command line, and gets one error line. */
    @Test
    void dxpRefusesABadOptionValueOnItsCommandLine() throws Exception {
        Process p = new ProcessBuilder(TestEngines.arbiterEngine("--protocol", "dxp", "--engine", "draughts-alphabeta",
                "--option", "ttMb=5000", "--port", Integer.toString(TestEngines.freePort()))).start();
        p.getOutputStream().close();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), err);
        assertEquals(2, p.exitValue(), err);
        assertTrue(err.startsWith("error: ") && err.contains("ttMb") && err.lines().count() == 1, err);
    }
}

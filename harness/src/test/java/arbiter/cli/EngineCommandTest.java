package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@code arbiter engine}: bad input is refused in-process; the servers run as subprocesses. */
class EngineCommandTest {

    @Test
    void badInputIsOneErrorLineAndExitCode2() {
        CliRunner r = CliRunner.run("engine", "--protocol", "xboard", "--engine", "random");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("error: --protocol must be uci, hub or dxp, got 'xboard'"), r.err());
        r = CliRunner.run("engine", "--protocol", "uci", "--engine", "random", "--variant", "international");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("error: the uci protocol plays chess; --variant international is draughts"), r.err());
        r = CliRunner.run("engine", "--protocol", "hub", "--engine", "nope");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("error: unknown engine 'nope'; known engines: random, draughts-alphabeta"), r.err());
        r = CliRunner.run("engine", "--protocol", "hub", "--engine", "draughts-alphabeta", "--weights", "missing.json");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("error: no such weights file: missing.json"), r.err());
    }

    @Test
    void theUciServerAnswersOnStandardInputAndOutput() throws Exception {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElseThrow(), "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "engine", "--protocol", "uci", "--engine",
                "random", "--option", "seed=5"));
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (Writer in = new java.io.OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8);
             BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            in.write("uci\nisready\nposition startpos moves d2d4\ngo depth 1\n");
            in.flush();
            List<String> lines = new ArrayList<>();
            for (String l; (l = out.readLine()) != null; ) {
                lines.add(l);
                if (l.startsWith("bestmove")) {
                    break;
                }
            }
            assertEquals("id name Arbiter random", lines.get(0));
            assertTrue(lines.contains("uciok") && lines.contains("readyok"), lines.toString());
            assertTrue(lines.get(lines.size() - 1).matches("bestmove [a-h][1-8][a-h][1-8]"), lines.toString());
            in.write("quit\n");
            in.flush();
            assertTrue(p.waitFor(10, TimeUnit.SECONDS), "quits");
            assertEquals(0, p.exitValue());
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void theDxpServerExitsWhenItsInputCloses() throws Exception {
        List<String> command = List.of(ProcessHandle.current().info().command().orElseThrow(), "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "engine", "--protocol", "dxp", "--engine",
                "random", "--port", "0");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(Path.of("/dev/null").toFile()).start();
        try {
            Thread.sleep(500);
            p.getOutputStream().close();
            assertTrue(p.waitFor(10, TimeUnit.SECONDS), "no orphaned listener when the program that started it is gone");
        } finally {
            p.destroyForcibly();
        }
    }
}

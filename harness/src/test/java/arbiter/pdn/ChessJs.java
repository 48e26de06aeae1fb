package arbiter.pdn;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * chess.js (npm, strict mode) as an outside PGN oracle: {@code .ci/run} installs a pinned version and
 * names its package folder in {@code ARBITER_CHESSJS}. Where the variable is set the check must run (a
 * missing package or node fails the test); where it is not (a developer's machine) the test is skipped.
 */
public final class ChessJs {
    private ChessJs() {
    }

    /** Fails unless chess.js reads every game of {@code pgn} in strict mode; returns how many it read. */
    public static int assertReadsEveryGame(Path pgn) throws Exception {
        String dir = System.getenv("ARBITER_CHESSJS");
        Assumptions.assumeTrue(dir != null && !dir.isBlank(),
                "ARBITER_CHESSJS names the chess.js package folder (.ci/run: npm install chess.js)");
        if (!Files.isRegularFile(Path.of(dir, "package.json"))) {
            fail("ARBITER_CHESSJS=" + dir + " holds no chess.js package");
        }
        Path script = Path.of(ChessJs.class.getResource("/arbiter/pdn/chessjs-strict.cjs").toURI());
        Process node = new ProcessBuilder("node", script.toString(), Path.of(dir).toAbsolutePath().toString(), pgn.toString())
                .redirectErrorStream(true).start();
        String out = new String(node.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(node.waitFor(60, TimeUnit.SECONDS), "node ended");
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("games (\\d+) refused 0\\s*$").matcher(out);
        assertTrue(node.exitValue() == 0 && m.find(), "chess.js (strict) refuses games of " + pgn + ":\n" + out);
        return Integer.parseInt(m.group(1));
    }
}

package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertThrows;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Fuzz test (Jazzer; docs/fuzzing.md) of the {@code match} flag parser (cutechess-cli vocabulary):
 * any argument list gives a run config or a {@link BadInputException} (one {@code error:} line, exit
 * 2). Input: the arguments, one per line. Without {@code JAZZER_FUZZ} it replays the committed inputs
 * in {@code MatchArgumentsFuzzTestInputs/}.
 */
class MatchArgumentsFuzzTest {
    /**
     * Found by {@link #parse} (a NUL in {@code cmd=}): {@code Path.of} threw InvalidPathException, which
     * the CLI reported as an internal error; now a path the machine cannot name is bad input.
     */
    @Test
    void nulInAnEngineCommandIsBadInput() {
        assertThrows(BadInputException.class, () -> MatchArguments.parse(List.of(
                "-engine", "cmd=stock\0fish", "-engine", "builtin=random", "name=r", "-each", "depth=5")).config());
    }

    @FuzzTest(maxDuration = "5s")
    void parse(byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8);
        List<String> args = text.isEmpty() ? List.of() : Arrays.asList(text.split("\n", -1));
        try {
            MatchArguments.text(MatchArguments.parse(args).config());
        } catch (BadInputException e) {
            // the parser's own error
        }
    }
}

package arbiter.cli;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Fuzz test (Jazzer; docs/fuzzing.md) of the {@code match} flag parser (cutechess-cli vocabulary):
 * any argument list gives a run config or a {@link BadInputException} (one {@code error:} line, exit
 * 2). Input: the arguments, one per line. Without {@code JAZZER_FUZZ} it replays the committed inputs
 * in {@code MatchArgumentsFuzzTestInputs/}.
 */
class MatchArgumentsFuzzTest {
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

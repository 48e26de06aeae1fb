package arbiter.fuzz;

import arbiter.game.Games;
import arbiter.game.NotationException;
import arbiter.game.Position;
import arbiter.game.Rules;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Fuzz test (Jazzer; docs/fuzzing.md) of the position and move parsers of every game (FEN for chess,
 * the draughts FEN of each draughts variant, Quoridor's and backgammon's texts). Input: the first
 * byte picks the variant (its index in {@link Games#variants()}, modulo), then the position text, a
 * newline, and a move text. The property: a text gives a position or a {@link NotationException}; a
 * position read is written back ({@code toText}) in a form the parser reads again, its legal moves
 * can be listed, and a move text gives a move or a {@link NotationException}. Without
 * {@code JAZZER_FUZZ} it replays the committed inputs in {@code PositionFuzzTestInputs/}.
 */
class PositionFuzzTest {
    private static final List<String> VARIANTS = Games.variants();

    @FuzzTest(maxDuration = "5s")
    void parsePosition(byte[] input) {
        if (input.length == 0) {
            return;
        }
        Rules rules = Games.rules(VARIANTS.get(Math.floorMod(input[0], VARIANTS.size())));
        String text = new String(input, 1, input.length - 1, StandardCharsets.UTF_8);
        int newline = text.indexOf('\n');
        String positionText = newline < 0 ? text : text.substring(0, newline);
        String moveText = newline < 0 ? "" : text.substring(newline + 1);
        Position p;
        try {
            p = rules.parsePosition(positionText);
        } catch (NotationException e) {
            return; // the parser's own error
        }
        rules.parsePosition(p.toText()); // what we write we read back
        p.legalMoves();
        try {
            p.parseMove(moveText);
        } catch (NotationException e) {
            // the parser's own error
        }
    }
}

package arbiter.external;

import static org.junit.jupiter.api.Assertions.assertThrows;

import arbiter.game.Games;
import arbiter.game.NotationException;
import arbiter.game.Position;
import arbiter.game.chess.ChessPosition;
import arbiter.game.draughts.DraughtsPosition;
import arbiter.game.draughts.DraughtsRules;
import arbiter.player.IllegalMoveException;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Test;
import java.nio.charset.StandardCharsets;

/**
 * Fuzz tests (Jazzer; docs/fuzzing.md) of what Arbiter reads from an engine: UCI {@code info} and
 * {@code bestmove} lines (with the principal variation read on the board), xboard thinking lines and
 * moves, Hub lines and moves, DXP messages and positions, gnubg moves. Input: the engine's line (for
 * the move tests, the line's first word is the move and the rest an info line). The property: a
 * line is read or refused with the parser's own error (an {@link IllegalMoveException} for a move,
 * {@link NotationException} for Hub/DXP/gnubg texts, {@link IllegalArgumentException} for a DXP
 * message); a malformed info line is ignored. Without {@code JAZZER_FUZZ} they replay the committed
 * inputs in {@code ProtocolFuzzTestInputs/}.
 */
class ProtocolFuzzTest {
    private static final Position CHESS = Games.rules("chess").start();
    private static final DraughtsRules DRAUGHTS = (DraughtsRules) Games.rules("international");
    private static final Position DRAUGHTS_START = DRAUGHTS.start();

    private static String text(byte[] input) {
        return new String(input, StandardCharsets.UTF_8);
    }

    @FuzzTest(maxDuration = "5s")
    void uciInfoAndBestmove(byte[] input) {
        String line = text(input);
        SearchInfo info = new SearchInfo();
        UciInfo.parse(line, info);
        String[] words = UciPlayer.words(line);
        if (words.length == 0) {
            return;
        }
        arbiter.game.Move move;
        try {
            move = UciPlayer.parseUciMove(CHESS, words[0]);
        } catch (IllegalMoveException e) {
            return;
        }
        info.resultOfLine(move, CHESS, 0, (p, texts) -> ((ChessPosition) p).parseUciLine(texts, SearchInfo.PV_PLIES));
    }

    @FuzzTest(maxDuration = "5s")
    void xboardThinkingAndMove(byte[] input) {
        String line = text(input);
        SearchInfo info = new SearchInfo();
        XboardPlayer.parseThinking(line, info);
        XboardPlayer.isAnswer(line);
        try {
            XboardPlayer.parseMove(CHESS, line);
        } catch (IllegalMoveException e) {
            // the parser's own error
        }
    }

    @FuzzTest(maxDuration = "5s")
    void hubLine(byte[] input) {
        String line = text(input);
        HubText.Line l = HubText.parse(line);
        SearchInfo info = new SearchInfo();
        HubPlayer.parseInfo(l, info);
        if (l.command().equals("error")) {
            HubPlayer.errorText(line, l); // called for error lines only
        }
        HubPlayer.hub1Move(line);
        String move = l.get("move");
        if (move == null) {
            move = l.command();
        }
        try {
            HubText.parseMove(DRAUGHTS_START, move);
        } catch (NotationException e) {
            // the parser's own error
        }
    }

    @FuzzTest(maxDuration = "5s")
    void dxpMessage(byte[] input) {
        String line = text(input);
        try {
            DxpMessage.decode(line);
        } catch (IllegalArgumentException e) {
            // the decoder's own error (NotationException is one too)
        }
        try {
            DraughtsPosition p = HubText.parsePosition(DRAUGHTS, line, true);
            HubText.parsePosition(DRAUGHTS, HubText.position(p), false); // what we write we read back
        } catch (NotationException e) {
            // the parser's own error
        }
    }

    /** Found by {@link #gnubgMove} (input {@code point-number-overflow}): a NumberFormatException escaped. */
    @Test
    void gnubgMoveWithAnOverlongPointNumberIsANotationError() {
        assertThrows(NotationException.class, () -> GnubgMove.parse("33333333337/5"));
        assertThrows(NotationException.class, () -> GnubgMove.parse("24/18 100/99"));
    }

    @FuzzTest(maxDuration = "5s")
    void gnubgMove(byte[] input) {
        try {
            GnubgMove.parse(text(input));
        } catch (NotationException e) {
            // the parser's own error
        }
    }
}

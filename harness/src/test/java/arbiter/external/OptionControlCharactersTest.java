package arbiter.external;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.game.Games;
import arbiter.play.Protocol;
import arbiter.play.TimeLimits;
import arbiter.player.EngineException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An option whose name or value holds a control character never reaches an engine, whatever the
 * protocol (issue 38 item 6): a newline in a value would be a protocol line of its own (Stockfish's
 * {@code setoption name Debug Log File value PATH} then writes any path). The player refuses it before
 * its engine is started; a config with one is refused when read.
 */
class OptionControlCharactersTest {
    @TempDir
    Path dir;

    private static String variant(Protocol p) {
        return switch (p) {
            case UCI, XBOARD -> "chess";
            case HUB, HUB1, DXP -> "international";
            case GNUBG -> "backgammon";
        };
    }

    @Test
    void everyProtocolRefusesAControlCharacterInAnOptionBeforeItsEngineStarts() throws Exception {
        Path ran = dir.resolve("ran");
        List<Map<String, Object>> bad = List.of(Map.of("Hash", "16\nsetoption name Debug Log File value " + dir.resolve("x")),
                Map.of("Hash\r\nquit", 16), Map.of("name", "a\u0000b"), Map.of("level", "expert\u2028"));
        for (Protocol p : Protocol.values()) {
            ExternalEngine engine = new ExternalEngine(p, List.of("sh", "-c", "touch " + ran), null, Map.of(), 5000, 5000,
                    p == Protocol.DXP ? "127.0.0.1" : null, p == Protocol.DXP ? 1 : 0, p == Protocol.DXP ? "initiator" : null);
            for (Map<String, Object> options : bad) {
                EngineException e = assertThrows(EngineException.class, () -> ExternalPlayers.create("p", engine, options,
                        Games.rules(variant(p))).newGame(1), p + " " + options);
                assertTrue(e.getMessage().contains("control character"), p + ": " + e.getMessage());
                assertFalse(e.getMessage().contains("\n"), "the message is one line: " + e.getMessage());
            }
        }
        assertFalse(Files.exists(ran), "no engine was started");
    }

    @Test
    void aConfigWithSuchAnOptionIsRefusedWhenRead() {
        List<String> problems = new ArrayList<>();
        ProtocolRules.check(Protocol.UCI, "sf", Map.of("Hash", "16\nquit"), new TimeLimits(0, 0, 100, 0, 0, 0, 0),
                (where, message) -> problems.add(where + " " + message));
        assertEquals(List.of("OPTIONS player 'sf': option 'Hash' has a control character (U+000A) in its value"), problems);
        assertEquals(null, ProtocolRules.unsafeOption(Map.of("Hash", 16, "Debug Log File", "/tmp/a b", "Skill Level", "é")));
    }
}

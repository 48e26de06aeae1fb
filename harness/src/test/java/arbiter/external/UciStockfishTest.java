package arbiter.external;

import arbiter.player.EngineException;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.game.GameHistory;
import arbiter.game.Games;
import arbiter.game.Rules;
import arbiter.player.Limits;
import arbiter.player.SearchResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The UCI player against Debian's stockfish. */
class UciStockfishTest {
    private final Rules chess = Games.rules("chess");

    @AfterEach
    void noProcessesLeft() {
        TestEngines.assertNoEngineProcesses();
    }

    private UciPlayer stockfish(Map<String, Object> options) {
        return new UciPlayer("sf", TestEngines.engine("uci", List.of(TestEngines.stockfish().toString())), options, chess);
    }

    @Test
    void handshakeOptionsAndAMoveWithItsSearchInfo() {
        try (UciPlayer sf = stockfish(Map.of("Threads", 1L, "Hash", 16L))) {
            sf.newGame(1);
            assertTrue(sf.engineId().startsWith("uci:Stockfish"), sf.engineId());
            GameHistory game = new GameHistory(chess.start());
            game.play(game.current().parseMove("e2e4"));
            SearchResult r = sf.chooseMove(game, Limits.depth(8), () -> false);
            assertTrue(game.current().legalMoves().contains(r.move()));
            assertEquals(8, r.depth());
            assertTrue(r.selDepth() >= 8);
            assertTrue(r.nodes() > 0);
            assertTrue(r.pv().size() >= 2, "pv " + r.pv());
            assertEquals(r.move(), r.pv().get(0));
            assertTrue(Math.abs(r.score()) < 200, "score " + r.score());
            assertEquals(1, sf.process().starts());
        }
    }

    @Test
    void mateScoresBecomeWinsByDistance() {
        try (UciPlayer sf = stockfish(Map.of())) {
            sf.newGame(1);
            // White mates in 1 (Qh7#? no: the classic back-rank Re8#).
            GameHistory game = new GameHistory(chess.parsePosition("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1"));
            SearchResult r = sf.chooseMove(game, Limits.depth(6), () -> false);
            assertEquals("Re8#", game.current().formatMove(r.move()));
            assertEquals(arbiter.player.Score.WIN - 1, r.score());
        }
    }

    @Test
    void clocksGoOutForBothSidesAndMoveTimeIsKept() {
        try (UciPlayer sf = stockfish(Map.of())) {
            sf.newGame(1);
            GameHistory game = new GameHistory(chess.start());
            long start = System.nanoTime();
            SearchResult r = sf.chooseMove(game, new Limits(0, 0, 0, 3000, 100, 0, 2000, 100), () -> false);
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertNotNull(r.move());
            assertTrue(ms < 1500, "a 3 s clock should take well under 1.5 s on move 1, took " + ms);
            start = System.nanoTime();
            sf.chooseMove(game, Limits.moveTime(200), () -> false);
            ms = (System.nanoTime() - start) / 1_000_000;
            assertTrue(ms >= 150 && ms < 1000, "movetime 200 took " + ms);
        }
    }

    @Test
    void theRefereesStopEndsAnInfiniteSearch() {
        try (UciPlayer sf = stockfish(Map.of())) {
            sf.newGame(1);
            long start = System.nanoTime();
            // No limit at all: "go infinite"; the stop flag turns true after 300 ms.
            SearchResult r = sf.chooseMove(new GameHistory(chess.start()), new Limits(0, 0, 0, 0, 0, 0),
                    () -> System.nanoTime() - start > 300_000_000L);
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertNotNull(r.move());
            assertTrue(ms >= 300 && ms < 1500, "stopped after " + ms + " ms");
        }
    }

    @Test
    void anUnknownOptionIsAnErrorNamingTheEngineAndItsOptions() {
        try (UciPlayer sf = stockfish(Map.of("Skil Level", 3L))) {
            EngineException e = assertThrows(EngineException.class, () -> sf.newGame(1));
            assertTrue(e.getMessage().contains("engine sf has no UCI option 'Skil Level'"), e.getMessage());
            assertTrue(e.getMessage().contains("Skill Level"), e.getMessage());
        }
    }
}

package arbiter.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.RunConfig;
import arbiter.pdn.GameRecord;
import arbiter.play.GameResult;
import arbiter.play.GameTask;
import arbiter.play.PlayedGame;
import arbiter.play.Termination;
import arbiter.results.Scoreboard;
import arbiter.tournament.MatchFixtures;
import arbiter.tournament.RunListener;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The at-a-glance figures of the state JSON: per-engine losses by kind, draw and pair ratios, the Elo series. */
class DashboardGlanceTest {
    @TempDir
    Path dir;

    private static void finish(DashboardState state, Scoreboard board, GameTask t, GameResult r, Termination why) {
        board.add(t.white(), t.black(), r, t.pair());
        state.gameFinished(new RunListener.GameEnd(new PlayedGame(t, null, List.of(), 0, r, why, 1), board, false, true));
    }

    @Test
    void timeLossesAndCrashesAreCountedAgainstTheEngineThatLost() throws Exception {
        RunConfig c = MatchFixtures.config(dir, "losses", 10, true, null, null);
        List<GameTask> tasks = MatchFixtures.tasks(10);
        Scoreboard board = Scoreboard.of(c);
        DashboardState state = new DashboardState();
        state.runStarted(new RunListener.RunStart(c, tasks, 0, board, null, null));
        // game 0: new White loses on time; game 1: old White crashes; game 2: new White crashes and old is stalled in
        // game 3; game 4: a plain win by the rules counts as none of these
        finish(state, board, tasks.get(0), GameResult.BLACK_WIN, new Termination.TimeForfeit(0, 120));
        finish(state, board, tasks.get(1), GameResult.BLACK_WIN, new Termination.EngineCrash(0, "exit 139"));
        finish(state, board, tasks.get(2), GameResult.BLACK_WIN, new Termination.EngineCrash(0, "no move returned"));
        finish(state, board, tasks.get(3), GameResult.BLACK_WIN, new Termination.EngineStalled(0, 30_000));
        finish(state, board, tasks.get(4), GameResult.WHITE_WIN, new Termination.Adjudicated("resign"));
        JsonNode engines = state.json().get("engines");
        assertEquals(2, engines.size());
        JsonNode neu = engines.get(0);
        JsonNode old = engines.get(1);
        assertEquals("new", neu.get("name").asText());
        assertEquals("draughts-alphabeta (built-in)", neu.get("engine").asText());
        assertEquals("depth=3", neu.get("limits").asText());
        assertEquals(1, neu.get("timeLosses").asInt());
        assertEquals(1, neu.get("crashes").asInt());
        assertEquals(0, neu.get("stalls").asInt());
        assertEquals(0, old.get("timeLosses").asInt());
        assertEquals(1, old.get("crashes").asInt());
        assertEquals(1, old.get("stalls").asInt());
        assertEquals(0, old.get("illegalMoves").asInt());
        // the finished list says why in the console's words (the side, never "player 0"), with draughts' result tokens
        JsonNode finished = state.json().get("finished");
        assertEquals("White wins by adjudication", finished.get(0).get("termination").asText());
        assertEquals("2-0", finished.get(0).get("result").asText());
        assertEquals("White's connection stalls", finished.get(1).get("termination").asText());
        assertEquals("White disconnects", finished.get(2).get("termination").asText());
        assertEquals("White loses on time (120ms overrun)", finished.get(4).get("termination").asText());
        assertEquals("0-2", finished.get(4).get("result").asText());
    }

    @Test
    void drawAndPairRatiosAreFastchesssRatiosOfTheCounts() throws Exception {
        RunConfig c = MatchFixtures.config(dir, "ratios", 100, true, null, null);
        List<GameTask> tasks = MatchFixtures.tasks(100);
        Scoreboard board = Scoreboard.of(c);
        // pairs LL 1, LD 2, WL+DD 3 (as DD), WD 4, WW 5: W 2*5 + 4 = 14, D 2 + 6 + 4 = 12, L 2 + 2 = 4
        for (GameRecord g : MatchFixtures.pairs(new long[] {1, 2, 3, 4, 5})) {
            board.add(g.tag("White"), g.tag("Black"), g.result(), tasks.get(Integer.parseInt(g.tag("Game"))).pair());
        }
        DashboardState state = new DashboardState();
        state.runStarted(new RunListener.RunStart(c, tasks, 0, board, null, null));
        JsonNode root = state.json();
        JsonNode m = root.get("match");
        assertEquals(14, m.get("w").asInt());
        assertEquals(12, m.get("d").asInt());
        assertEquals(4, m.get("l").asInt());
        // fastchess's drawRatioPenta: pairs scored 1-1 (WL+DD) over complete pairs
        assertEquals(3.0 / 15, m.get("drawRatio").asDouble(), 1e-12);
        assertEquals(15, m.get("pairs").asInt());
        assertEquals((4.0 + 5) / (1 + 2), m.get("pairRatio").asDouble(), 1e-12);
        // the Elo series: one point, at 30 games, the match's Elo and its interval
        JsonNode h = root.get("eloHistory");
        assertEquals("new", h.get("series").get(0).asText());
        JsonNode p = h.get("points").get(0);
        assertEquals(30, p.get(0).asInt());
        assertEquals(m.get("elo").asDouble(), p.get(1).asDouble(), 0.005);
        assertEquals(m.get("elo").asDouble() - m.get("eloError").asDouble(), p.get(2).asDouble(), 0.01);
        assertEquals(m.get("elo").asDouble() + m.get("eloError").asDouble(), p.get(3).asDouble(), 0.01);
        assertTrue(root.get("conditions").get("schedule").asText().startsWith("match: new vs old, 100 games"));
        assertTrue(root.get("llr").isNull(), "no SPRT, no LLR series");
    }
}

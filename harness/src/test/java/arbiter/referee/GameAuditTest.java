package arbiter.referee;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.engine.EngineRegistry;
import arbiter.game.EndReason;
import arbiter.game.GameHistory;
import arbiter.game.Games;
import arbiter.game.Rules;
import arbiter.play.Adjudication;
import arbiter.play.GameResult;
import arbiter.play.GameTask;
import arbiter.play.Opening;
import arbiter.play.PlayedGame;
import arbiter.play.PlayedMove;
import arbiter.play.Termination;
import arbiter.play.TimeLimits;
import arbiter.player.EngineResignedException;
import arbiter.player.Limits;
import arbiter.player.Player;
import arbiter.player.SearchResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * {@link GameAudit} against the {@link Referee} itself: every game the referee plays, in every
 * variant and however it ends (the rules, the move cap, the engines' scores, a crash, a resignation,
 * an illegal move), passes; a record changed in any one way does not (issue 38 item 8).
 */
class GameAuditTest {
    private static final TimeLimits DEPTH_1 = new TimeLimits(1, 0, 0, 0, 0, 0, 0);

    private static Player builtIn(String engine, Rules rules, int seed) {
        return EngineRegistry.create(engine, rules, engine.equals("random") ? Map.of("seed", seed) : Map.of(), Map.of());
    }

    private static PlayedGame play(Rules rules, Adjudication adjudication, GameTask task, Player white, Player black) {
        return new Referee(rules, adjudication).play(task, new Player[] {white, black}, new TimeLimits[] {DEPTH_1, DEPTH_1}, () -> false);
    }

    /** A player that plays its inner player's moves until {@code ply}, then fails as {@code failure} says. */
    private static Player failingAt(Player inner, int ply, Function<GameHistory, SearchResult> failure) {
        return new Player() {
            @Override
            public String engineId() {
                return "failing";
            }

            @Override
            public void newGame(long gameSeed) {
                inner.newGame(gameSeed);
            }

            @Override
            public SearchResult chooseMove(GameHistory game, Limits limits, BooleanSupplier stop) {
                return game.moves().size() >= ply ? failure.apply(game) : inner.chooseMove(game, limits, stop);
            }
        };
    }

    @Test
    void everyGameTheRefereePlaysPasses() {
        Map<String, Integer> ends = new HashMap<>();
        for (String variant : Games.variants()) {
            Rules rules = Games.rules(variant);
            for (int i = 0; i < 6; i++) {
                GameTask task = new GameTask(i, 1, i, "w", "b", Opening.start(), 1000 + i);
                Adjudication adjudication = new Adjudication(0, 0, 0, 0, 0, i % 2 == 0 ? 60 : 0);
                PlayedGame g = play(rules, adjudication, task, builtIn("random", rules, i), builtIn("random", rules, i + 7));
                assertNull(GameAudit.check(rules, adjudication, task, g), variant + " game " + i + ": " + g.termination().describe());
                ends.merge(g.termination().tag(), 1, Integer::sum);
            }
        }
        // Openings with moves and positions, and adjudication by the engines' scores (alpha-beta reports them).
        Rules draughts = Games.rules("international");
        GameHistory opening = new GameHistory(draughts.start());
        opening.play(opening.current().parseMove("32-28"));
        Opening fromPosition = new Opening("fen", opening.current().toText(), List.of("19-23", "28x19"));
        for (Adjudication a : List.of(new Adjudication(4, 10_000, 2, 0, 0, 0), new Adjudication(0, 0, 0, 1, 1, 0),
                new Adjudication(0, 0, 0, 1, 1, 0, true), new Adjudication(0, 0, 0, 0, 0, 1))) {
            GameTask task = new GameTask(7, 1, 7, "w", "b", fromPosition, 5);
            PlayedGame g = play(draughts, a, task, builtIn("draughts-alphabeta", draughts, 1), builtIn("draughts-alphabeta", draughts, 2));
            assertNull(GameAudit.check(draughts, a, task, g), a + ": " + g.termination().describe());
            ends.merge(g.termination().describe().replaceAll("\\d+", "N"), 1, Integer::sum);
        }
        // A player's failure before its move: a crash, a resignation, an illegal move.
        Rules chess = Games.rules("chess");
        List<Function<GameHistory, SearchResult>> failures = List.of(game -> {
            throw new IllegalStateException("boom");
        }, game -> {
            throw new EngineResignedException("gave up");
        }, game -> { // a move of the other side: illegal here
            arbiter.game.Position next = game.current().play(game.current().legalMoves().get(0));
            return new SearchResult(next.legalMoves().get(0), 0, 1, 0, 0, 0, List.of());
        });
        for (Function<GameHistory, SearchResult> f : failures) {
            for (int ply : new int[] {0, 5}) {
                GameTask task = new GameTask(8, 1, 8, "w", "b", Opening.start(), 9);
                Adjudication none = new Adjudication(0, 0, 0, 0, 0, 0);
                PlayedGame g = play(chess, none, task, failingAt(builtIn("random", chess, 1), ply, f), failingAt(builtIn("random", chess, 2), ply, f));
                assertNull(GameAudit.check(chess, none, task, g), g.termination().describe());
                ends.merge(g.termination().tag(), 1, Integer::sum);
            }
        }
        assertTrue(ends.keySet().containsAll(List.of("normal", "adjudication", "engine crash", "illegal move",
                "adjudication: both scores within N for N moves", "adjudication: Black's score at least N below zero for N moves", "adjudication: both engines' scores at least N from zero for N moves, Black's below",
                "adjudication: maximum of N plies")), "ends seen: " + ends);
    }

    @Test
    void aRecordChangedInAnyOneWayFails() {
        Rules rules = Games.rules("backgammon");
        Adjudication adjudication = new Adjudication(0, 0, 0, 0, 0, 0);
        GameTask task = new GameTask(3, 1, 3, "w", "b", Opening.start(), 77);
        PlayedGame g = play(rules, adjudication, task, builtIn("random", rules, 1), builtIn("random", rules, 2));
        assertNull(GameAudit.check(rules, adjudication, task, g));
        List<PlayedMove> moves = g.moves();
        int mid = moves.size() / 2;
        Map<String, PlayedGame> changed = new java.util.LinkedHashMap<>();
        changed.put("another task", new PlayedGame(new GameTask(4, 1, 4, "w", "b", Opening.start(), 77), g.startText(), moves,
                g.openingPlies(), g.result(), g.termination(), g.points()));
        changed.put("another start", new PlayedGame(task, rules.start().toText(), moves, g.openingPlies(), g.result(),
                g.termination(), g.points()));
        changed.put("a malformed start", new PlayedGame(task, "no position", moves, g.openingPlies(), g.result(), g.termination(),
                g.points()));
        changed.put("the other result", new PlayedGame(task, null, moves, 0,
                g.result() == GameResult.WHITE_WIN ? GameResult.BLACK_WIN : GameResult.WHITE_WIN, g.termination(), g.points()));
        changed.put("other points", new PlayedGame(task, null, moves, 0, g.result(), g.termination(), g.points() + 1));
        changed.put("the last move gone", new PlayedGame(task, null, moves.subList(0, moves.size() - 1), 0, g.result(),
                g.termination(), g.points()));
        changed.put("another reason", new PlayedGame(task, null, moves, 0, g.result(), new Termination.ByRules(EndReason.REPETITION),
                g.points()));
        changed.put("a loss on time", new PlayedGame(task, null, moves, 0, g.result(), new Termination.TimeForfeit(0, 5), 1));
        List<PlayedMove> otherDice = new ArrayList<>(moves);
        PlayedMove m = moves.get(mid);
        otherDice.set(mid, new PlayedMove(m.text(), m.score(), m.depth(), m.timeMs(), "6-6", m.selDepth(), m.nodes(), m.nps(), m.pv()));
        changed.put("other dice", new PlayedGame(task, null, otherDice, 0, g.result(), g.termination(), g.points()));
        List<PlayedMove> swapped = new ArrayList<>(moves);
        swapped.set(mid, moves.get(mid + 2));
        changed.put("a move of another ply", new PlayedGame(task, null, swapped, 0, g.result(), g.termination(), g.points()));
        changed.put("no result", new PlayedGame(task, null, moves, 0, GameResult.UNFINISHED, g.termination(), g.points()));
        for (var c : changed.entrySet()) {
            String why = GameAudit.check(rules, adjudication, task, c.getValue());
            assertNotNull(why, c.getKey() + " passed");
            assertTrue(!why.isBlank() && !why.contains("\n"), c.getKey() + ": " + why);
        }
        // Draughts: the move cap decides, and no game goes on after it.
        Rules draughts = Games.rules("international");
        Adjudication capped = new Adjudication(0, 0, 0, 0, 0, 20);
        PlayedGame d = play(draughts, capped, task, builtIn("random", draughts, 1), builtIn("random", draughts, 2));
        assertEquals(20, d.moves().size());
        assertNull(GameAudit.check(draughts, capped, task, d));
        assertNotNull(GameAudit.check(draughts, new Adjudication(0, 0, 0, 0, 0, 18), task, d), "it goes on after the cap");
        assertNotNull(GameAudit.check(draughts, new Adjudication(0, 0, 0, 0, 0, 22), task, d), "it stops before the cap");
    }
}

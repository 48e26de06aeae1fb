package arbiter.engine.quoridor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.engine.EngineRegistry;
import arbiter.game.GameHistory;
import arbiter.game.Move;
import arbiter.game.quoridor.QuoridorMove;
import arbiter.game.quoridor.QuoridorPosition;
import arbiter.game.quoridor.QuoridorRules;
import arbiter.player.Limits;
import arbiter.player.Player;
import arbiter.player.Score;
import arbiter.player.SearchResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class QuoridorAlphaBetaTest {
    private static final String ENGINE = QuoridorEngines.ALPHA_BETA;

    private static SearchResult search(QuoridorRules rules, GameHistory game, Map<String, ?> options, Limits limits) {
        Player player = EngineRegistry.create(ENGINE, rules, options, Map.of());
        player.newGame(0);
        return player.chooseMove(game, limits, () -> false);
    }

    @Test
    void walksIntoAWonRace() {
        QuoridorRules noWalls = QuoridorGames.rules(Map.of("walls", "0"));
        // Both two steps from the goal, White to move: only the straight walk wins.
        SearchResult r = search(noWalls, QuoridorGames.game(noWalls, "e7,a3/0,0/-/1"), Map.of(), Limits.depth(6));
        assertEquals("e8", r.move().toString());
        assertEquals(Score.WIN - 3, r.score());
        // One step away: step in.
        r = search(noWalls, QuoridorGames.game(noWalls, "e8,a2/0,0/-/1"), Map.of(), Limits.depth(4));
        assertEquals("e9", r.move().toString());
        assertEquals(Score.WIN - 1, r.score());
        // Black to move and behind by one: lost.
        r = search(noWalls, QuoridorGames.game(noWalls, "e7,a4/0,0/-/2"), Map.of(), Limits.depth(8));
        assertEquals(-(Score.WIN - 4), r.score());
    }

    @Test
    void placesTheOnlyWallThatStopsAnImmediateWin() {
        QuoridorRules rules = QuoridorGames.rules(Map.of("walls", "5"));
        // Black on e2 steps to e1 next; White is far: only a wall under e2 saves the game.
        GameHistory game = QuoridorGames.game(rules, "a5,e2/5,5/-/1");
        for (Map<String, Object> options : List.<Map<String, Object>>of(Map.of(), Map.of("search", "minimax", "tt", false))) {
            SearchResult r = search(rules, game, options, Limits.depth(2));
            assertTrue(r.move() instanceof QuoridorMove.Wall, options + ": " + r.move());
            QuoridorPosition after = (QuoridorPosition) game.current().play(r.move());
            assertTrue(after.legalMoves().stream().noneMatch(m -> after.play(m).outcome() != null),
                    options + ": " + r.move() + " lets Black in");
            assertTrue(!Score.isLoss(r.score()), "score " + r.score());
        }
    }

    @Test
    void alphaBetaScoreEqualsMinimaxScore() {
        Map<String, Object> minimax = Map.of("search", "minimax", "tt", false);
        Map<String, Object> full = Map.of("tt", false);
        Map<QuoridorRules, Integer> depths = Map.of(
                QuoridorRules.STANDARD, 2,
                QuoridorGames.rules(Map.of("boardSize", "5", "walls", "3")), 3,
                QuoridorGames.rules(Map.of("boardSize", "7", "walls", "1")), 3);
        depths.forEach((rules, depth) -> {
            for (GameHistory game : QuoridorGames.randomGames(rules, 15, depth * 31L + rules.boardSize())) {
                int expected = search(rules, game, minimax, Limits.depth(depth)).score();
                int actual = search(rules, game, full, Limits.depth(depth)).score();
                assertEquals(expected, actual, rules + " depth " + depth + ": " + game.current().toText());
            }
        });
    }

    @Test
    void everyConfigurationPlaysLegalMoves() {
        List<Map<String, Object>> configs = List.of(
                Map.of(),
                Map.of("search", "minimax", "tt", false, "iterativeDeepening", false),
                Map.of("tt", false, "pvs", false, "aspiration", false, "killers", false, "history", "off",
                        "preset", "s1-thesis"),
                Map.of("quiescence", true, "history", "s0", "random", 5, "ordering", false));
        List<QuoridorRules> ruleSets = List.of(QuoridorRules.STANDARD,
                QuoridorGames.rules(Map.of("diagonalJumps", "false")),
                QuoridorGames.rules(Map.of("boardSize", "5", "walls", "4")));
        for (Map<String, Object> config : configs) {
            for (QuoridorRules rules : ruleSets) {
                Player player = EngineRegistry.create(ENGINE, rules, config, Map.of());
                player.newGame(3);
                for (GameHistory game : QuoridorGames.randomGames(rules, 40, config.hashCode() ^ rules.hashCode())) {
                    SearchResult r = player.chooseMove(game, Limits.depth(2), () -> false);
                    assertTrue(game.current().legalMoves().contains(r.move()),
                            config + " played " + r.move() + " in " + game.current().toText());
                    assertEquals(r.move(), r.pv().get(0));
                    assertPvLegal(game, r.pv());
                }
            }
        }
    }

    static void assertPvLegal(GameHistory game, List<Move> pv) {
        var p = game.current();
        for (Move m : pv) {
            assertTrue(p.legalMoves().contains(m), "pv " + pv + " from " + game.current().toText());
            p = p.play(m);
        }
    }

    @Test
    void deterministicUnderDepthAndNodeLimits() {
        for (GameHistory game : QuoridorGames.randomGames(QuoridorRules.STANDARD, 6, 17)) {
            for (Limits limits : List.of(Limits.depth(3), Limits.nodes(3_000))) {
                SearchResult a = search(QuoridorRules.STANDARD, game, Map.of(), limits);
                SearchResult b = search(QuoridorRules.STANDARD, game, Map.of(), limits);
                assertEquals(a.move(), b.move());
                assertEquals(a.score(), b.score());
                assertEquals(a.nodes(), b.nodes());
                assertEquals(a.pv(), b.pv());
            }
        }
    }
}

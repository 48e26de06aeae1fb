package arbiter.engine.draughts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.engine.EngineRegistry;
import arbiter.game.GameHistory;
import arbiter.game.Games;
import arbiter.game.draughts.DraughtsRules;
import arbiter.player.Limits;
import arbiter.player.OptionException;
import arbiter.player.Player;
import arbiter.player.SearchResult;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * S2's search ({@code "history": "s2"}) against its thesis: G. Pongor, "Egy kétszemélyes játék
 * számítógépes megvalósítása" (AutoCheckers), Debrecen 2009, Table 4.4.1 — the nodes its minimax, its
 * alpha-beta and its alpha-beta with ordering searched for the first move of English checkers with the
 * majority-capture rule. The thesis counts the root; our searches do not, hence the +1.
 */
class AutoCheckersOrderTest {
    private static final DraughtsRules RULES = majorityCapture();

    private static final Map<String, Object> PLAIN = Map.of("preset", "s2-autocheckers", "tt", false,
            "iterativeDeepening", false, "pvs", false, "aspiration", false, "ordering", false, "killers", false,
            "history", "off", "quiescence", false);

    private static DraughtsRules majorityCapture() {
        try {
            return (DraughtsRules) Games.rules("english", Map.of("majorityCapture", "true"));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static Map<String, Object> with(Map<String, Object> base, Object... pairs) {
        Map<String, Object> m = new HashMap<>(base);
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((String) pairs[i], pairs[i + 1]);
        }
        return m;
    }

    private static Map<String, Object> s2() {
        return with(PLAIN, "ordering", true, "history", "s2");
    }

    private static SearchResult search(Player player, GameHistory game, int depth) {
        return player.chooseMove(game, Limits.depth(depth), () -> false);
    }

    /** Nodes for the first move with a fresh player, counted as the thesis counts them (root included). */
    private static long thesisNodes(Map<String, Object> options, int depth) {
        Player player = EngineRegistry.create("draughts-alphabeta", RULES, options, Map.of());
        player.newGame(0);
        return search(player, new GameHistory(RULES.start()), depth).nodes() + 1;
    }

    @Test
    void orderedSearchReproducesTheThesisNodeTable() {
        // Table 4.4.1, row "αβ vágással és előrendezéssel": 27, 191, 2756, 22414, 170406.
        assertEquals(27, thesisNodes(s2(), 2));
        assertEquals(191, thesisNodes(s2(), 4));
        assertEquals(2756, thesisNodes(s2(), 6));
        assertEquals(22414, thesisNodes(s2(), 8));
        long ten = thesisNodes(s2(), 10);
        assertTrue(Math.abs(ten - 170406) <= 0.10 * 170406, "depth 10: " + ten + " against the thesis' 170406");
    }

    @Test
    void plainAlphaBetaAndMinimaxAgreeWithTheTableToo() {
        // Rows "αβ vágással" (36, 669, 4428, 37827) and "Tiszta" (57, 1828, 45662): the generation
        // order and the evaluation the ordered row starts from.
        long[] alphaBeta = {36, 669, 4428, 37827};
        for (int i = 0; i < alphaBeta.length; i++) {
            long ours = thesisNodes(PLAIN, 2 + 2 * i);
            assertTrue(Math.abs(ours - alphaBeta[i]) <= 0.01 * alphaBeta[i], "depth " + (2 + 2 * i) + ": " + ours);
        }
        long[] minimax = {57, 1828, 45662};
        for (int i = 0; i < minimax.length; i++) {
            assertEquals(minimax[i], thesisNodes(with(PLAIN, "search", "minimax"), 2 + 2 * i));
        }
    }

    @Test
    void orderingNeverChangesTheAlphaBetaValue() {
        Player plain = EngineRegistry.create("draughts-alphabeta", RULES, PLAIN, Map.of());
        Player ordered = EngineRegistry.create("draughts-alphabeta", RULES, s2(), Map.of());
        plain.newGame(0);
        ordered.newGame(0);
        for (GameHistory game : DraughtsSearchTest.randomGames(RULES, 30, 2009)) {
            assertEquals(search(plain, game, 5).score(), search(ordered, game, 5).score(), game.current().toText());
        }
    }

    /** The program keeps its operators' values for as long as it runs: here, for a game. */
    @Test
    void theValuesAreKeptBetweenSearchesAndClearedForANewGame() {
        Player player = EngineRegistry.create("draughts-alphabeta", RULES, s2(), Map.of());
        GameHistory start = new GameHistory(RULES.start());
        player.newGame(0);
        long first = search(player, start, 6).nodes();
        long second = search(player, start, 6).nodes();
        assertNotEquals(first, second, "the second search starts from the first one's values");
        player.newGame(1);
        assertEquals(first, search(player, start, 6).nodes());
    }

    /**
     * Under a node budget with iterative deepening, S2's sorted root may search the previous
     * iteration's best move late; a partial iteration must then not replace it by the best of the
     * few moves it did search (which lost 193 of 203 games against plain alpha-beta before).
     */
    @Test
    void s2OrderingHoldsItsOwnAtAFixedNodeBudget() {
        Map<String, Object> deepening = Map.of("preset", "s2-autocheckers", "tt", false, "pvs", false,
                "aspiration", false, "killers", false, "captureOrdering", false);
        double s2Points = 0;
        int games = 0;
        for (GameHistory opening : DraughtsSearchTest.randomGames(RULES, 6, 2009)) {
            for (int s2Side = 0; s2Side < 2; s2Side++) {
                Player s2 = EngineRegistry.create("draughts-alphabeta", RULES, with(deepening, "history", "s2"), Map.of());
                Player plain = EngineRegistry.create("draughts-alphabeta", RULES,
                        with(deepening, "history", "off", "ordering", false), Map.of());
                s2.newGame(games);
                plain.newGame(games);
                GameHistory game = new GameHistory(opening.current());
                for (int ply = 0; ply < 160 && game.outcome() == null; ply++) {
                    Player mover = game.current().sideToMove() == s2Side ? s2 : plain;
                    game.play(mover.chooseMove(game, Limits.nodes(4000), () -> false).move());
                }
                s2Points += game.outcome() == null ? 0.5 : game.outcome().scoreFor(s2Side);
                games++;
            }
        }
        assertTrue(s2Points >= 0.3 * games, "S2's ordering scored " + s2Points + " of " + games);
    }

    @Test
    void s2HasNoKillerMovesCapturesFirstOrEvaluationOrdering() {
        for (String option : new String[] {"killers", "captureOrdering", "evalOrdering"}) {
            OptionException e = assertThrows(OptionException.class,
                    () -> EngineRegistry.create("draughts-alphabeta", RULES, with(s2(), option, true), Map.of()));
            assertTrue(e.getMessage().startsWith("option '" + option + "'"), e.getMessage());
        }
    }
}

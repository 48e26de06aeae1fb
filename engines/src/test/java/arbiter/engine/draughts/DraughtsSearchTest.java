package arbiter.engine.draughts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.engine.EngineRegistry;
import arbiter.game.GameHistory;
import arbiter.game.Games;
import arbiter.game.Move;
import arbiter.game.Position;
import arbiter.game.draughts.DraughtsBoard;
import arbiter.game.draughts.DraughtsCatalog;
import arbiter.game.draughts.DraughtsPosition;
import arbiter.game.draughts.DraughtsRules;
import arbiter.player.Limits;
import arbiter.player.Options;
import arbiter.player.Player;
import arbiter.player.Score;
import arbiter.player.SearchResult;
import arbiter.search.AlphaBeta;
import arbiter.search.SearchOptions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DraughtsSearchTest {
    private static final List<String> VARIANTS = List.of("international", "english", "czech", "russian", "brazilian");

    /** Positions reached by seeded random play, long enough to have kings now and then. */
    static List<GameHistory> randomGames(DraughtsRules rules, int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<GameHistory> games = new ArrayList<>();
        while (games.size() < count) {
            GameHistory game = new GameHistory(rules.start());
            int plies = random.nextInt(10, 90);
            for (int i = 0; i < plies && game.outcome() == null; i++) {
                List<Move> moves = game.current().legalMoves();
                game.play(moves.get(random.nextInt(moves.size())));
            }
            if (game.outcome() == null) {
                games.add(game);
            }
        }
        return games;
    }

    @Test
    void boardMakeUnmakeAgreesWithPerftAndHashes() {
        for (String variant : VARIANTS) {
            DraughtsRules rules = DraughtsCatalog.variant(variant);
            DraughtsBoard board = new DraughtsBoard(rules, b -> 0);
            for (GameHistory game : randomGames(rules, 40, variant.hashCode())) {
                DraughtsPosition p = (DraughtsPosition) game.current();
                board.load(game);
                assertEquals(p.perft(3), board.perft(3), variant + " " + p.toText());
                // After every move the incremental hash equals the position's own hash.
                int n = board.generateMoves(0);
                for (int i = 0; i < n; i++) {
                    board.makeMove(0, i);
                    DraughtsPosition after = board.toPosition();
                    assertEquals(after.hash(), board.hash(), variant + " after " + board.toMove(0, i));
                    assertEquals(p.play(board.toMove(0, i)), after);
                    board.unmakeMove(0);
                    assertEquals(p.hash(), board.hash());
                }
            }
        }
    }

    private static SearchOptions options(Map<String, Object> map) {
        return SearchOptions.from(new Options(map));
    }

    private static SearchResult search(DraughtsRules rules, GameHistory game, Map<String, Object> opts, int depth) {
        DraughtsBoard board = new DraughtsBoard(rules, new DraughtsEvaluation(DraughtsEvaluation.preset("default"), rules.width()));
        board.load(game);
        return new AlphaBeta(board, options(opts)).search(Limits.depth(depth), () -> false);
    }

    @Test
    void alphaBetaScoreEqualsMinimaxScore() {
        // Without a transposition table every pruning and ordering feature must keep the exact minimax value.
        Map<String, Object> minimax = Map.of("search", "minimax", "tt", false, "quiescence", false);
        Map<String, Object> full = Map.of("tt", false, "quiescence", false);
        for (String variant : List.of("international", "english", "russian")) {
            DraughtsRules rules = DraughtsCatalog.variant(variant);
            for (GameHistory game : randomGames(rules, 12, 7 + variant.length())) {
                int expected = search(rules, game, minimax, 4).score();
                int actual = search(rules, game, full, 4).score();
                assertEquals(expected, actual, variant + " " + game.current().toText());
            }
        }
    }

    @Test
    void pruningAndOrderingCutTheTreeAsTheSeedTablesShowed() {
        DraughtsRules rules = DraughtsCatalog.variant("international");
        GameHistory start = new GameHistory(rules.start());
        int depth = 6;
        Map<String, Object> base = new HashMap<>(Map.of("tt", false, "quiescence", false, "pvs", false,
                "aspiration", false, "iterativeDeepening", false));
        long minimax = nodes(rules, start, with(base, "search", "minimax"), depth);
        long plain = nodes(rules, start, with(with(with(base, "ordering", false), "killers", false), "history", "off"), depth);
        long history = nodes(rules, start, with(with(base, "killers", false), "history", "s0"), depth);
        assertTrue(minimax > plain, "minimax " + minimax + " > alpha-beta " + plain);
        assertTrue(plain > history, "alpha-beta " + plain + " > alpha-beta+history " + history);
        // Exact minimax node count: every node of the depth-6 tree but the root.
        long tree = 0;
        for (int d = 1; d <= depth; d++) {
            tree += rules.start().perft(d);
        }
        assertEquals(tree, minimax);
    }

    private static Map<String, Object> with(Map<String, Object> map, String key, Object value) {
        Map<String, Object> copy = new HashMap<>(map);
        copy.put(key, value);
        return copy;
    }

    private static long nodes(DraughtsRules rules, GameHistory game, Map<String, Object> opts, int depth) {
        return search(rules, game, opts, depth).nodes();
    }

    @Test
    void winsAreScoredByDistance() {
        DraughtsRules rules = DraughtsCatalog.variant("international");
        // White must capture 28x19 and Black is left without pieces: a win in one ply.
        GameHistory oneMove = new GameHistory(rules.parsePosition("W:W28:B23"));
        SearchResult r = search(rules, oneMove, Map.of(), 5);
        assertEquals(Score.WIN - 1, r.score());
        assertEquals("28x19", oneMove.current().formatMove(r.move()));
    }

    @Test
    void findsTheShotThatWinsMaterial() {
        // English checkers, White to move: 22-18 forces 15x22, then 26x10 takes two (a 2-for-1 shot).
        DraughtsRules rules = DraughtsCatalog.variant("english");
        Position p = rules.parsePosition("W:W22,23,26,31:B1,14,15");
        GameHistory game = new GameHistory(p);
        SearchResult r = search(rules, game, Map.of(), 6);
        assertEquals("22-18", p.formatMove(r.move()));
        assertTrue(r.score() >= 80, "a man up: " + r.score());
        assertEquals(List.of("22-18", "15x22", "26x10"), texts(game, r.pv().subList(0, 3)));
    }

    private static List<String> texts(GameHistory game, List<Move> moves) {
        List<String> out = new ArrayList<>();
        Position p = game.current();
        for (Move m : moves) {
            out.add(p.formatMove(m));
            p = p.play(m);
        }
        return out;
    }

    @Test
    void everyEngineConfigurationReturnsLegalMoves() {
        List<Map<String, Object>> configs = List.of(
                Map.of(),
                Map.of("search", "minimax", "depth", 2, "iterativeDeepening", false),
                Map.of("tt", false, "iterativeDeepening", false, "pvs", false, "aspiration", false, "killers", false,
                        "history", "s0", "quiescence", false, "captureExtension", true, "preset", "s0-damaq"),
                Map.of("history", "s2", "preset", "s2-autocheckers", "random", 5));
        for (String variant : VARIANTS) {
            DraughtsRules rules = (DraughtsRules) Games.rules(variant);
            for (Map<String, Object> config : configs) {
                Player player = EngineRegistry.create("draughts-alphabeta", rules, config, Map.of());
                player.newGame(0);
                for (GameHistory game : randomGames(rules, 25, config.hashCode() ^ variant.hashCode())) {
                    SearchResult r = player.chooseMove(game, Limits.depth(3), () -> false);
                    assertTrue(game.current().legalMoves().contains(r.move()),
                            variant + " " + config + " played " + r.move() + " in " + game.current().toText());
                    assertEquals(r.move(), r.pv().get(0));
                }
            }
        }
    }

    /**
     * S0's thesis tried "static ordering" (make each move, evaluate, search best first) and found it
     * searched fewer positions than plain alpha-beta. Ordering never changes alpha-beta's value.
     */
    @Test
    void s0StaticOrderingKeepsTheScoreAndSearchesFewerNodes() {
        DraughtsRules rules = DraughtsCatalog.variant("international");
        Map<String, Object> plain = new HashMap<>(Map.of("preset", "s0-damaq", "tt", false, "iterativeDeepening", false,
                "pvs", false, "aspiration", false, "killers", false, "history", "off", "quiescence", false,
                "captureExtension", true, "ordering", false));
        Map<String, Object> evalOrdered = new HashMap<>(plain);
        evalOrdered.putAll(Map.of("ordering", true, "captureOrdering", false, "evalOrdering", true));
        long plainNodes = 0;
        long orderedNodes = 0;
        for (GameHistory game : randomGames(rules, 8, 2006)) {
            SearchResult a = EngineRegistry.create("draughts-alphabeta", rules, plain, Map.of())
                    .chooseMove(game, Limits.depth(5), () -> false);
            SearchResult b = EngineRegistry.create("draughts-alphabeta", rules, evalOrdered, Map.of())
                    .chooseMove(game, Limits.depth(5), () -> false);
            assertEquals(a.score(), b.score(), game.current().toText());
            plainNodes += a.nodes();
            orderedNodes += b.nodes();
        }
        assertTrue(orderedNodes < plainNodes, orderedNodes + " nodes with static ordering, " + plainNodes + " without");
    }

    @Test
    void deterministicUnderDepthAndNodeLimits() {
        DraughtsRules rules = DraughtsCatalog.variant("international");
        for (GameHistory game : randomGames(rules, 5, 99)) {
            Player a = EngineRegistry.create("draughts-alphabeta", rules, Map.of(), Map.of());
            Player b = EngineRegistry.create("draughts-alphabeta", rules, Map.of(), Map.of());
            SearchResult ra = a.chooseMove(game, Limits.nodes(20_000), () -> false);
            SearchResult rb = b.chooseMove(game, Limits.nodes(20_000), () -> false);
            assertEquals(ra.move(), rb.move());
            assertEquals(ra.nodes(), rb.nodes());
            assertEquals(ra.score(), rb.score());
        }
    }

    @Test
    void stopSignalAndMoveTimeEndTheSearch() {
        DraughtsRules rules = DraughtsCatalog.variant("international");
        Player p = EngineRegistry.create("draughts-alphabeta", rules, Map.of(), Map.of());
        long start = System.nanoTime();
        SearchResult r = p.chooseMove(new GameHistory(rules.start()), Limits.moveTime(200), () -> false);
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertTrue(ms < 2000, "took " + ms + " ms");
        assertTrue(r.depth() >= 1);
        SearchResult stopped = p.chooseMove(new GameHistory(rules.start()), Limits.depth(60), () -> true);
        assertTrue(rules.start().legalMoves().contains(stopped.move()));
    }
}

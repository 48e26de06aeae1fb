package arbiter.engine.chess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.engine.EngineRegistry;
import arbiter.game.EndReason;
import arbiter.game.GameHistory;
import arbiter.game.Move;
import arbiter.game.Outcome;
import arbiter.game.Position;
import arbiter.game.chess.ChessBoard;
import arbiter.game.chess.ChessPosition;
import arbiter.game.chess.ChessRules;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The chess engine: mates by distance (each position's unique solution checked with Stockfish 15.1),
 * alpha-beta against minimax, node counts, legality under every configuration, draws by rule.
 */
class ChessSearchTest {
    private static final ChessRules RULES = ChessRules.STANDARD;
    /** S3's search: plain minimax to a fixed 4 plies with its own evaluation. */
    private static final Map<String, Object> S3 = Map.of("search", "minimax", "tt", false, "quiescence", false,
            "iterativeDeepening", false, "preset", "s3-sehnal");

    /** Positions reached by seeded random play, as games (so repetitions count). */
    static List<GameHistory> randomGames(int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<GameHistory> games = new ArrayList<>();
        while (games.size() < count) {
            GameHistory game = new GameHistory(RULES.start());
            int plies = random.nextInt(4, 140);
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

    private static GameHistory game(String fen) {
        return new GameHistory(RULES.parsePosition(fen));
    }

    private static SearchResult search(GameHistory game, Map<String, Object> options, Limits limits) {
        Player player = EngineRegistry.create("chess-alphabeta", RULES, options, Map.of());
        player.newGame(0);
        return player.chooseMove(game, limits, () -> false);
    }

    private static SearchResult search(GameHistory game, Map<String, Object> options, int depth) {
        return search(game, options, Limits.depth(depth));
    }

    /** Plays the principal variation out and tells how the game ends. */
    private static Outcome playOut(GameHistory game, List<Move> pv) {
        Position p = game.current();
        for (Move m : pv) {
            assertTrue(p.legalMoves().contains(m), "pv move " + m + " in " + p.toText());
            p = p.play(m);
        }
        return p.outcome();
    }

    @ParameterizedTest(name = "mate in {1}: {0}")
    @CsvSource(delimiter = ';', value = {
        "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1; 2; d5f6",
        "6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1; 2; g2g1",
        "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1; 3; f8c5",
        "r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1; 3; f6a6",
        "2r3k1/p4p2/3Rp2p/1p2P1pK/8/1P4P1/P3Q2P/1q6 b - - 0 1; 3; b1g6"})
    void findsMatesAndScoresThemByDistance(String fen, int moves, String solution) {
        GameHistory game = game(fen);
        int plies = 2 * moves - 1;
        SearchResult r = search(game, Map.of(), plies + 1);
        assertEquals(solution, r.move().toString());
        assertEquals(Score.WIN - plies, r.score(), "mate in " + moves);
        assertEquals(plies, r.pv().size(), "pv " + r.pv());
        Outcome end = playOut(game, r.pv());
        assertTrue(end instanceof Outcome.Win w && w.reason() == EndReason.CHECKMATE, "pv ends in mate: " + r.pv());
        // Iterative deepening under a node limit finds it too, and stops once the mate is proven.
        SearchResult byNodes = search(game, Map.of(), Limits.nodes(2_000_000));
        assertEquals(solution, byNodes.move().toString());
        assertEquals(Score.WIN - plies, byNodes.score());
    }

    @Test
    void s3MissedItsMateInThreeAtDepthFourOursFindsItAtDepthSix() {
        GameHistory game = game("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1");
        SearchResult s3 = search(game, S3, 4);
        assertFalse(Score.isWin(s3.score()), "S3 at depth 4 sees no mate: " + s3.score());
        SearchResult s3Eval = search(game, Map.of("preset", "s3-sehnal"), 6);
        assertEquals(Score.WIN - 5, s3Eval.score(), "the same evaluation, searched 6 plies");
        assertEquals("f6a6", s3Eval.move().toString());
    }

    private static SearchOptions options(Map<String, Object> map) {
        return SearchOptions.from(new Options(map));
    }

    private static SearchResult searchBoard(GameHistory game, Map<String, Object> opts, String preset, int depth) {
        ChessBoard board = new ChessBoard(new ChessEvaluation(ChessEvaluation.preset(preset)));
        board.load(game);
        return new AlphaBeta(board, options(opts)).search(Limits.depth(depth), () -> false);
    }

    @Test
    void alphaBetaScoreEqualsMinimaxScore() {
        // Without a transposition table every pruning and ordering feature must keep the exact minimax value.
        Map<String, Object> minimax = Map.of("search", "minimax", "tt", false, "quiescence", false);
        Map<String, Object> full = Map.of("tt", false, "quiescence", false);
        int i = 0;
        for (GameHistory game : randomGames(30, 17)) {
            String preset = i++ % 3 == 0 ? "s3-sehnal" : "default";
            int expected = searchBoard(game, minimax, preset, 3).score();
            int actual = searchBoard(game, full, preset, 3).score();
            assertEquals(expected, actual, preset + " " + game.current().toText());
        }
    }

    @Test
    void pruningAndOrderingCutTheTree() {
        Map<String, Object> base = new HashMap<>(Map.of("tt", false, "quiescence", false, "pvs", false,
                "aspiration", false, "iterativeDeepening", false));
        for (String fen : List.of(RULES.start().toText(),
                "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10")) {
            GameHistory game = game(fen);
            int depth = 4;
            long minimax = nodes(game, with(base, "search", "minimax"), depth);
            long plain = nodes(game, with(with(with(base, "ordering", false), "killers", false), "history", "off"), depth);
            long ordered = nodes(game, with(base, "history", "depthSquared"), depth);
            assertTrue(minimax > plain, "minimax " + minimax + " > alpha-beta " + plain);
            assertTrue(plain > ordered, "alpha-beta " + plain + " > alpha-beta+ordering+history " + ordered);
            // Minimax visits every node of the tree but the root.
            long tree = 0;
            for (int d = 1; d <= depth; d++) {
                tree += game.current().perft(d);
            }
            assertEquals(tree, minimax, fen);
        }
    }

    private static Map<String, Object> with(Map<String, Object> map, String key, Object value) {
        Map<String, Object> copy = new HashMap<>(map);
        copy.put(key, value);
        return copy;
    }

    private static long nodes(GameHistory game, Map<String, Object> opts, int depth) {
        return searchBoard(game, opts, "default", depth).nodes();
    }

    @Test
    void everyConfigurationReturnsLegalMoves() {
        List<Map<String, Object>> configs = List.of(
                Map.of(),
                Map.of("search", "minimax", "depth", 2, "iterativeDeepening", false, "quiescence", false),
                Map.of("tt", false, "pvs", false, "aspiration", false, "killers", false, "history", "s0",
                        "captureExtension", true),
                Map.of("history", "s2", "preset", "s3-sehnal", "random", 5, "ttMb", 1),
                Map.of("ordering", false, "iterativeDeepening", false, "quiescence", false));
        int searched = 0;
        for (Map<String, Object> config : configs) {
            Player player = EngineRegistry.create("chess-alphabeta", RULES, config, Map.of());
            player.newGame(0);
            for (GameHistory game : randomGames(60, config.hashCode())) {
                SearchResult r = player.chooseMove(game, Limits.depth(3), () -> false);
                assertTrue(game.current().legalMoves().contains(r.move()),
                        config + " played " + r.move() + " in " + game.current().toText());
                assertEquals(r.move(), r.pv().get(0));
                playOut(game, r.pv());
                searched++;
            }
        }
        assertEquals(300, searched);
    }

    @Test
    void deterministicUnderDepthAndNodeLimits() {
        for (GameHistory game : randomGames(5, 99)) {
            SearchResult a = search(game, Map.of(), Limits.nodes(30_000));
            SearchResult b = search(game, Map.of(), Limits.nodes(30_000));
            assertEquals(a.move(), b.move());
            assertEquals(a.nodes(), b.nodes());
            assertEquals(a.score(), b.score());
        }
    }

    @Test
    void forcedStalemateScoresZero() {
        // White is a rook and more up, but in check with one move, Kxg8, which stalemates Black.
        GameHistory game = game("1k4rK/7R/8/8/4B2R/2R5/8/8 w - - 0 1");
        SearchResult r = search(game, Map.of(), 4);
        assertEquals("h8g8", r.move().toString());
        assertEquals(0, r.score());
    }

    @Test
    void perpetualCheckIsADrawByRepetitionInsideTheSearch() {
        // Two pawns down, White draws by Qh5+ Kg8 Qe8+ Kh7, repeating (Stockfish 15.1 at depth 18: 0.00,
        // the next best move -3.2).
        GameHistory game = game("4Q3/6pk/5p2/8/8/7K/8/q7 w - - 0 1");
        SearchResult r = search(game, Map.of(), 6);
        assertEquals(0, r.score(), "pv " + r.pv());
    }

    @Test
    void repeatingAGamePositionIsADraw() {
        // Same position, but the game already went Qh5+ Kg8 Qe8+ Kh7 once: Qh5+ now repeats a game position.
        GameHistory game = game("4Q3/6pk/5p2/8/8/7K/8/q7 w - - 0 1");
        for (String uci : List.of("e8h5", "h7g8", "h5e8", "g8h7")) {
            game.play(game.current().parseMove(uci));
        }
        SearchResult r = search(game, Map.of(), 2);
        assertEquals(0, r.score());
        assertEquals("e8h5", r.move().toString());
    }

    @Test
    void fiftyMoveRuleInTheSearch() {
        // White has a bare king against a queen: lost, unless the next move completes 50 moves.
        String lost = "7k/8/8/8/4q3/8/8/K7 w - - %d 100";
        assertTrue(search(game(String.format(lost, 0)), Map.of(), 4).score() < -500);
        assertEquals(0, search(game(String.format(lost, 99)), Map.of(), 4).score());
        // A mate on the 100th half-move still wins.
        SearchResult mate = search(game("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80"), Map.of(), 3);
        assertEquals(Score.WIN - 1, mate.score());
        // Insufficient material after every move: a knight alone cannot mate.
        assertEquals(0, search(game("8/8/4k3/8/8/2KN4/8/8 w - - 0 1"), Map.of(), 3).score());
    }

    @Test
    void quiescenceResolvesTheHangingPiece() {
        // Black's queen can take a rook that the king defends: at depth 1 only quiescence sees the recapture.
        GameHistory game = game("4k3/8/8/3q4/8/8/2P5/3RK3 b - - 0 1");
        SearchResult withQ = search(game, Map.of("iterativeDeepening", false), 1);
        assertFalse(withQ.move().toString().equals("d5d1"), "queen for rook is no gain");
        SearchResult withoutQ = search(game, Map.of("iterativeDeepening", false, "quiescence", false), 1);
        assertEquals("d5d1", withoutQ.move().toString(), "without quiescence the greedy capture looks best");
    }

    @Test
    void engineOptionsAndPresetsAreChecked() {
        Player p = EngineRegistry.create("chess-alphabeta", RULES, Map.of("preset", "s3-sehnal"), Map.of("tempo", 3));
        assertEquals("chess-alphabeta", p.engineId());
        ChessPosition start = RULES.start();
        SearchResult r = p.chooseMove(new GameHistory(start), Limits.depth(2), () -> false);
        assertTrue(start.legalMoves().contains(r.move()));
        Exception e = org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class,
                () -> EngineRegistry.create("chess-alphabeta", RULES, Map.of("preset", "s9"), Map.of()));
        assertTrue(e.getMessage().contains("preset"), e.getMessage());
    }
}

package arbiter.engine.quoridor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.engine.EngineRegistry;
import arbiter.game.GameHistory;
import arbiter.game.Move;
import arbiter.game.quoridor.QuoridorMove;
import arbiter.game.quoridor.QuoridorPosition;
import arbiter.game.quoridor.QuoridorRules;
import arbiter.player.Limits;
import arbiter.search.mcts.MctsPlayer;
import arbiter.player.Player;
import arbiter.player.Score;
import arbiter.player.SearchResult;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class QuoridorMctsTest {
    private static final String ENGINE = QuoridorEngines.MCTS;

    private static MctsPlayer player(QuoridorRules rules, Map<String, ?> options) {
        MctsPlayer player = (MctsPlayer) EngineRegistry.create(ENGINE, rules, options, Map.of());
        player.newGame(0);
        return player;
    }

    private static SearchResult search(QuoridorRules rules, GameHistory game, Map<String, ?> options, long playouts) {
        return player(rules, options).chooseMove(game, Limits.nodes(playouts), () -> false);
    }

    /** Moves of the side to move after which the opponent can step onto its goal at once. */
    private static Set<Move> losingMoves(QuoridorPosition p) {
        Set<Move> losing = new HashSet<>();
        for (Move m : p.legalMoves()) {
            QuoridorPosition after = p.play(m);
            if (after.legalMoves().stream().anyMatch(r -> after.play(r).outcome() != null)) {
                losing.add(m);
            }
        }
        return losing;
    }

    @Test
    void walksIntoAWonRace() {
        QuoridorRules noWalls = QuoridorGames.rules(Map.of("walls", "0"));
        SearchResult r = search(noWalls, QuoridorGames.game(noWalls, "e8,a2/0,0/-/1"), Map.of(), 100);
        assertEquals("e9", r.move().toString());
        assertEquals(Score.WIN - 1, r.score());
        // Both two steps away, White to move: only the straight walk wins, for plain UCT too.
        for (Map<String, Object> options : List.<Map<String, Object>>of(Map.of(),
                Map.of("maxd", 0, "smartPlayouts", false, "nodeSkipping", false, "losingMoveCheck", false))) {
            r = search(noWalls, QuoridorGames.game(noWalls, "e7,a3/0,0/-/1"), options, 2_000);
            assertEquals("e8", r.move().toString(), options.toString());
            assertTrue(r.score() > 100, "score " + r.score());
        }
    }

    @Test
    void placesTheOnlyWallThatStopsAnImmediateWin() {
        QuoridorRules rules = QuoridorGames.rules(Map.of("walls", "5"));
        GameHistory game = QuoridorGames.game(rules, "a5,e2/5,5/-/1");
        QuoridorPosition p = (QuoridorPosition) game.current();
        Set<Move> losing = losingMoves(p);
        // Without the check the search itself must see the reply (plain UCT with 1/0 playouts needs
        // far more playouts: every reply of Black must be expanded before the winning one is).
        for (Map<String, Object> options : List.<Map<String, Object>>of(Map.of(), Map.of("losingMoveCheck", false))) {
            SearchResult r = search(rules, game, options, 3_000);
            assertTrue(r.move() instanceof QuoridorMove.Wall && !losing.contains(r.move()), options + ": " + r.move());
        }
    }

    @Test
    void losingMoveCheckDropsExactlyTheMovesThatLoseAtOnce() {
        QuoridorRules rules = QuoridorGames.rules(Map.of("walls", "5"));
        GameHistory game = QuoridorGames.game(rules, "a5,e2/5,5/-/1");
        QuoridorPosition p = (QuoridorPosition) game.current();
        Set<Move> safe = new HashSet<>(p.legalMoves());
        safe.removeAll(losingMoves(p));
        assertTrue(safe.size() >= 2 && safe.size() < p.legalMoves().size() - 100, "safe " + safe);

        MctsPlayer checked = player(rules, Map.of());
        SearchResult r = checked.chooseMove(game, Limits.nodes(1), () -> false);
        assertEquals(safe, new HashSet<>(checked.search().rootMoves()));
        assertTrue(safe.contains(r.move()));

        MctsPlayer unchecked = player(rules, Map.of("losingMoveCheck", false));
        unchecked.chooseMove(game, Limits.nodes(1), () -> false);
        assertEquals(new HashSet<>(p.legalMoves()), new HashSet<>(unchecked.search().rootMoves()));

        // When every move loses, all are kept.
        QuoridorRules noWalls = QuoridorGames.rules(Map.of("walls", "0"));
        GameHistory lost = QuoridorGames.game(noWalls, "a5,e2/0,0/-/1");
        MctsPlayer hopeless = player(noWalls, Map.of());
        SearchResult h = hopeless.chooseMove(lost, Limits.nodes(50), () -> false);
        assertEquals(lost.current().legalMoves().size(), hopeless.search().rootMoves().size());
        assertTrue(h.score() < -100, "score " + h.score());
    }

    @Test
    void everyConfigurationPlaysLegalMoves() {
        List<Map<String, Object>> configs = List.of(
                Map.of(),
                Map.of("maxd", 0, "smartPlayouts", false, "nodeSkipping", false, "losingMoveCheck", false,
                        "playoutWins", false),
                Map.of("preset", "s1-thesis", "c", 0.5, "skipDepth", 0, "maxd", 1),
                Map.of("treeReuse", false, "maxNodes", 1_000, "c", 0));
        List<QuoridorRules> ruleSets = List.of(QuoridorRules.STANDARD,
                QuoridorGames.rules(Map.of("diagonalJumps", "false")),
                QuoridorGames.rules(Map.of("boardSize", "5", "walls", "4")));
        int searched = 0;
        for (Map<String, Object> config : configs) {
            long playouts = config.containsKey("maxNodes") ? 1_500 : 60;
            int positions = config.containsKey("maxNodes") ? 8 : config.containsKey("playoutWins") ? 30 : 60;
            for (QuoridorRules rules : ruleSets) {
                Player player = EngineRegistry.create(ENGINE, rules, config, Map.of());
                player.newGame(5);
                for (GameHistory game : QuoridorGames.randomGames(rules, positions, config.hashCode() + rules.boardSize())) {
                    SearchResult r = player.chooseMove(game, Limits.nodes(playouts), () -> false);
                    assertTrue(game.current().legalMoves().contains(r.move()),
                            config + " played " + r.move() + " in " + game.current().toText());
                    assertEquals(r.move(), r.pv().get(0));
                    QuoridorAlphaBetaTest.assertPvLegal(game, r.pv());
                    assertTrue(r.nodes() == playouts || Score.isWin(r.score()) || r.nodes() == 0, "nodes " + r.nodes());
                    searched++;
                }
            }
        }
        assertTrue(searched > 400);
    }

    @Test
    void deterministicUnderPlayoutLimitsForASeed() {
        List<GameHistory> games = QuoridorGames.randomGames(QuoridorRules.STANDARD, 6, 23);
        boolean seedMatters = false;
        for (GameHistory game : games) {
            if (game.current().legalMoves().stream().anyMatch(m -> game.current().play(m).outcome() != null)) {
                continue; // an immediate win is played without a search
            }
            SearchResult a = search(QuoridorRules.STANDARD, game, Map.of("seed", 7), 800);
            SearchResult b = search(QuoridorRules.STANDARD, game, Map.of("seed", 7), 800);
            SearchResult c = search(QuoridorRules.STANDARD, game, Map.of("seed", 8), 800);
            assertEquals(a.move(), b.move());
            assertEquals(a.score(), b.score());
            assertEquals(a.pv(), b.pv());
            assertEquals(800, a.nodes());
            seedMatters |= !a.pv().equals(c.pv()) || a.score() != c.score();
        }
        assertTrue(seedMatters, "another seed should change some search");
        // A whole game with tree reuse replays exactly; another game seed changes it.
        List<Move> first = selfPlay(11, 42);
        assertEquals(first, selfPlay(11, 42));
        assertNotEquals(first, selfPlay(11, 43));
    }

    private static List<Move> selfPlay(long seed, long gameSeed) {
        QuoridorRules rules = QuoridorGames.rules(Map.of("boardSize", "7", "walls", "6"));
        Player white = EngineRegistry.create(ENGINE, rules, Map.of("seed", seed), Map.of());
        Player black = EngineRegistry.create(ENGINE, rules, Map.of("seed", seed), Map.of());
        white.newGame(gameSeed);
        black.newGame(gameSeed);
        GameHistory game = new GameHistory(rules.start());
        List<Move> moves = new ArrayList<>();
        while (game.outcome() == null && moves.size() < 120) {
            Player p = game.current().sideToMove() == 0 ? white : black;
            Move m = p.chooseMove(game, Limits.nodes(300), () -> false).move();
            moves.add(m);
            game.play(m);
        }
        return moves;
    }

    @Test
    void treeReuseKeepsThePlayoutsOfThePlayedLine() {
        GameHistory game = new GameHistory(QuoridorRules.STANDARD.start());
        MctsPlayer reusing = player(QuoridorRules.STANDARD, Map.of());
        MctsPlayer fresh = player(QuoridorRules.STANDARD, Map.of("treeReuse", false));
        SearchResult r = reusing.chooseMove(game, Limits.nodes(3_000), () -> false);
        fresh.chooseMove(game, Limits.nodes(3_000), () -> false);
        assertEquals(3_000, reusing.search().rootVisits());
        game.play(r.move());
        game.play(r.pv().get(1));
        reusing.chooseMove(game, Limits.nodes(1_000), () -> false);
        fresh.chooseMove(game, Limits.nodes(1_000), () -> false);
        assertTrue(reusing.search().rootVisits() > 1_000, "kept " + reusing.search().rootVisits());
        assertEquals(1_000, fresh.search().rootVisits());
    }

    @Test
    void timeLimitAndStopSignalEndTheSearch() {
        Player p = player(QuoridorRules.STANDARD, Map.of());
        long start = System.nanoTime();
        SearchResult r = p.chooseMove(new GameHistory(QuoridorRules.STANDARD.start()), Limits.moveTime(150), () -> false);
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertTrue(ms < 1_500, "took " + ms + " ms");
        assertTrue(r.nodes() > 0);
        SearchResult stopped = p.chooseMove(new GameHistory(QuoridorRules.STANDARD.start()), Limits.nodes(10_000_000),
                () -> true);
        assertTrue(stopped.nodes() < 100);
        assertTrue(QuoridorRules.STANDARD.start().legalMoves().contains(stopped.move()));
    }

    @Test
    void morePlayoutsBeatFewer() {
        QuoridorRules rules = QuoridorRules.STANDARD;
        Player strong = EngineRegistry.create(ENGINE, rules, Map.of(), Map.of());
        Player weak = EngineRegistry.create(ENGINE, rules, Map.of(), Map.of());
        Limits many = Limits.nodes(2_000);
        Limits few = Limits.nodes(200);
        int strongWins = 0;
        int games = 20;
        for (int g = 0; g < games; g++) {
            boolean strongWhite = g % 2 == 0;
            int winner = strongWhite
                    ? QuoridorGames.play(rules, strong, weak, many, few, g / 2, 200)
                    : QuoridorGames.play(rules, weak, strong, few, many, g / 2, 200);
            if (winner == (strongWhite ? 0 : 1)) {
                strongWins++;
            }
        }
        // Seeded, so the count is fixed (19 when written); 15 of 20 is far beyond chance (p < 0.01).
        assertTrue(strongWins >= 15, "2000 playouts won " + strongWins + " of " + games + " against 200");
    }
}

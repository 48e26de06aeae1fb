package arbiter.engine.backgammon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.engine.EngineRegistry;
import arbiter.game.GameHistory;
import arbiter.game.Move;
import arbiter.game.Outcome;
import arbiter.game.backgammon.BackgammonPosition;
import arbiter.game.backgammon.BackgammonRules;
import arbiter.player.Limits;
import arbiter.player.OptionException;
import arbiter.player.Options;
import arbiter.player.Player;
import arbiter.player.SearchResult;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The expectiminimax player: probabilities, exactness of the pruning, choices, legality, strength. */
class BackgammonExpectimaxTest {
    private static final Limits NO_LIMIT = new Limits(0, 0, 0, 0, 0, 0);

    private static ExpectimaxPlayer player(Map<String, ?> options) {
        return new ExpectimaxPlayer(BackgammonRules.STANDARD, BackgammonEvaluation.preset("default"), new Options(options));
    }

    private static SearchResult choose(Player player, BackgammonPosition position, Limits limits) {
        return player.chooseMove(new GameHistory(position), limits, () -> false);
    }

    private static ExpectimaxSearch search(Pruning pruning, int prefilterMoves) {
        return new ExpectimaxSearch(new BackgammonEvaluation(BackgammonEvaluation.preset("default")), true, pruning,
                prefilterMoves);
    }

    // ------------------------------------------------------------------------------------------
    // Chance nodes

    @Test
    void theTwentyOneRollsHaveTheProbabilitiesOfThirtySixOrderedRolls() {
        assertEquals(21, Roll.ALL.size());
        int[][] ways = new int[7][7];
        for (int a = 1; a <= 6; a++) {
            for (int b = 1; b <= 6; b++) {
                ways[Math.max(a, b)][Math.min(a, b)]++;
            }
        }
        double total = 0;
        int weights = 0;
        for (Roll r : Roll.ALL) {
            assertEquals(ways[r.high()][r.low()], r.weight(), r.toString());
            assertEquals(ways[r.high()][r.low()] / 36.0, r.probability(), 1e-15);
            assertEquals(r.isDouble() ? 1 : 2, r.weight());
            ways[r.high()][r.low()] = -1; // each distinct roll once
            total += r.probability();
            weights += r.weight();
        }
        assertEquals(36, weights);
        assertEquals(1.0, total, 1e-12);
    }

    @Test
    void aChanceNodeIsTheExpectationOverAllThirtySixRolls() {
        BackgammonEvaluation evaluation = new BackgammonEvaluation(BackgammonEvaluation.preset("default"));
        ExpectimaxSearch search = search(Pruning.NONE, 0);
        int checked = 0;
        for (BackgammonPosition rolled : Positions.sample(5, 12, 9)) {
            Move move = rolled.legalMoves().get(rolled.legalMoves().size() / 2);
            BackgammonPosition after = rolled.play(move);
            if (after.outcome() != null) {
                continue;
            }
            int[][] boards = Positions.after(rolled, move);
            assertEquals(bruteForce(after, evaluation, 1), search.value(boards[0], boards[1], 1), after.toText());
            checked++;
        }
        assertTrue(checked >= 10);
        // Two plies on a short bear-off: 36 x 36 rolls by brute force.
        BackgammonPosition bearOff = Positions.parse("B:W3,2x2,1:B4,3,2x2:-");
        int[][] boards = new int[2][26];
        bearOff.copyBoard(0, boards[0]);
        bearOff.copyBoard(1, boards[1]);
        assertEquals(bruteForce(bearOff, evaluation, 2), search.value(boards[0], boards[1], 2));
    }

    /** 36^plies times the expectation, for the player not on roll, by the Position API over 36 ordered rolls. */
    private static long bruteForce(BackgammonPosition awaiting, BackgammonEvaluation evaluation, int plies) {
        int mover = 1 - awaiting.sideToMove();
        if (awaiting.outcome() instanceof Outcome.Win win) {
            return (win.winner() == mover ? 100L : -100L) * win.points() * pow36(plies);
        }
        if (plies == 0) {
            return evaluation.evaluate(awaiting);
        }
        long sum = 0;
        for (int a = 1; a <= 6; a++) {
            for (int b = 1; b <= 6; b++) {
                BackgammonPosition rolled = awaiting.withDice(a, b);
                long best = Long.MIN_VALUE;
                for (Move reply : rolled.legalMoves()) {
                    best = Math.max(best, bruteForce(rolled.play(reply), evaluation, plies - 1));
                }
                sum -= best;
            }
        }
        return sum;
    }

    private static long pow36(int n) {
        long p = 1;
        for (int i = 0; i < n; i++) {
            p *= 36;
        }
        return p;
    }

    @Test
    void finishedGamesScoreTheirWinPoints() {
        // White bears off its last checker; Black has none off and a checker in White's home: backgammon.
        BackgammonPosition backgammon = Positions.parse("W:W1:B23,12x14:21");
        BackgammonPosition gammon = Positions.parse("W:W1:B12x15:21");
        BackgammonPosition single = Positions.parse("W:W1:B6x3:21");
        for (int plies = 0; plies <= 2; plies++) {
            Player p = player(Map.of("plies", plies));
            assertEquals(300, choose(p, backgammon, NO_LIMIT).score());
            assertEquals(200, choose(p, gammon, NO_LIMIT).score());
            assertEquals(100, choose(p, single, NO_LIMIT).score());
        }
    }

    // ------------------------------------------------------------------------------------------
    // Choices in constructed positions (checked against GNU Backgammon's 2-ply hints)

    @Test
    void bearsOffRatherThanMovingInside() {
        String[][] cases = {
            {"W:W6,3,2,1:B6,4,2:21", "2/off 1/off"},
            {"W:W6x2,5x2,3x2:B6x2,5x2,2:53", "5/off 3/off"},
            {"W:W5x2,4x2,2x2:B5x2,4,3,2:42", "4/off 2/off"},
        };
        for (String[] c : cases) {
            BackgammonPosition p = Positions.parse(c[0]);
            for (int plies = 0; plies <= 1; plies++) {
                Move chosen = choose(player(Map.of("plies", plies)), p, NO_LIMIT).move();
                assertEquals(p.parseMove(c[1]), chosen, c[0] + " at " + plies + " ply: " + p.formatMove(chosen));
            }
        }
    }

    @Test
    void avoidsBlotsInDirectRangeWhenASafePlayExists() {
        // White bears in or off against Black's anchor on White's 1 point.
        String[][] cases = {
            {"W:W6x2,5x2,4x2:B24x2,6x5,5x5,4x3:62", "6/4 6/off"},
            {"W:W6x2,5x2,4x2:B24x2,6x5,5x5,4x3:51", "5/4 5/off"},
            {"W:W9,8x2,6x4,5x3,4x3,3x2:B24x2,6x5,5x5,4x3:63", "9/3 6/3"},
        };
        for (String[] c : cases) {
            BackgammonPosition p = Positions.parse(c[0]);
            Move expected = p.parseMove(c[1]);
            assertEquals(0, directShots(p, expected), c[1]);
            assertTrue(p.legalMoves().stream().anyMatch(m -> directShots(p, m) > 0), "some play leaves a shot");
            Move chosen = choose(player(Map.of("plies", 1)), p, NO_LIMIT).move();
            assertEquals(expected, chosen, c[0] + ": " + p.formatMove(chosen));
        }
    }

    /** Blots of the mover, after the move, that an opposing checker reaches with one die (blocks ignored). */
    private static int directShots(BackgammonPosition p, Move move) {
        int[][] b = Positions.after(p, move);
        int exposed = 0;
        for (int point = 1; point <= 24; point++) {
            if (b[0][point] != 1) {
                continue;
            }
            for (int d = 1; d <= 6; d++) {
                int from = point - d; // the own point an attacker would come from (0 = its bar)
                if (from == 0 ? b[1][25] > 0 : from > 0 && b[1][25 - from] > 0) {
                    exposed++;
                    break;
                }
            }
        }
        return exposed;
    }

    // ------------------------------------------------------------------------------------------
    // Pruning is exact

    @Test
    void starPruningGivesThePlainResultWithFewerNodes() {
        assertSameAsPlain(Positions.sample(21, 40, 5), 1, 0);
        assertSameAsPlain(Positions.sample(22, 6, 17), 2, 6);
    }

    private static void assertSameAsPlain(List<BackgammonPosition> positions, int plies, int prefilter) {
        long[] nodes = new long[3];
        for (BackgammonPosition p : positions) {
            ExpectimaxSearch.Result plain = null;
            for (Pruning pruning : Pruning.values()) {
                ExpectimaxSearch s = search(pruning, prefilter);
                ExpectimaxSearch.Result r = s.search(p, plies, ExpectimaxSearch.Budget.NONE);
                nodes[pruning.ordinal()] += r.nodes();
                if (plain == null) {
                    plain = r;
                } else {
                    assertEquals(plain.moveIndex(), r.moveIndex(), pruning + " move in " + p.toText());
                    assertEquals(plain.score(), r.score(), pruning + " score in " + p.toText());
                }
            }
        }
        assertTrue(nodes[1] < nodes[0] && nodes[2] < nodes[0],
                plies + " plies: nodes none/star1/star2 = " + java.util.Arrays.toString(nodes));
    }

    // ------------------------------------------------------------------------------------------
    // Legality, determinism, limits

    @Test
    void neverPlaysAnIllegalMove() {
        Player greedy = player(Map.of("plies", 0));
        Player onePly = player(Map.of("plies", 1, "star", "star1"));
        int checked = 0;
        for (BackgammonPosition p : Positions.sample(31, 300, 2)) {
            for (Player player : List.of(greedy, onePly)) {
                Move m = choose(player, p, NO_LIMIT).move();
                assertTrue(p.legalMoves().contains(m), p.toText() + ": " + m);
                p.play(m);
                checked++;
            }
        }
        assertEquals(600, checked);
    }

    @Test
    void isDeterministic() {
        for (BackgammonPosition p : Positions.sample(41, 15, 11)) {
            SearchResult a = choose(player(Map.of("plies", 1)), p, NO_LIMIT);
            SearchResult b = choose(player(Map.of("plies", 1, "seed", 99)), p, NO_LIMIT);
            assertEquals(a.move(), b.move(), p.toText());
            assertEquals(a.score(), b.score());
            assertEquals(a.nodes(), b.nodes());
        }
    }

    @Test
    void limitsChooseTheDepth() {
        BackgammonPosition p = Positions.parse("W:W24x2,13x5,8x3,6x5:B24x2,13x5,8x3,6x5:31");
        Player player = player(Map.of("plies", 1));
        assertEquals(1, choose(player, p, NO_LIMIT).depth());
        assertEquals(2, choose(player, p, Limits.depth(2)).depth(), "the depth limit overrides the option");
        // A node budget deepens ply by ply and keeps the last completed depth.
        SearchResult budgeted = choose(player(Map.of("plies", 3)), p, Limits.nodes(20_000));
        assertTrue(budgeted.depth() >= 1 && budgeted.depth() < 3, "depth " + budgeted.depth());
        assertTrue(p.legalMoves().contains(budgeted.move()));
        // Stopped at once: the greedy choice.
        SearchResult stopped = player(Map.of("plies", 2)).chooseMove(new GameHistory(p), NO_LIMIT, () -> true);
        assertEquals(0, stopped.depth());
        assertEquals(choose(player(Map.of("plies", 0)), p, NO_LIMIT).move(), stopped.move());
    }

    @Test
    void registryBuildsItWithItsOptions() {
        Map<String, Object> options = new HashMap<>(Map.of("plies", 2, "star", "star1", "prefilter", false,
                "prefilterMoves", 4, "seed", 3, "preset", "s4-thesis"));
        Player p = EngineRegistry.create(ExpectimaxPlayer.ID, BackgammonRules.STANDARD, options, Map.of("race.off", 9));
        assertEquals(ExpectimaxPlayer.ID, p.engineId());
        BackgammonPosition position = Positions.parse("W:W6x2,5x2,3x2:B6x2,5x2,2:53");
        assertTrue(position.legalMoves().contains(choose(p, position, NO_LIMIT).move()));

        OptionException unknown = assertThrows(OptionException.class, () -> EngineRegistry.create(ExpectimaxPlayer.ID,
                BackgammonRules.STANDARD, Map.of("depth", 2), Map.of()));
        assertTrue(unknown.getMessage().contains("unknown option 'depth'") && unknown.getMessage().contains("plies"),
                unknown.getMessage());
        assertThrows(OptionException.class, () -> EngineRegistry.create(ExpectimaxPlayer.ID, BackgammonRules.STANDARD,
                Map.of("star", "star3"), Map.of()));
        assertThrows(OptionException.class, () -> EngineRegistry.create(ExpectimaxPlayer.ID, BackgammonRules.STANDARD,
                Map.of("plies", 9), Map.of()));
        assertThrows(OptionException.class, () -> EngineRegistry.create(ExpectimaxPlayer.ID,
                arbiter.game.Games.rules("english"), Map.of(), Map.of()));
    }

    // ------------------------------------------------------------------------------------------
    // Strength

    @Test
    void onePlyBeatsRandomDecisively() {
        Player engine = player(Map.of("plies", 1));
        Player random = EngineRegistry.create("random", BackgammonRules.STANDARD, Map.of(), Map.of());
        SplittableRandom dice = new SplittableRandom(2024);
        int wins = 0;
        int points = 0;
        for (int game = 0; game < 30; game++) {
            int engineSide = game % 2;
            engine.newGame(game);
            random.newGame(game);
            GameHistory history = new GameHistory(BackgammonRules.STANDARD.start());
            while (history.outcome() == null) {
                BackgammonPosition rolled = Positions.roll((BackgammonPosition) history.current(), dice);
                history.replaceCurrent(rolled);
                Player mover = rolled.sideToMove() == engineSide ? engine : random;
                history.play(mover.chooseMove(history, NO_LIMIT, () -> false).move());
            }
            Outcome.Win win = (Outcome.Win) history.outcome();
            if (win.winner() == engineSide) {
                wins++;
                points += win.points();
            }
        }
        assertTrue(wins >= 25, "the 1-ply engine won " + wins + " of 30");
        assertTrue(points > wins, "and some gammons: " + points + " points");
    }
}

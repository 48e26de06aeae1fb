package arbiter.game.quoridor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.game.Move;
import arbiter.search.mcts.Rng;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The mutable search board against the immutable position: moves, hashes, perft and sampling. */
class QuoridorBoardTest {
    private static final QuoridorBoard.Evaluator NO_EVALUATION = new QuoridorBoard.Evaluator() {
        @Override
        public int evaluate(QuoridorBoard board) {
            return 0;
        }

        @Override
        public double whiteWinChance(QuoridorBoard board) {
            return 0.5;
        }

        @Override
        public int score(double winChance) {
            return 0;
        }
    };

    private static List<QuoridorRules> twoPlayerRuleSets() {
        return QuoridorGeneratorTest.ruleSets().stream().filter(r -> r.players() == 2).toList();
    }

    @Test
    void makeUnmakeAgreesWithPositionsHashesAndPerft() {
        SplittableRandom random = new SplittableRandom(11);
        for (QuoridorRules rules : twoPlayerRuleSets()) {
            QuoridorBoard board = new QuoridorBoard(rules, NO_EVALUATION);
            for (QuoridorPosition p : QuoridorGeneratorTest.randomPositions(rules, random, 60)) {
                if (p.outcome() != null) {
                    continue;
                }
                board.load(p);
                assertEquals(p.perft(2), board.perft(2), p.toText());
                int n = board.generateMoves(0);
                assertEquals(new HashSet<>(p.legalMoves()), moves(board, n), p.toText());
                for (int i = 0; i < n; i++) {
                    Move m = board.toMove(0, i);
                    board.makeMove(0, i);
                    QuoridorPosition after = board.toPosition();
                    assertEquals(p.play(m), after, p.toText() + " " + m);
                    assertEquals(after.hash(), board.hash(), p.toText() + " " + m);
                    board.unmakeMove(0);
                    assertEquals(p, board.toPosition());
                    assertEquals(p.hash(), board.hash());
                }
            }
        }
        QuoridorPosition small = QuoridorGeneratorTest.rules(Map.of("boardSize", "5", "walls", "4")).start();
        QuoridorBoard board = new QuoridorBoard(small.rules(), NO_EVALUATION);
        board.load(small);
        assertEquals(small.perft(3), board.perft(3));
    }

    private static Set<Move> moves(QuoridorBoard board, int n) {
        Set<Move> set = new HashSet<>();
        for (int i = 0; i < n; i++) {
            set.add(board.toMove(0, i));
        }
        return set;
    }

    @Test
    void randomMovesAreLegalUntriedAndUniform() {
        SplittableRandom random = new SplittableRandom(12);
        Rng rng = new Rng(3);
        for (QuoridorRules rules : twoPlayerRuleSets()) {
            QuoridorBoard board = new QuoridorBoard(rules, NO_EVALUATION);
            for (QuoridorPosition p : QuoridorGeneratorTest.randomPositions(rules, random, 40)) {
                if (p.outcome() != null) {
                    continue;
                }
                board.load(p);
                Set<Move> legal = new HashSet<>(p.legalMoves());
                assertEquals(legal.size(), board.legalMoveCount());
                for (int i = 0; i < 20; i++) {
                    assertTrue(legal.contains(board.toMove(board.randomMove(rng, null))), p.toText());
                }
                // Marking moves tried one by one until none is left draws every legal move once.
                long[] tried = new long[board.moveCodeLimit() / 64];
                Set<Move> drawn = new HashSet<>();
                for (int i = 0; i < legal.size(); i++) {
                    int code = board.randomMove(rng, tried);
                    assertEquals(0, tried[code >>> 6] >>> code & 1, "drawn twice in " + p.toText());
                    tried[code >>> 6] |= 1L << code;
                    drawn.add(board.toMove(code));
                }
                assertEquals(legal, drawn, p.toText());
            }
        }
        // Uniform: 131 moves from the start, 100 draws each expected.
        QuoridorBoard board = new QuoridorBoard(QuoridorRules.STANDARD, NO_EVALUATION);
        Map<Integer, Integer> counts = new HashMap<>();
        for (int i = 0; i < 13_100; i++) {
            counts.merge(board.randomMove(rng, null), 1, Integer::sum);
        }
        assertEquals(131, counts.size());
        double chiSquare = 0;
        for (int c : counts.values()) {
            chiSquare += (c - 100.0) * (c - 100.0) / 100.0;
        }
        assertTrue(chiSquare < 200, "chi-square with 130 degrees of freedom: " + chiSquare);
    }

    @Test
    void greedyMovesShortenThePathAndWinningMovesReachTheGoal() {
        SplittableRandom random = new SplittableRandom(13);
        Rng rng = new Rng(4);
        QuoridorBoard board = new QuoridorBoard(QuoridorRules.STANDARD, NO_EVALUATION);
        int checked = 0;
        for (QuoridorPosition p : QuoridorGeneratorTest.randomPositions(QuoridorRules.STANDARD, random, 300)) {
            if (p.outcome() != null) {
                continue;
            }
            board.load(p);
            int side = p.sideToMove();
            int best = Integer.MAX_VALUE;
            boolean canWin = false;
            for (Move m : p.legalMoves()) {
                if (m instanceof QuoridorMove.Step) {
                    QuoridorPosition after = p.play(m);
                    best = Math.min(best, after.distanceToGoal(side));
                    canWin |= after.outcome() != null;
                }
            }
            if (best == Integer.MAX_VALUE) {
                continue;
            }
            Move greedy = board.toMove(board.greedyMove(rng));
            assertEquals(best, p.play(greedy).distanceToGoal(side), p.toText());
            int win = board.winningMove();
            assertEquals(canWin, win >= 0, p.toText());
            if (canWin) {
                assertTrue(p.play(board.toMove(win)).outcome() != null);
            }
            checked++;
        }
        assertTrue(checked > 200);
        QuoridorRules noWalls = QuoridorGeneratorTest.rules(Map.of("walls", "0"));
        board = new QuoridorBoard(noWalls, NO_EVALUATION);
        board.load(noWalls.parsePosition("e8,e2/0,0/-/1"));
        assertEquals("e9", board.toMove(board.winningMove()).toString());
        board.make(board.winningMove());
        assertTrue(board.isOver());
        assertEquals(1.0, board.result());
        assertFalse(board.toPosition().outcome() == null);
    }
}

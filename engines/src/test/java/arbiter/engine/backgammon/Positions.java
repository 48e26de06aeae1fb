package arbiter.engine.backgammon;

import arbiter.game.Move;
import arbiter.game.backgammon.BackgammonPosition;
import arbiter.game.backgammon.BackgammonRules;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Test positions: parsed texts and positions of random games with seeded dice. */
final class Positions {
    private Positions() {
    }

    static BackgammonPosition parse(String text) {
        return BackgammonRules.STANDARD.parsePosition(text);
    }

    /** Rolls the dice for a position awaiting them (re-rolling tied opening rolls). */
    static BackgammonPosition roll(BackgammonPosition position, SplittableRandom random) {
        while (true) {
            int a = random.nextInt(1, 7);
            int b = random.nextInt(1, 7);
            if (!position.isOpening() || a != b) {
                return position.withDice(a, b);
            }
        }
    }

    /** Rolled positions with at least two legal moves from random games, every {@code every}-th one. */
    static List<BackgammonPosition> sample(long seed, int count, int every) {
        SplittableRandom random = new SplittableRandom(seed);
        List<BackgammonPosition> out = new ArrayList<>();
        int seen = 0;
        while (out.size() < count) {
            BackgammonPosition position = BackgammonRules.STANDARD.start();
            while (position.outcome() == null && out.size() < count) {
                BackgammonPosition rolled = roll(position, random);
                List<Move> moves = rolled.legalMoves();
                if (moves.size() > 1 && seen++ % every == 0) {
                    out.add(rolled);
                }
                position = rolled.play(moves.get(random.nextInt(moves.size())));
            }
        }
        return out;
    }

    /** The two boards after a move: index 0 the mover's, 1 the opponent's. */
    static int[][] after(BackgammonPosition rolled, Move move) {
        int mover = rolled.sideToMove();
        BackgammonPosition next = rolled.play(move);
        int[][] boards = new int[2][26];
        next.copyBoard(mover, boards[0]);
        next.copyBoard(1 - mover, boards[1]);
        return boards;
    }
}

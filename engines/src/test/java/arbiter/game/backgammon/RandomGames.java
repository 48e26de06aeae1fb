package arbiter.game.backgammon;

import arbiter.game.Move;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Random play from the start with seeded dice: a source of varied, reachable positions. */
final class RandomGames {
    private RandomGames() {
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

    /** Every position with dice rolled of one random game, in order; the last position played ends it. */
    static List<BackgammonPosition> game(SplittableRandom random) {
        List<BackgammonPosition> rolled = new ArrayList<>();
        BackgammonPosition position = BackgammonRules.STANDARD.start();
        while (position.outcome() == null) {
            BackgammonPosition withDice = roll(position, random);
            rolled.add(withDice);
            List<Move> moves = withDice.legalMoves();
            position = withDice.play(moves.get(random.nextInt(moves.size())));
        }
        return rolled;
    }
}

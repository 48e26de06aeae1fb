package arbiter.game.backgammon;

import arbiter.game.Move;
import java.util.List;

/**
 * A full backgammon move: the single-die checker steps of one turn, in an order in which they can be
 * played. Points are numbered from the mover's side: 25 is the bar, 0 is off. Different orders or
 * paths that reach the same position are one move; the generator keeps the first path it finds, and
 * {@link BackgammonPosition#parseMove} maps any description of the move to that member of
 * {@link BackgammonPosition#legalMoves()}. The pass (no checker can move) has no steps.
 *
 * @param steps the checker steps, one per die used
 */
public record BackgammonMove(List<Step> steps) implements Move {

    /** The only legal move when no die can be used. */
    public static final BackgammonMove PASS = new BackgammonMove(List.of());

    /** The bar in the mover's point numbering. */
    public static final int BAR = 25;
    /** Off the board (borne off) in the mover's point numbering. */
    public static final int OFF = 0;

    public BackgammonMove {
        steps = List.copyOf(steps);
    }

    /**
     * One checker moved by one die.
     *
     * @param from point left, 1..24 or {@link #BAR}
     * @param to   point reached, 1..24 or {@link #OFF}
     * @param hit  whether an opposing blot on {@code to} was sent to the bar
     */
    public record Step(int from, int to, boolean hit) {
        public Step {
            if (from < 1 || from > 25 || to < 0 || to > 24 || to >= from) {
                throw new IllegalArgumentException("bad step " + from + "/" + to);
            }
        }

        @Override
        public String toString() {
            return BackgammonNotation.pointName(from) + "/" + BackgammonNotation.pointName(to) + (hit ? "*" : "");
        }
    }

    public boolean isPass() {
        return steps.isEmpty();
    }

    /** The dice-step form, e.g. {@code 24/18 18/13*}, or {@code pass}. */
    @Override
    public String toString() {
        if (steps.isEmpty()) {
            return BackgammonNotation.PASS;
        }
        StringBuilder sb = new StringBuilder();
        for (Step s : steps) {
            sb.append(sb.length() == 0 ? "" : " ").append(s);
        }
        return sb.toString();
    }
}

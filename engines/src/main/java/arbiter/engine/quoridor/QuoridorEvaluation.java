package arbiter.engine.quoridor;

import arbiter.eval.WeightSpec;
import arbiter.eval.Weights;
import arbiter.eval.WeightsException;
import arbiter.game.quoridor.QuoridorBoard;
import java.util.List;
import java.util.Map;

/**
 * The Quoridor evaluation of the seed S1 thesis, with named weights:
 * E = distance x (d(Black) - d(White)) + wall x (walls left White - Black) + tempo x (+1 if White
 * is to move, else -1) + mobility x (pawn moves White - Black), where d is the breadth-first
 * distance to the goal. Alpha-beta gets E from the side to move's view in centi-units of the
 * {@code distance} weight (one step = 100 whatever the weight set's scale); Monte Carlo search
 * squashes E into White's win chance arctan(slope x E) / pi + 1/2 to score cut-off playouts.
 *
 * <p>Presets: {@code s1-thesis} is the thesis' function (wallWeight 0.25, slope 0.5, nothing else);
 * {@code default} adds the tempo term. Linear but for {@code slope}, so {@link #features} gives the
 * tuner exact gradients of the alpha-beta score.
 */
public final class QuoridorEvaluation implements QuoridorBoard.Evaluator {
    /** Score units per step of distance. */
    public static final int SCALE = 100;
    /** Scores mapped back from win chances stay within this many steps. */
    private static final double MAX_STEPS = 100;

    public static final List<WeightSpec> SPECS = List.of(
            new WeightSpec("distance", 1, false, "per step of shortest path to the goal, opponent's minus own (S1)"),
            new WeightSpec("wall", 0.25, false, "per wall left, own minus opponent's (S1 wallWeight)"),
            new WeightSpec("slope", 0.5, false,
                    "MCTS only: win chance arctan(slope x E)/pi + 1/2 of a cut-off playout (S1); not in the linear score"),
            new WeightSpec("tempo", 0.5, false,
                    "for the side to move: with no walls left the mover wins a race of equal distances"),
            new WeightSpec("mobility", 0, false, "per pawn move available, own minus opponent's"));

    public static final int DISTANCE = 0;
    public static final int WALL = 1;
    public static final int SLOPE = 2;
    public static final int TEMPO = 3;
    public static final int MOBILITY = 4;

    public static final List<String> PRESETS = List.of("default", "s1-thesis");

    /** The weights of a preset: {@code default} or {@code s1-thesis}. */
    public static Weights preset(String name) {
        Weights zero = Weights.defaults(SPECS).withValues(new double[SPECS.size()]);
        return switch (name) {
            case "default" -> Weights.defaults(SPECS);
            // S1 (Quoridor MCTS, 2011): E = d(black) - d(white) + 0.25 (walls white - walls black), slope 0.5.
            case "s1-thesis" -> zero.with(Map.of("distance", 1, "wall", 0.25, "slope", 0.5));
            default -> throw new WeightsException("unknown Quoridor weight preset '" + name + "'; known: "
                    + String.join(", ", PRESETS));
        };
    }

    private final double[] weights;
    /** Score units per unit of E: 100 / distance weight. */
    private final double unit;

    public QuoridorEvaluation(Weights weights) {
        this.weights = weights.toArray();
        double distance = this.weights[DISTANCE];
        this.unit = distance > 0 ? SCALE / distance : SCALE;
    }

    /** E from White's view, in weight units. */
    public double whiteView(QuoridorBoard board) {
        double[] w = weights;
        double e = w[DISTANCE] * (board.distanceToGoal(1) - board.distanceToGoal(0))
                + w[WALL] * (board.wallsLeft(0) - board.wallsLeft(1))
                + w[TEMPO] * (board.sideToMove() == 0 ? 1 : -1);
        if (w[MOBILITY] != 0) {
            e += w[MOBILITY] * (board.pawnMoveCount(0) - board.pawnMoveCount(1));
        }
        return e;
    }

    @Override
    public int evaluate(QuoridorBoard board) {
        int score = (int) Math.round(whiteView(board) * unit);
        return board.sideToMove() == 0 ? score : -score;
    }

    @Override
    public double whiteWinChance(QuoridorBoard board) {
        return Math.atan(weights[SLOPE] * whiteView(board)) / Math.PI + 0.5;
    }

    /**
     * The inverse of the squash: E = tan(pi (p - 1/2)) / slope, in centi-units, within 100 steps.
     * With a slope of 0 (every playout a coin flip) the S1 slope 0.5 stands in.
     */
    @Override
    public int score(double winChance) {
        double slope = weights[SLOPE] > 0 ? weights[SLOPE] : 0.5;
        double e = Math.tan(Math.PI * (winChance - 0.5)) / slope;
        double steps = Math.max(-MAX_STEPS, Math.min(MAX_STEPS, e * unit / SCALE));
        return (int) Math.round(steps * SCALE);
    }

    /** The linear features of a position, White minus Black, into {@code out} (slope's entry is 0). */
    public static void features(QuoridorBoard board, double[] out) {
        out[DISTANCE] = board.distanceToGoal(1) - board.distanceToGoal(0);
        out[WALL] = board.wallsLeft(0) - board.wallsLeft(1);
        out[SLOPE] = 0;
        out[TEMPO] = board.sideToMove() == 0 ? 1 : -1;
        out[MOBILITY] = board.pawnMoveCount(0) - board.pawnMoveCount(1);
    }
}

package arbiter.eval;

import arbiter.game.Position;
import java.util.List;

/**
 * An evaluation that is a weighted sum of features, as Texel tuning needs: e = weights . features,
 * in the weights' own units, from White's (player 0's) view.
 */
public interface LinearEvaluation {

    List<WeightSpec> specs();

    /** Features of a position, White minus Black, into {@code out} (length {@code specs().size()}). */
    void features(Position position, double[] out);

    /** Whether the static evaluation can stand for the position (no capture or check pending). */
    boolean isQuiet(Position position);
}

package arbiter.tune;

import arbiter.config.RunConfig;
import arbiter.config.RunConfig.TuneWeight;
import arbiter.io.OwnFiles;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** A tuning's history as files, its rows, and its config in another SPSA mode. */
public final class TuneHistory {
    private TuneHistory() {
    }

    /** A history row: the iteration (or pair), theta after its update, its W-L. */
    public static double[] row(int k, double[] theta, double result) {
        double[] row = new double[theta.length + 2];
        row[0] = k;
        System.arraycopy(theta, 0, row, 1, theta.length);
        row[row.length - 1] = result;
        return row;
    }

    /** {@code weights-history.csv} and {@code weights-history.svg}: one row per iteration, pair or round. */
    static void write(Path output, RunConfig.Tune tune, List<double[]> history) throws IOException {
        boolean texel = tune.method().equals("texel");
        StringBuilder csv = new StringBuilder(texel ? "round" : tune.async() ? "pair" : "iteration");
        for (TuneWeight w : tune.weights()) {
            csv.append(',').append(w.name());
        }
        csv.append(texel ? ",largestChange,mse\n" : ",result\n");
        for (double[] row : history) {
            csv.append((long) row[0]);
            for (int i = 1; i < row.length; i++) {
                boolean count = !texel && i == row.length - 1;
                csv.append(',').append(String.format(Locale.ROOT, count ? "%.0f" : "%.6f", row[i]));
            }
            csv.append('\n');
        }
        OwnFiles.replace(output.resolve("weights-history.csv"), csv.toString());
        OwnFiles.replace(output.resolve("weights-history.svg"), TrajectoryChart.svg(tune.weights(), history));
    }

    /**
     * The config with SPSA's mode set ({@code "barrier"} or {@code "async"}), in its JSON too, so the
     * checkpoint of one mode is never resumed in the other.
     */
    public static RunConfig withMode(RunConfig c, String mode) {
        RunConfig.Tune t = c.tune();
        if (mode.equals(t.mode())) {
            return c;
        }
        ObjectNode json = c.json().deepCopy();
        ((ObjectNode) json.get("tune")).put("mode", mode);
        RunConfig.Tune tm = new RunConfig.Tune(t.method(), t.player(), t.opponent(), t.iterations(), t.pairsPerIteration(),
                t.bigA(), t.weights(), t.validationGames(), t.validationSprt(), t.rounds(), t.gamesPerRound(), t.threshold(),
                t.skipPlies(), mode, t.chains());
        return new RunConfig(c.name(), c.game(), c.players(), c.schedule(), c.openings(), c.limits(), c.adjudication(),
                c.concurrency(), c.output(), c.seed(), c.reportEvery(), tm, c.anchors(), json);
    }
}

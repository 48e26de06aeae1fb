package arbiter.tune;

import arbiter.eval.LinearEvaluation;
import arbiter.game.GameHistory;
import arbiter.game.NotationException;
import arbiter.game.Position;
import arbiter.game.Rules;
import arbiter.pdn.GameRecord;
import arbiter.play.GameResult;
import arbiter.pdn.PdnReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;

/**
 * Texel's data: the quiet positions of recorded games, each with its features and its game's result
 * for White. Games are replayed under the rules, so a record that does not replay is skipped with a
 * warning; undecided games are skipped. The samples come back in a fixed order (by result, then
 * features), so a fit does not depend on the order the games were logged in.
 */
public final class PositionSamples {
    private PositionSamples() {
    }

    /**
     * @param skipPlies positions before this ply are left out (openings are often random or booked)
     */
    public static List<Texel.Sample> fromFiles(List<Path> files, Rules rules, LinearEvaluation eval, int skipPlies,
                                               Consumer<String> warnings) throws IOException {
        List<Texel.Sample> samples = new ArrayList<>();
        int n = eval.specs().size();
        for (Path file : files) {
            try (PdnReader reader = PdnReader.open(file, w -> warnings.accept(w.toString()))) {
                while (reader.hasNext()) {
                    GameRecord g = reader.next();
                    GameResult r = g.result();
                    if (!r.decided()) {
                        continue;
                    }
                    double white = r.whiteScore();
                    try {
                        String fen = g.tag("FEN");
                        GameHistory game = new GameHistory(fen == null ? rules.start() : rules.parsePosition(fen));
                        List<Position> positions = new ArrayList<>();
                        positions.add(game.current());
                        for (String move : g.moves()) {
                            game.play(game.current().parseMove(move));
                            positions.add(game.current());
                        }
                        for (int ply = skipPlies; ply < positions.size(); ply++) {
                            Position p = positions.get(ply);
                            if (p.legalMoves().isEmpty() || !eval.isQuiet(p)) {
                                continue;
                            }
                            double[] f = new double[n];
                            eval.features(p, f);
                            samples.add(new Texel.Sample(f, white));
                        }
                    } catch (NotationException e) {
                        warnings.accept(file + ":" + g.line() + ": game skipped: " + e.getMessage());
                    }
                }
            }
        }
        // The fit sums over the samples in floating point, so their order moves its last digits; the
        // games of a parallel run are logged in the order they finish. Sorted, the same games give the
        // same fit whatever order they were logged in.
        samples.sort(SAMPLE_ORDER);
        return samples;
    }

    private static final Comparator<Texel.Sample> SAMPLE_ORDER =
            Comparator.comparingDouble(Texel.Sample::result).thenComparing(Texel.Sample::features, Arrays::compare);
}

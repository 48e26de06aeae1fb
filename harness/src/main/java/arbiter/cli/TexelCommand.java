package arbiter.cli;

import arbiter.engine.EngineRegistry;
import arbiter.eval.LinearEvaluation;
import arbiter.eval.WeightSpec;
import arbiter.eval.Weights;
import arbiter.game.Games;
import arbiter.game.Rules;
import arbiter.player.Options;
import arbiter.tune.PositionSamples;
import arbiter.tune.Texel;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code arbiter texel}: fits an engine's linear evaluation weights to the results of recorded games. */
@Command(name = "texel", mixinStandardHelpOptions = true,
        description = "Texel tuning: fit evaluation weights so that sigmoid(K*eval) predicts the results of "
                + "the quiet positions of recorded games (K fitted too). Prints and writes the tuned weights.")
final class TexelCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--game", required = true, description = "Variant id of the games.")
    String game;

    @Option(names = "--rule", description = "Rule override name=value (repeatable).")
    List<String> rules = List.of();

    @Option(names = "--engine", required = true, description = "Engine whose evaluation is fitted, e.g. draughts-alphabeta.")
    String engine;

    @Option(names = "--preset", description = "Start from this weight preset of the engine.")
    String preset;

    @Option(names = "--weights", description = "Start weights (JSON file), applied over the preset.")
    Path weightsFile;

    @Option(names = "--tune", split = ",", description = "Weights to fit (default: all but the first, which fixes the scale).")
    List<String> tune;

    @Option(names = "--skip-plies", defaultValue = "8", description = "Leave out positions before this ply (default ${DEFAULT-VALUE}).")
    int skipPlies;

    @Option(names = "--out", description = "Write the tuned weights to this JSON file.")
    Path out;

    @Parameters(arity = "1..*", description = "PDN/PGN files of finished games.")
    List<Path> files;

    @Override
    public Integer call() throws Exception {
        if (out != null) {
            JobSetup.checkWritable(out, "--out");
        }
        PrintWriter o = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Rules variant = Games.rules(game, PerftCommand.parseRules(rules));
        LinearEvaluation eval = EngineRegistry.linearEvaluation(engine, variant);
        Options options = new Options(preset == null ? Map.of() : Map.of("preset", preset));
        Weights start = EngineRegistry.weights(engine, variant, options);
        if (weightsFile != null) {
            start = start.withFile(weightsFile);
        }
        List<WeightSpec> specs = eval.specs();
        Set<String> names = new HashSet<>();
        for (WeightSpec s : specs) {
            names.add(s.name());
        }
        List<String> toTune = tune != null ? tune : specs.subList(1, specs.size()).stream().map(WeightSpec::name).toList();
        for (String name : toTune) {
            if (!names.contains(name)) {
                throw new BadInputException("--tune: unknown weight '" + name + "'; known weights: "
                        + String.join(", ", specs.stream().map(WeightSpec::name).toList()));
            }
        }
        for (Path f : files) {
            JobSetup.requireFile(f, "file");
        }
        List<Texel.Sample> samples = PositionSamples.fromFiles(files, variant, eval, skipPlies, w -> err.println("warning: " + w));
        if (samples.size() < 10) {
            throw new BadInputException("only " + samples.size() + " quiet positions from decided games; Texel needs many more");
        }
        boolean[] tunable = new boolean[specs.size()];
        for (int i = 0; i < specs.size(); i++) {
            tunable[i] = toTune.contains(specs.get(i).name());
        }
        double[] w0 = start.toArray();
        Texel.Fit fit = Texel.tune(samples, w0, tunable, 6, 1000);
        o.printf(Locale.ROOT, "positions: %d%nk: %.6f%nmse: %.6f -> %.6f%n", samples.size(), fit.k(), fit.startError(), fit.error());
        for (int i = 0; i < specs.size(); i++) {
            o.printf(Locale.ROOT, "  %-14s %10.4f -> %10.4f%s%n", specs.get(i).name(), w0[i], fit.weights()[i],
                    tunable[i] ? "" : "  (fixed)");
        }
        Weights tuned = start.withValues(fit.weights());
        if (out != null) {
            Files.writeString(out, tuned.toJson() + "\n");
            o.println("written: " + out);
        }
        return 0;
    }
}

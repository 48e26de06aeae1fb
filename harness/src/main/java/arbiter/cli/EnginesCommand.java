package arbiter.cli;

import arbiter.engine.EngineRegistry;
import arbiter.eval.WeightSpec;
import arbiter.game.GameFamily;
import arbiter.game.Games;
import arbiter.game.Rules;
import arbiter.player.Options;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code arbiter engines}: the built-in engines, their options and their named weights. */
@Command(name = "engines", mixinStandardHelpOptions = true,
        description = "List the built-in engines with the games they play, their options and their weights.")
final class EnginesCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--engine", description = "Only this engine.")
    String engine;

    @Option(names = "--weights", description = "Also list every named weight with its default and meaning.")
    boolean weights;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        for (EngineRegistry.EngineInfo info : EngineRegistry.engines()) {
            if (engine != null && !engine.equals(info.id())) {
                continue;
            }
            out.printf("%s — %s%n  games: %s%n", info.id(), info.description(), families(info));
            Rules rules = Games.rules(sampleVariant(info.families().get(0)));
            for (Map.Entry<String, String> o : EngineRegistry.options(info.id(), rules).entrySet()) {
                out.printf("  option %-20s %s%n", o.getKey(), o.getValue());
            }
            if (weights && !info.id().equals("random")) {
                for (WeightSpec w : EngineRegistry.weights(info.id(), rules, Options.none()).specs()) {
                    out.printf("  weight %-20s %8s  %s%n", w.name(), fmt(w.defaultValue()), w.description());
                }
            }
            out.println();
        }
        out.flush();
        if (engine != null && EngineRegistry.engines().stream().noneMatch(e -> e.id().equals(engine))) {
            EngineRegistry.info(engine);
        }
        return 0;
    }

    private static String families(EngineRegistry.EngineInfo info) {
        return info.families().size() == GameFamily.values().length ? "all"
                : String.join(", ", info.families().stream().map(f -> f.name().toLowerCase()).toList());
    }

    private static String sampleVariant(GameFamily family) {
        return switch (family) {
            case DRAUGHTS -> "international";
            case CHESS -> "chess";
            case QUORIDOR -> "quoridor";
            case BACKGAMMON -> "backgammon";
        };
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}

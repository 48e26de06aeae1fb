package arbiter.cli;

import arbiter.engine.EngineBench;
import arbiter.player.Limits;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code arbiter bench}: the engines' fixed search benchmark (node signature and nodes per second). */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Search a fixed set of positions per built-in engine to a fixed depth; print nodes and nodes/s.")
final class BenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--engine", description = "Only this engine's suites (default: all).")
    String engine;

    @Option(names = "--depth", description = "Override the suite's depth.")
    Integer depth;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        var suites = EngineBench.suites(engine);
        if (suites.isEmpty()) {
            throw new BadInputException("no bench suite for engine '" + engine + "'");
        }
        long totalNodes = 0;
        long totalMs = 0;
        for (EngineBench.Suite suite : suites) {
            Limits limits = depth != null ? Limits.depth(depth) : suite.limits();
            EngineBench.Result r = EngineBench.run(suite, Map.of(), limits);
            out.printf("%s on %s, depth %d%n", suite.engineId(), suite.variant(), limits.depth());
            int i = 1;
            for (EngineBench.Line line : r.lines()) {
                out.printf("  position %d: %-8s %,12d nodes %7d ms%n", i++, line.move(), line.nodes(), line.timeMs());
            }
            out.printf("  total %d nodes in %d ms: %d nodes/s%n", r.nodes(), r.timeMs(), r.nodesPerSecond());
            out.flush();
            totalNodes += r.nodes();
            totalMs += r.timeMs();
        }
        out.printf("bench: %d nodes, %d ms, %d nodes/s%n", totalNodes, totalMs, totalMs == 0 ? 0 : totalNodes * 1000 / totalMs);
        return 0;
    }
}

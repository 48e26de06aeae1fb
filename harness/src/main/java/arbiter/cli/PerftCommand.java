package arbiter.cli;

import arbiter.game.Games;
import arbiter.game.Move;
import arbiter.game.Position;
import arbiter.game.Rules;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code arbiter perft}: counts the leaves of the legal move tree, the first test of any rules. */
@Command(name = "perft", mixinStandardHelpOptions = true,
        description = "Count leaf nodes of the legal move tree (perft) to a depth, one line per depth.")
final class PerftCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--game", required = true, description = "Variant id, e.g. international, english, czech, russian, brazilian.")
    String game;

    @Option(names = "--fen", description = "Start from this position instead of the standard one.")
    String fen;

    @Option(names = "--rule", description = "Override a rule parameter, e.g. --rule majorityCapture=true (repeatable).")
    List<String> rules = List.of();

    @Option(names = "--moves", description = "Moves to play from the start position (or --fen) first, separated by spaces, e.g. \"32-28 19-23\".")
    String moves;

    @Option(names = "--depth", required = true, description = "Deepest depth to count.")
    int depth;

    @Option(names = "--divide", description = "List the leaf count below each root move at the deepest depth.")
    boolean divide;

    @Override
    public Integer call() {
        if (depth < 1) {
            throw new BadInputException("--depth must be at least 1, got " + depth);
        }
        Rules variant = Games.rules(game, parseRules(rules));
        Position root = fen == null ? variant.start() : variant.parsePosition(fen);
        if (moves != null) {
            for (String text : moves.trim().split("\\s+")) {
                if (!text.isEmpty()) {
                    root = root.play(root.parseMove(text));
                }
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        long totalLeaves = 0;
        long start = System.nanoTime();
        if (divide) {
            for (Move move : root.legalMoves()) {
                long leaves = root.play(move).perft(depth - 1);
                totalLeaves += leaves;
                out.println(root.formatMove(move) + " " + leaves);
            }
            out.println("perft " + depth + " " + totalLeaves);
        } else {
            for (int d = 1; d <= depth; d++) {
                long leaves = root.perft(d);
                totalLeaves += leaves;
                out.println("perft " + d + " " + leaves);
                out.flush();
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        out.printf("total %d leaves in %.3f s, %.0f leaves/s%n", totalLeaves, seconds,
                seconds > 0 ? totalLeaves / seconds : 0.0);
        out.flush();
        return 0;
    }

    /** Parses repeated {@code name=value} options into an ordered map. */
    static Map<String, String> parseRules(List<String> specs) {
        Map<String, String> map = new LinkedHashMap<>();
        for (String s : specs) {
            int eq = s.indexOf('=');
            if (eq <= 0 || eq == s.length() - 1) {
                throw new BadInputException("--rule expects name=value, got '" + s + "'");
            }
            map.put(s.substring(0, eq).trim(), s.substring(eq + 1).trim());
        }
        return map;
    }
}

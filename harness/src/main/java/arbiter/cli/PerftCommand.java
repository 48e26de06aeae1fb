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

    @Option(names = "--threads", description = "Threads counting the root moves' subtrees (default: the machine's cores).")
    Integer threads;

    @Override
    public Integer call() {
        if (depth < 1) {
            throw new BadInputException("--depth must be at least 1, got " + depth);
        }
        Rules variant = Games.rules(game, parseRules(rules));
        Position root = fen == null ? variant.start() : variant.parsePosition(fen);
        if (root.needsDice()) {
            // A position that waits for its roll has a chance node first: there is no move tree to count.
            throw new BadInputException("perft: a " + game + " position waits for its roll, so it has no move tree "
                    + "to count; list the legal moves of a roll with `arbiter moves --game " + game + " --dice 3-1`");
        }
        if (moves != null) {
            for (String text : moves.trim().split("\\s+")) {
                if (!text.isEmpty()) {
                    root = root.play(root.parseMove(text));
                }
            }
        }
        int n = threads != null ? threads : Runtime.getRuntime().availableProcessors();
        if (n < 1 || n > 1024) {
            throw new BadInputException("--threads must be between 1 and 1024, got " + n);
        }
        PrintWriter out = spec.commandLine().getOut();
        long totalLeaves = 0;
        long start = System.nanoTime();
        // Each thread counts whole subtrees of root moves; positions keep their move generators per thread.
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(n, r -> {
            Thread t = new Thread(r, "perft");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Move> rootMoves = root.legalMoves();
            if (divide) {
                long[] below = subtrees(pool, root, rootMoves, depth);
                for (int i = 0; i < rootMoves.size(); i++) {
                    totalLeaves += below[i];
                    out.println(root.formatMove(rootMoves.get(i)) + " " + below[i]);
                }
                out.println("perft " + depth + " " + totalLeaves);
            } else {
                for (int d = 1; d <= depth; d++) {
                    long leaves = d == 1 || n == 1 ? root.perft(d) : java.util.Arrays.stream(subtrees(pool, root, rootMoves, d)).sum();
                    totalLeaves += leaves;
                    out.println("perft " + d + " " + leaves);
                    out.flush();
                }
            }
        } finally {
            pool.shutdownNow();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        out.printf("total %d leaves in %.3f s, %.0f leaves/s (%d thread%s)%n", totalLeaves, seconds,
                seconds > 0 ? totalLeaves / seconds : 0.0, n, n == 1 ? "" : "s");
        out.flush();
        return 0;
    }

    /**
     * The leaves {@code depth} plies below the root under each root move, counted in parallel. From
     * depth 4 the work is cut one ply deeper, one task per reply to each root move: a root move's
     * subtree can be several times another's, and 20 uneven tasks left one thread idle at the end.
     */
    private static long[] subtrees(java.util.concurrent.ExecutorService pool, Position root, List<Move> moves, int depth) {
        List<List<java.util.concurrent.Future<Long>>> parts = new java.util.ArrayList<>();
        for (Move m : moves) {
            List<java.util.concurrent.Future<Long>> below = new java.util.ArrayList<>();
            if (depth >= 4) {
                Position child = root.play(m);
                for (Move reply : child.legalMoves()) {
                    below.add(pool.submit(() -> child.play(reply).perft(depth - 2)));
                }
            } else {
                below.add(pool.submit(() -> depth == 1 ? 1L : root.play(m).perft(depth - 1)));
            }
            parts.add(below);
        }
        long[] out = new long[moves.size()];
        for (int i = 0; i < out.length; i++) {
            for (java.util.concurrent.Future<Long> part : parts.get(i)) {
                try {
                    out[i] += part.get();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted");
                } catch (java.util.concurrent.ExecutionException e) {
                    throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
                }
            }
        }
        return out;
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

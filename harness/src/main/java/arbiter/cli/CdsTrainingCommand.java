package arbiter.cli;

import arbiter.game.Games;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * A short workload the launcher runs once per build with {@code -XX:ArchiveClassesAtExit} (from
 * Java 25 {@code -XX:AOTCacheOutput}), so that later starts map the classes of the common commands
 * from a class-data archive (AppCDS; from Java 25 an ahead-of-time cache) instead of loading and
 * verifying them again: a rating list of a small file, perft of each game family,
 * and a two-game match between two UCI engines (our own engine in child JVMs), which loads the run
 * pipeline, the UCI client, the PDN log and the report writers (about 0.16 s of every match's start).
 */
@Command(name = "cds-training", hidden = true, description = "Workload for the class-data archive (used by the launcher).")
final class CdsTrainingCommand implements Callable<Integer> {
    @Override
    public Integer call() throws Exception {
        Path pgn = Files.createTempFile("arbiter-cds", ".pgn");
        try {
            StringBuilder sb = new StringBuilder();
            for (int g = 0; g < 200; g++) {
                String result = g % 3 == 0 ? "1-0" : g % 3 == 1 ? "0-1" : "1/2-1/2";
                sb.append("[Event \"training\"]\n[White \"p").append(g % 7).append("\"]\n[Black \"p").append((g + 3) % 7)
                        .append("\"]\n[Result \"").append(result).append("\"]\n\n1. e4 e5 ").append(result).append("\n\n");
            }
            Files.writeString(pgn, sb.toString());
            java.io.PrintWriter quiet = new java.io.PrintWriter(java.io.Writer.nullWriter());
            new CommandLine(new EloCommand()).setOut(quiet).setErr(quiet).execute(pgn.toString(), "--bootstrap", "0");
            for (String game : new String[] {"chess", "international", "english", "quoridor"}) {
                Games.rules(game).start().perft(3);
            }
            // From Java 25 the launcher's cache keeps the methods' profiles as well: a count deep enough
            // for the chess move generator's to be those of a real perft lets the JIT compile it at once.
            Games.rules("chess").start().perft(5);
            Games.rules("backgammon").start();
            uciMatch(quiet);
        } finally {
            Files.deleteIfExists(pgn);
        }
        return 0;
    }

    /** Two quick games between two copies of the random player served over UCI by this same jar. */
    private static void uciMatch(java.io.PrintWriter quiet) throws Exception {
        String javaBinary = ProcessHandle.current().info().command().orElse(null);
        java.net.URL jar = CdsTrainingCommand.class.getProtectionDomain().getCodeSource().getLocation();
        if (javaBinary == null || jar == null || !jar.getPath().endsWith(".jar")) {
            return; // not started from the jar (tests): nothing to archive for
        }
        Path out = Files.createTempDirectory("arbiter-cds");
        try {
            List<String> args = new ArrayList<>(List.of("match"));
            for (String name : new String[] {"a", "b"}) {
                args.addAll(List.of("-engine", "name=" + name, "cmd=" + javaBinary, "arg=-jar",
                        "arg=" + Path.of(jar.toURI()), "arg=engine", "arg=--protocol=uci", "arg=--engine=random"));
            }
            args.addAll(List.of("-each", "proto=uci", "tc=inf", "nodes=1", "-rounds", "1", "-games", "2",
                    "-concurrency", "1", "-maxmoves", "20", "--output", out.toString(), "--quiet"));
            String[] argv = args.toArray(new String[0]);
            Main.commandLine(argv).setOut(quiet).setErr(quiet).execute(argv);
        } finally {
            try (Stream<Path> files = Files.walk(out)) {
                files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }
}

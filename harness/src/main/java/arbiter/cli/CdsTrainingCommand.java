package arbiter.cli;

import arbiter.game.Games;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * A short workload the launcher runs once per build with {@code -XX:ArchiveClassesAtExit}, so that
 * later starts map the classes of the common commands from a class-data archive (AppCDS) instead
 * of loading and verifying them again: a rating list of a small file, perft of each game family.
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
            Games.rules("backgammon").start();
        } finally {
            Files.deleteIfExists(pgn);
        }
        return 0;
    }
}

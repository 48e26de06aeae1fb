package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import arbiter.pdn.GameLog;
import arbiter.pdn.GameRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;

/**
 * What fastchess 1.8.2 itself printed and wrote for the command lines in the test resources
 * {@code arbiter/cli/fastchess-oracle} (see its README), and the same command lines played by
 * {@code arbiter match}.
 */
final class FastchessOracle {
    static final Path STOCKFISH = Path.of("/usr/games/stockfish");

    private FastchessOracle() {
    }

    /** The resource folder (skips the test without Debian's stockfish, which the recordings played). */
    static Path folder() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(STOCKFISH), "Debian's stockfish (apt install stockfish)");
        return Path.of(FastchessOracle.class.getResource("/arbiter/cli/fastchess-oracle/README.md").toURI()).getParent();
    }

    /**
     * {@code arbiter match} with the flags of {@code commandFile}: its book is the resource's, its engines'
     * scripts are copied into {@code dir} (a resource loses its executable bit), its -pgnout goes to
     * {@code pgn} with the recording's notation; then {@code extra}.
     */
    static CliRunner play(Path oracle, String commandFile, Path dir, Path pgn, String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("match"));
        String[] words = Files.readString(oracle.resolve(commandFile)).strip().split("\\s+");
        for (int i = 0; i < words.length; i++) {
            String a = words[i];
            if (a.equals("-pgnout")) {
                args.add(a);
                args.add("file=" + pgn);
                for (i++; i < words.length && !words[i].startsWith("-"); i++) {
                    if (words[i].startsWith("notation=")) {
                        args.add(words[i]);
                    }
                }
                i--;
            } else if (a.equals("file=book.epd")) {
                args.add("file=" + oracle.resolve("book.epd"));
            } else if (a.startsWith("cmd=") && !a.startsWith("cmd=/")) {
                Path script = dir.resolve(a.substring(4));
                Files.copy(oracle.resolve(a.substring(4)), script, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                script.toFile().setExecutable(true);
                args.add("cmd=" + script);
            } else {
                args.add(a);
            }
        }
        if (pgn != null && !args.contains("-pgnout")) {
            args.addAll(List.of("-pgnout", "file=" + pgn));
        }
        args.addAll(List.of("--output", dir.resolve(commandFile + ".out").toString()));
        args.addAll(List.of(extra));
        return CliRunner.run(args.toArray(String[]::new));
    }

    /** The games of a PGN file by round and White (one game each). */
    static Map<String, GameRecord> byRoundAndWhite(Path pgn) throws Exception {
        Map<String, GameRecord> by = new LinkedHashMap<>();
        for (GameRecord g : GameLog.read(pgn, w -> { })) {
            assertEquals(null, by.put(g.tag("Round") + " " + g.tag("White"), g), "one game per round and colour");
        }
        return by;
    }

    /** The console's lines that start with {@code prefix}, in order. */
    static List<String> lines(String console, String prefix) {
        return console.lines().filter(l -> l.startsWith(prefix)).toList();
    }
}

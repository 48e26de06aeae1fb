package arbiter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.pdn.GameLog;
import arbiter.pdn.GameRecord;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a newcomer meets first on the command line: the top-level help says what each command does in a
 * whole sentence; {@code match --help} lists every flag fastchess has that Arbiter takes (fastchess's own
 * list: test resource {@code arbiter/cli/fastchess-flags.txt}), and every other one is refused with a
 * reason; the README's {@code match} example runs as typed with the opening book that ships; perft on
 * backgammon is one error line pointing at {@code moves}; backgammon's greedy player needs no made-up limit.
 */
class CliSurfaceTest {
    @TempDir
    Path dir;

    /** The repository's folder (tests run in the module's). */
    private static Path root() {
        return Files.isRegularFile(Path.of("..", "README.md")) ? Path.of("..") : Path.of(".");
    }

    @Test
    void theTopLevelHelpSaysWhatEachCommandDoesInWholeSentences() {
        CliRunner r = CliRunner.run("--help");
        assertEquals(0, r.exit(), r.err());
        String commands = r.out().substring(r.out().indexOf("Commands:"));
        Map<String, String> summaries = new LinkedHashMap<>();
        String last = null;
        for (String line : commands.lines().skip(1).toList()) {
            Matcher entry = Pattern.compile("^  (\\S+)\\s+(.*)$").matcher(line);
            if (entry.matches()) {
                last = entry.group(1);
                summaries.put(last, entry.group(2).strip());
            } else if (last != null && !line.isBlank()) {
                summaries.merge(last, line.strip(), (a, b) -> a + " " + b);
            }
        }
        assertTrue(summaries.keySet().containsAll(List.of("run", "match", "perft", "moves", "elo", "sprt", "tune")), commands);
        summaries.forEach((command, text) -> assertTrue(text.endsWith(".") && !text.endsWith("e.g.") && !text.endsWith(":"),
                command + ": '" + text + "' is cut short"));
    }

    /** The error MatchArguments gives for these arguments, or null. */
    private static String parseError(List<String> args) {
        try {
            MatchArguments.parse(args);
            return null;
        } catch (BadInputException e) {
            return e.getMessage();
        }
    }

    private static List<String> fastchessFlags() throws IOException {
        try (InputStream in = CliSurfaceTest.class.getResourceAsStream("/arbiter/cli/fastchess-flags.txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
        }
    }

    @Test
    void matchHelpListsEveryFastchessFlagItTakesAndTheRestAreRefusedWithAReason() throws IOException {
        CliRunner r = CliRunner.run("match", "--help");
        assertEquals(0, r.exit(), r.err());
        String help = r.out();
        List<String> listed = new ArrayList<>();
        for (String flag : fastchessFlags()) {
            String error = parseError(List.of(flag));
            if (Pattern.compile("(?m)^  " + Pattern.quote(flag) + "(\\s|$)").matcher(help).find()) {
                listed.add(flag);
                assertTrue(error == null || !error.contains("unknown flag") && !error.contains("not supported"),
                        flag + " is listed but refused: " + error);
            } else {
                assertTrue(error != null && error.contains(flag) && (error.contains("not supported") || error.contains("use `")),
                        flag + " is neither in `match --help` nor refused with a reason: " + error);
            }
        }
        assertTrue(listed.containsAll(List.of("-engine", "-each", "-games", "-rounds", "-repeat", "-openings", "-sprt",
                "-concurrency", "-pgnout", "-recover")), "listed: " + listed);
        // fastchess's engine keys (engine::parseEngine): each named with its '='
        for (String key : List.of("cmd", "name", "tc", "st", "timemargin", "nodes", "plies", "depth", "dir", "args",
                "restart", "proto", "option.NAME")) {
            assertTrue(help.contains(key + "="), key + "= in " + help);
        }
        // the example in the help runs as typed (but --print-config: nothing is played)
        Matcher example = Pattern.compile("(?s)For example:\\s*\\n(.*?)\\n\\s*\\n").matcher(help);
        assertTrue(example.find(), help);
        List<String> args = new ArrayList<>(List.of(example.group(1).replace("\\\n", " ").strip().split("\\s+")));
        assertEquals(List.of("arbiter", "match"), args.subList(0, 2), example.group(1));
        args.replaceAll(a -> a.replace("file=openings/", "file=" + root().resolve("openings").toAbsolutePath() + "/"));
        args.add("--print-config");
        CliRunner print = CliRunner.run(args.subList(1, args.size()).toArray(String[]::new));
        assertEquals(0, print.exit(), print.err());
    }

    @Test
    void theReadmesMatchExampleRunsAsTypedWithTheBookThatShips() throws Exception {
        Path stockfish = Path.of("/usr/games/stockfish");
        Assumptions.assumeTrue(Files.isExecutable(stockfish), "Debian's stockfish (apt install stockfish)");
        Matcher m = Pattern.compile("`\\./arbiter (match [^`]+)`").matcher(Files.readString(root().resolve("README.md")));
        assertTrue(m.find(), "the README has a match example");
        List<String> args = new ArrayList<>(List.of(m.group(1).split(" ")));
        // as typed from the repository's folder, but 2 games at 2000 nodes a move instead of 100 rounds at 10+0.1
        args.replaceAll(a -> a.replace("file=openings/", "file=" + root().resolve("openings").toAbsolutePath() + "/")
                .replace("tc=10+0.1", "nodes=2000"));
        args.addAll(List.of("-rounds", "1", "--output", dir.resolve("out").toString()));
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.out() + r.err());
        List<GameRecord> games = GameLog.read(dir.resolve("out/games.pdn"), w -> { });
        assertEquals(2, games.size());
        Set<String> book = Set.copyOf(Files.readAllLines(root().resolve("openings/chess-openings.epd")));
        for (GameRecord g : games) {
            assertTrue(book.contains(g.tag("FEN")), "a position of the book: " + g.tag("FEN"));
            assertEquals(Set.of("sf-hash16", "sf-hash64"), Set.of(g.tag("White"), g.tag("Black")));
        }
    }

    @Test
    void keepingADashboardThatIsNotServedIsOneErrorLine() throws Exception {
        Path f = dir.resolve("keep.json");
        Files.writeString(f, """
                { "name": "keep", "game": {"variant": "english"},
                  "players": [ {"name": "a", "engine": "random"}, {"name": "b", "engine": "random"} ],
                  "schedule": {"type": "match", "players": ["a", "b"], "games": 2}, "output": "%s" }"""
                .formatted(dir.resolve("keep").toString().replace("\\", "/")));
        CliRunner r = CliRunner.run("run", f.toString(), "--keep-dashboard");
        assertEquals(2, r.exit(), r.out());
        assertEquals("error: --keep-dashboard keeps the dashboard after the run: give --dashboard too\n",
                r.err().replace(System.lineSeparator(), "\n"));
    }

    @Test
    void perftOnBackgammonIsOneErrorLinePointingAtMoves() {
        CliRunner r = CliRunner.run("perft", "--game", "backgammon", "--depth", "2");
        assertEquals(2, r.exit());
        assertEquals("", r.out(), "no 'perft 1 0'");
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("error: perft: a backgammon position waits for its roll")
                && r.err().contains("`arbiter moves --game backgammon --dice 3-1`"), r.err());
        CliRunner moves = CliRunner.run("moves", "--game", "backgammon", "--dice", "3-1");
        assertEquals(0, moves.exit(), moves.err());
        assertTrue(moves.out().lines().count() > 1, moves.out());
    }

    @Test
    void backgammonsGreedyPlayerNeedsNoMadeUpLimit() throws Exception {
        Path f = dir.resolve("greedy.json");
        Files.writeString(f, """
                { "name": "greedy", "game": {"variant": "backgammon"},
                  "players": [ {"name": "ply-0", "engine": "backgammon-expectimax", "options": {"plies": 0}},
                               {"name": "random", "engine": "random"} ],
                  "schedule": {"type": "match", "players": ["ply-0", "random"], "games": 2},
                  "output": "%s" }""".formatted(dir.resolve("greedy").toString().replace("\\", "/")));
        CliRunner r = CliRunner.run("run", f.toString(), "--quiet");
        assertEquals(0, r.exit(), r.err());
        assertEquals(2, GameLog.read(dir.resolve("greedy/games.pdn"), w -> { }).size());
        // a search that ends only by its limits still needs one
        Path g = dir.resolve("unbounded.json");
        Files.writeString(g, """
                { "name": "unbounded", "game": {"variant": "english"},
                  "players": [ {"name": "ab", "engine": "draughts-alphabeta"}, {"name": "random", "engine": "random"} ],
                  "schedule": {"type": "match", "players": ["ab", "random"], "games": 2},
                  "output": "%s" }""".formatted(dir.resolve("unbounded").toString().replace("\\", "/")));
        CliRunner refused = CliRunner.run("run", g.toString());
        assertEquals(2, refused.exit(), refused.out());
        assertTrue(refused.err().contains("no limit for player 'ab'"), refused.err());
        assertFalse(refused.err().contains("'random'"), refused.err());
    }
}

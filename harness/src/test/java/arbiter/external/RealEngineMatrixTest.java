package arbiter.external;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.cli.Main;
import arbiter.game.GameHistory;
import arbiter.game.Games;
import arbiter.game.Rules;
import arbiter.pdn.GameLog;
import arbiter.pdn.GameRecord;
import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Debian's chess engines against Debian's stockfish through {@code arbiter match} (the command line a
 * fastchess or cutechess-cli user types): each opponent plays two games at 10+0.1 s, and every game
 * ends in a chess result (no fault, no time forfeit, no adjudication), and pgn-extract reads the
 * {@code -pgnout} file without an error. The clock has fastchess's {@code timemargin=1000} (ms an engine
 * may overrun before it forfeits): on a loaded two-core machine stockfish itself overran by up to
 * 279 ms when seven matches ran at once. UCI: ethereal-chess, toga2; xboard: fairymax, phalanx,
 * hoichess, gnuchess, and toga2 behind polyglot (a UCI engine as xboard). Four matches run at once (a
 * 10+0.1 game takes its clock's time whatever the load), so the matrix takes about two matches' time. An engine that is not installed is skipped with the package to install ({@code .ci/run}
 * installs them all).
 */
class RealEngineMatrixTest {
    @TempDir
    static Path dir;

    record Opponent(String name, String protocol, String program, String packageName, List<String> args) {
    }

    /**
     * GNU Chess is one of them since XboardPlayer ignores a {@code resign} left from the previous game
     * (it once lost games without a move under load): 5 of 5 loaded runs green after that (docs/engines.md).
     */
    static final List<Opponent> OPPONENTS = List.of(
            new Opponent("ethereal", "uci", "ethereal-chess", "ethereal-chess", List.of()),
            new Opponent("toga2", "uci", "toga2", "toga2", List.of()),
            new Opponent("fairymax", "xboard", "fairymax", "fairymax", List.of()),
            new Opponent("phalanx", "xboard", "phalanx", "phalanx", List.of()),
            new Opponent("hoichess", "xboard", "hoichess", "hoichess", List.of()),
            new Opponent("gnuchess", "xboard", "gnuchess", "gnuchess", List.of()),
            new Opponent("polyglot-toga2", "xboard", "polyglot", "polyglot", List.of("-noini", "-ec", "TOGA2")));

    private static final Map<String, Future<Result>> RESULTS = new LinkedHashMap<>();
    private static ExecutorService pool;

    record Result(int exit, String out, String err, Path pgn) {
    }

    /** A program on PATH or in /usr/games (where Debian installs engines). */
    static Optional<Path> find(String program) {
        List<Path> candidates = new ArrayList<>(List.of(Path.of("/usr/games", program)));
        String path = System.getenv("PATH");
        if (path != null) {
            for (String d : path.split(File.pathSeparator)) {
                if (!d.isEmpty()) {
                    candidates.add(Path.of(d, program));
                }
            }
        }
        return candidates.stream().filter(p -> Files.isRegularFile(p) && Files.isExecutable(p)).findFirst();
    }

    @BeforeAll
    static void playAllAtOnce() {
        Optional<Path> stockfish = find("stockfish");
        Optional<Path> toga2 = find("toga2");
        pool = Executors.newFixedThreadPool(4);
        for (Opponent o : OPPONENTS) {
            Optional<Path> program = find(o.program());
            if (stockfish.isEmpty() || program.isEmpty() || (o.args().contains("TOGA2") && toga2.isEmpty())) {
                continue;
            }
            List<String> args = new ArrayList<>(List.of("match", "--output", dir.resolve(o.name()).toString(),
                    "-engine", "cmd=" + stockfish.get(), "name=stockfish", "proto=uci", "option.Hash=16", "option.Threads=1",
                    "-engine", "cmd=" + program.get(), "name=" + o.name(), "proto=" + o.protocol()));
            for (String a : o.args()) {
                args.add("arg=" + (a.equals("TOGA2") ? toga2.get().toString() : a));
            }
            args.addAll(List.of("-each", "tc=10+0.1", "timemargin=1000", "-games", "2", "-rounds", "1", "-concurrency", "1",
                    "-pgnout", dir.resolve(o.name() + ".pgn").toString()));
            RESULTS.put(o.name(), pool.submit(() -> {
                StringWriter out = new StringWriter();
                StringWriter err = new StringWriter();
                int exit = Main.run(new PrintWriter(out), new PrintWriter(err), args.toArray(String[]::new));
                return new Result(exit, out.toString(), err.toString(), dir.resolve(o.name() + ".pgn"));
            }));
        }
    }

    @AfterAll
    static void stop() {
        pool.shutdownNow();
        TestEngines.assertNoEngineProcesses();
    }

    @TestFactory
    Stream<DynamicTest> eachOpponentPlaysTwoCleanGamesAgainstStockfish() {
        return OPPONENTS.stream().map(o -> DynamicTest.dynamicTest(o.name() + " (" + o.protocol() + ")", () -> {
            Assumptions.assumeTrue(find("stockfish").isPresent(), "stockfish is not installed (apt-get install stockfish)");
            Assumptions.assumeTrue(find(o.program()).isPresent(),
                    o.program() + " is not installed (apt-get install " + o.packageName() + ")");
            Assumptions.assumeTrue(!o.args().contains("TOGA2") || find("toga2").isPresent(),
                    "toga2 is not installed (apt-get install toga2)");
            Result r = RESULTS.get(o.name()).get(10, TimeUnit.MINUTES);
            assertEquals(0, r.exit(), r.out() + "\n" + r.err());
            List<GameRecord> games = GameLog.read(r.pgn(), w -> { });
            assertEquals(2, games.size(), r.out());
            Rules chess = Games.rules("chess");
            for (GameRecord g : games) {
                String where = o.name() + " game " + g.tag("Round") + " " + g.tag("White") + "-" + g.tag("Black") + ": "
                        + g.tag("Result") + " " + g.tag("Termination") + " " + g.comments();
                assertEquals("normal", g.tag("Termination"), "a chess result, not a fault, forfeit or adjudication: " + where);
                assertTrue(List.of("1-0", "0-1", "1/2-1/2").contains(g.tag("Result")), where);
                GameHistory h = new GameHistory(chess.start());
                for (String m : g.moves()) {
                    h.play(h.current().parseMove(m));
                }
                // The rules end the game, or the losing engine resigned (GNU Chess resigns a lost position,
                // e.g. facing mate in 2: a chess result, not a fault).
                // The record says it as fastchess does: "Black resigns".
                String loser = g.tag("Result").equals("1-0") ? "Black" : "White";
                boolean loserResigned = !g.tag("Result").equals("1/2-1/2")
                        && g.comments().stream().anyMatch(c -> c != null && c.endsWith(loser + " resigns"));
                assertTrue(h.outcome() != null || g.tag("Result").equals("1/2-1/2") || loserResigned,
                        "the rules end the game, or the loser resigned: " + where);
            }
            pgnExtractReads(r.pgn(), 2);
        }));
    }

    /** pgn-extract ({@code -r}: check only) reports every game matched and no error. */
    static void pgnExtractReads(Path pgn, int games) throws Exception {
        Optional<Path> tool = find("pgn-extract");
        Assumptions.assumeTrue(tool.isPresent(), "pgn-extract is not installed (apt-get install pgn-extract)");
        Process p = new ProcessBuilder(tool.get().toString(), "-r", pgn.toString()).redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), text);
        assertTrue(text.contains(games + " games matched out of " + games + "."), text);
        assertFalse(text.contains("Failed") || text.contains("rror") || text.contains("Unknown"), text);
    }
}

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
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The xboard (CECP v2) client: real games against Debian's Fairy-Max, and faults of a scripted engine. */
class XboardTest {
    @TempDir
    Path dir;

    @AfterEach
    void noProcessesLeft() {
        TestEngines.assertNoEngineProcesses();
    }

    static Path fairymax() {
        Path p = Path.of("/usr/games/fairymax");
        assertTrue(Files.isExecutable(p), "install fairymax (apt-get install fairymax; .ci/run does)");
        return p;
    }

    private static int run(Path config, StringWriter so, StringWriter se) {
        return Main.run(new PrintWriter(so), new PrintWriter(se), "run", config.toString());
    }

    /**
     * Fairy-Max has no setboard: a FEN opening goes through edit mode. Games from the start with
     * random plies, from a FEN with Black to move, and under a clock (level, time, otim) all end by
     * the rules or adjudication, never by a fault.
     */
    @Test
    void realGamesAgainstFairyMaxFromMovesFromAFenAndUnderAClock() throws Exception {
        Path book = dir.resolve("book.fen");
        Files.writeString(book, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n"
                + "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 3 2\n");
        String fm = TestEngines.json(List.of(fairymax().toString()));
        Path depth = dir.resolve("depth.json");
        Files.writeString(depth, """
                { "name": "fairymax-depth", "game": {"variant": "chess"},
                  "players": [ {"name": "fairymax", "protocol": "xboard", "command": %s, "limits": {"depth": 3}},
                               {"name": "ab", "engine": "chess-alphabeta", "limits": {"depth": 2}} ],
                  "schedule": {"type": "match", "players": ["fairymax", "ab"], "games": 4},
                  "openings": {"file": "%s", "pairs": true}, "adjudication": {"maxPlies": 80},
                  "concurrency": 2, "output": "%s", "seed": 3 }""".formatted(fm, book, dir.resolve("depth")));
        StringWriter so = new StringWriter();
        StringWriter se = new StringWriter();
        assertEquals(0, run(depth, so, se), so + "\n" + se);
        Path clock = dir.resolve("clock.json");
        Files.writeString(clock, """
                { "name": "fairymax-clock", "game": {"variant": "chess"},
                  "players": [ {"name": "fairymax", "protocol": "xboard", "command": %s},
                               {"name": "rnd", "engine": "random", "options": {"seed": 4}} ],
                  "schedule": {"type": "match", "players": ["fairymax", "rnd"], "games": 2},
                  "openings": {"randomPlies": 2, "pairs": true},
                  "limits": {"timeMs": 3000, "incrementMs": 100, "marginMs": 300},
                  "adjudication": {"maxPlies": 60}, "concurrency": 2, "output": "%s", "seed": 4 }""".formatted(fm, dir.resolve("clock")));
        assertEquals(0, run(clock, so, se), so + "\n" + se);

        Rules chess = Games.rules("chess");
        for (String out : List.of("depth", "clock")) {
            List<GameRecord> games = GameLog.read(dir.resolve(out).resolve("games.pdn"), w -> { });
            assertEquals(out.equals("depth") ? 4 : 2, games.size());
            for (GameRecord g : games) {
                assertTrue(List.of("normal", "adjudication").contains(g.tag("Termination")), out + ": " + g.tags());
                // Every move the engine made replays legally from the record's start.
                GameHistory h = new GameHistory(g.tag("FEN") == null ? chess.start() : chess.parsePosition(g.tag("FEN")));
                for (String m : g.moves()) {
                    h.play(h.current().parseMove(m));
                }
                assertTrue(g.moves().size() > 10, "a real game: " + g.moves());
            }
            String pdn = Files.readString(dir.resolve(out).resolve("games.pdn"));
            assertTrue(pdn.matches("(?s).*\\{[+-]\\d+\\.\\d\\d/\\d+ .*"), "the engine's thinking (score/depth) is recorded");
        }
        String log = Files.readString(dir.resolve("depth/arbiter.log"));
        assertFalse(log.contains("engine fairymax failed"), "no fault");
        // The FEN with Black to move was set up (edit mode after a dummy move): its games start with Black.
        String depthPdn = Files.readString(dir.resolve("depth/games.pdn"));
        assertTrue(depthPdn.contains("[FEN \"rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 3 2\"]"));
        assertTrue(depthPdn.contains("\n\n1... "), "Black moves first from that FEN");
    }

    /** Mode of the fake engine -> Termination tag and a phrase of the reason. */
    private static final Map<String, String[]> EXPECTED = new LinkedHashMap<>();

    static {
        EXPECTED.put("crash", new String[] {"engine crash", "exited with code 3"});
        EXPECTED.put("hang", new String[] {"stalled connection", "did not answer within"});
        EXPECTED.put("garbage", new String[] {"illegal move", "zz9!"});
        EXPECTED.put("illegal", new String[] {"illegal move", "a1h8"});
        EXPECTED.put("claim", new String[] {"illegal move", "false result claim"});
        EXPECTED.put("resign", new String[] {"normal", "resigns"});
        EXPECTED.put("refuse", new String[] {"engine crash", "refused the game's moves"});
    }

    /**
     * GNU Chess prints "resign" after its last move of a lost game, and that line may come after the
     * next game's pong: read as the answer to its first go, it lost the next game without a move (CI,
     * 2026-11-25). A resign before an engine's first move of a game is the previous game's.
     */
    @Test
    void aResignLeftFromThePreviousGameDoesNotLoseTheNextOne() throws Exception {
        Path out = dir.resolve("late");
        Path config = dir.resolve("late.json");
        Files.writeString(config, """
                { "name": "late-resign", "game": {"variant": "chess"},
                  "players": [ {"name": "rnd", "engine": "random", "options": {"seed": 3}, "limits": {"depth": 1}},
                               {"name": "late", "protocol": "xboard", "command": %s} ],
                  "schedule": {"type": "match", "players": ["late", "rnd"], "games": 4},
                  "limits": {"moveTimeMs": 1000, "marginMs": 200}, "adjudication": {"maxPlies": 8},
                  "concurrency": 1, "output": "%s", "seed": 5 }
                """.formatted(TestEngines.json(TestEngines.javaMain(FakeXboardEngine.class.getName(), "lateresign", "0",
                        dir.resolve("late.log").toString())), out));
        StringWriter so = new StringWriter();
        StringWriter se = new StringWriter();
        assertEquals(0, run(config, so, se), so + "\n" + se);
        List<GameRecord> games = GameLog.read(out.resolve("games.pdn"), w -> { });
        assertEquals(4, games.size());
        for (GameRecord g : games) {
            assertEquals(8, g.moves().size(), "every game is played to the ply cap, none lost at its start: "
                    + g.tag("White") + "-" + g.tag("Black") + " " + g.tag("Result") + " " + g.comments());
        }
        assertTrue(Files.readString(out.resolve("arbiter.log")).contains("is the previous game's; ignored"));
    }

    @Test
    void faultsOfAnXboardEngineLoseItsGameWithTheReasonAndItIsRestarted() throws Exception {
        StringBuilder players = new StringBuilder("""
                {"name": "rnd", "engine": "random", "options": {"seed": 3}, "limits": {"depth": 1}},
                {"name": "none", "protocol": "xboard", "options": {"Level": 5}, "command": %s}""".formatted(
                TestEngines.json(TestEngines.javaMain(FakeXboardEngine.class.getName(), "none", "0",
                        dir.resolve("none.log").toString()))));
        for (String mode : EXPECTED.keySet()) {
            players.append(",\n{\"name\": \"").append(mode).append("\", \"protocol\": \"xboard\", \"command\": ")
                    .append(TestEngines.json(TestEngines.javaMain(FakeXboardEngine.class.getName(), mode, "2",
                            dir.resolve(mode + ".log").toString()))).append('}');
        }
        Path out = dir.resolve("out");
        Path config = dir.resolve("faults.json");
        Files.writeString(config, """
                { "name": "xboard-faults", "game": {"variant": "chess"},
                  "players": [ %s ],
                  "schedule": {"type": "gauntlet", "players": ["rnd"], "rounds": 1},
                  "limits": {"moveTimeMs": 1000, "marginMs": 200},
                  "adjudication": {"maxPlies": 12},
                  "concurrency": 2, "output": "%s", "seed": 5, "reportEvery": 1000 }
                """.formatted(players, out));
        StringWriter so = new StringWriter();
        StringWriter se = new StringWriter();
        assertEquals(0, run(config, so, se), so + "\n" + se);
        TestEngines.assertFaultRecords(out.resolve("games.pdn"), EXPECTED);
        String log = Files.readString(out.resolve("arbiter.log"));
        for (Map.Entry<String, String[]> e : EXPECTED.entrySet()) {
            int starts = Files.readAllLines(dir.resolve(e.getKey() + ".log")).size();
            if (e.getKey().equals("resign")) {
                assertTrue(starts >= 1 && starts <= 2, "a resignation is not a fault: " + starts);
                continue;
            }
            assertTrue(log.contains("engine " + e.getKey() + " failed"), "the log names the failure of " + e.getKey());
            assertEquals(2, starts, e.getKey() + " restarts: the pre-flight check's process for its first game, then a fresh one");
        }
    }

    @Test
    void anUnknownOptionIsRefusedWithTheEnginesOwnList() throws Exception {
        Path config = dir.resolve("bad.json");
        Files.writeString(config, """
                { "name": "xboard-option", "game": {"variant": "chess"},
                  "players": [ {"name": "fm", "protocol": "xboard", "command": %s, "options": {"Hash": 64}},
                               {"name": "rnd", "engine": "random"} ],
                  "schedule": {"type": "match", "players": ["fm", "rnd"], "games": 2},
                  "limits": {"depth": 2}, "output": "%s" }""".formatted(TestEngines.json(List.of(fairymax().toString())),
                dir.resolve("bad")));
        StringWriter so = new StringWriter();
        StringWriter se = new StringWriter();
        assertEquals(2, run(config, so, se), so + "\n" + se);
        assertTrue(se.toString().contains("no xboard option 'Hash'") && se.toString().contains("Resign Threshold"), se.toString());
    }

    /** GNU Chess 6 answers go with "1. ... g8f6" (seen from Debian's gnuchess --xboard); xboard and c-chess-cli accept it. */
    @Test
    void theOlderMoveAnswerOfGnuChessIsAMove() {
        assertEquals("g8f6", XboardPlayer.oldFormMove("1. ... g8f6"));
        assertEquals("e7e5", XboardPlayer.oldFormMove("12 ... e7e5"));
        assertTrue(XboardPlayer.isAnswer("1. ... g8f6"));
        assertEquals(null, XboardPlayer.oldFormMove("9 -15 68 506186 Nf6 Nf3 d5"));
        assertEquals(null, XboardPlayer.oldFormMove("My move is : g8f6"));
        assertEquals(null, XboardPlayer.oldFormMove("1. d2d4"));
    }
}

package arbiter.external;

import arbiter.player.EngineException;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.game.GameHistory;
import arbiter.game.Games;
import arbiter.game.NotationException;
import arbiter.game.Rules;
import arbiter.game.draughts.DraughtsMove;
import arbiter.game.draughts.DraughtsPosition;
import arbiter.game.draughts.DraughtsRules;
import arbiter.pdn.GameLog;
import arbiter.pdn.GameRecord;
import arbiter.player.Limits;
import arbiter.player.SearchResult;
import arbiter.tournament.StandingsReporter;
import arbiter.tournament.Tournament;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Hub protocol: its text, the player against Arbiter's own Hub server, and scripted faulty engines. */
class HubTest {
    @TempDir
    Path dir;

    private final DraughtsRules international = (DraughtsRules) Games.rules("international");

    @AfterEach
    void noProcessesLeft() {
        TestEngines.assertNoEngineProcesses();
    }

    @Test
    void linesAreParsedWithQuotedValuesAndFlags() {
        HubText.Line l = HubText.parse("info depth=21 mean-depth=20.8 score=-0.01 pv=\"32-28 17-22 28x17x22\" nps=8.0");
        assertEquals("info", l.command());
        assertEquals("21", l.get("depth"));
        assertEquals("-0.01", l.get("score"));
        assertEquals("32-28 17-22 28x17x22", l.get("pv"));
        HubText.Line go = HubText.parse("level infinite");
        assertTrue(go.has("infinite"));
        assertEquals("", go.get("infinite"));
        assertEquals("param name=book value=true type=bool", HubText.format("param", "name", "book", "value", "true", "type", "bool"));
        assertEquals("id name=\"Arbiter x\" country=\"\"", HubText.format("id", "name", "Arbiter x", "country", ""));
        assertEquals("level infinite", HubText.format("level", "infinite", null));
    }

    @Test
    void positionsHaveTheSideToMoveAndOneCharacterPerSquare() {
        String start = HubText.position(international.start());
        assertEquals("Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww", start);
        assertEquals(start, HubText.position(HubText.parsePosition(international, start, false)));
        DraughtsPosition kings = (DraughtsPosition) international.parsePosition("B:WK10,31:BK45,2");
        String text = HubText.position(kings);
        assertEquals('B', text.charAt(0));
        assertEquals('W', text.charAt(10));
        assertEquals('B', text.charAt(45));
        assertEquals('b', text.charAt(2));
        assertEquals(kings.toText(), HubText.parsePosition(international, text, false).toText());
        // DXP writes Black as Z/z.
        assertEquals(text.replace('B', 'Z').replace('b', 'z'), DxpPlayer.position(kings));
        assertThrows(NotationException.class, () -> HubText.parsePosition(international, "Wbbb", false));
        DraughtsRules english = (DraughtsRules) Games.rules("english");
        assertEquals(33, HubText.position(english.start()).length());
    }

    @Test
    void capturesNameTheCapturedPiecesInAnyOrder() {
        // White 28 takes 23 and 12? Build a double capture: white man 32, black men 28 and 18 (international).
        DraughtsPosition p = (DraughtsPosition) international.parsePosition("W:W32:B28,18");
        DraughtsMove m = (DraughtsMove) p.legalMoves().get(0);
        assertEquals("32x12x18x28", HubText.move(m));
        assertEquals(m, HubText.parseMove(p, "32x12x28x18"));
        assertEquals(m, HubText.parseMove(p, "32x12"), "the short form is accepted when it names one move");
        DraughtsMove quiet = HubText.parseMove(international.start(), "32-28");
        assertEquals("32-28", HubText.move(quiet));
        assertThrows(NotationException.class, () -> HubText.parseMove(international.start(), "32-26"));
        assertThrows(NotationException.class, () -> HubText.parseMove(international.start(), "x!"));
    }

    @Test
    void thePositionSentIsAfterTheLastIrreversibleMoveWithTheKingMovesSince() {
        DraughtsPosition p = (DraughtsPosition) international.parsePosition("W:WK50,36:BK1,6");
        GameHistory g = new GameHistory(p);
        g.play(HubText.parseMove(g.current(), "36-31"));   // man move: irreversible
        String kingMoves = "";
        for (int i = 0; i < 2; i++) {
            DraughtsMove king = (DraughtsMove) g.current().legalMoves().stream()
                    .filter(m -> "WB".indexOf(((DraughtsPosition) g.current()).pieceAt(((DraughtsMove) m).from())) >= 0)
                    .findFirst().orElseThrow();
            assertTrue(!king.isCapture());
            kingMoves += (i == 0 ? "" : " ") + HubText.move(king);
            g.play(king);
        }
        String cmd = HubPlayer.positionCommand(g);
        assertEquals("pos pos=" + HubText.position((DraughtsPosition) g.positions().get(1)) + " moves=\"" + kingMoves + "\"", cmd);
        assertEquals("level depth=3 move-time=0.250", HubPlayer.levelCommand(new Limits(3, 0, 250, 0, 0, 0)));
        assertEquals("level moves=12 time=61.500 inc=0.100", HubPlayer.levelCommand(Limits.clock(61_500, 100, 12)));
    }

    @Test
    void thePlayerAgainstArbitersHubServer() {
        List<String> command = TestEngines.arbiterEngine("--protocol", "hub", "--engine", "draughts-alphabeta");
        try (HubPlayer hub = new HubPlayer("ab", TestEngines.engine("hub", command), Map.of("tt", true), international)) {
            hub.newGame(1);
            assertEquals("hub:Arbiter-draughts-alphabeta 0.1.0", hub.engineId());
            GameHistory g = new GameHistory(international.start());
            SearchResult r = hub.chooseMove(g, Limits.depth(4), () -> false);
            assertTrue(g.current().legalMoves().contains(r.move()));
            assertEquals(4, r.depth());
            assertTrue(r.nodes() > 0 && r.pv().size() >= 2, r.toString());
            g.play(r.move());
            SearchResult r2 = hub.chooseMove(g, Limits.moveTime(100), () -> false);
            assertTrue(g.current().legalMoves().contains(r2.move()));
        }
    }

    @Test
    void anUnknownParamIsReported() {
        List<String> command = TestEngines.arbiterEngine("--protocol", "hub", "--engine", "draughts-alphabeta");
        try (HubPlayer hub = new HubPlayer("ab", TestEngines.engine("hub", command), Map.of("bogus", 1), international)) {
            EngineException e = assertThrows(EngineException.class, () -> hub.newGame(1));
            assertTrue(e.getMessage().contains("engine ab has no Hub param 'bogus'; its params: variant,"), e.getMessage());
        }
    }

    private List<String> moves(String json) throws IOException {
        Path f = dir.resolve("run.json");
        Path out = dir.resolve("out-" + Math.abs(json.hashCode()));
        Files.writeString(f, json.replace("OUTPUT", out.toString()));
        RunConfig c = ConfigLoader.load(f);
        new Tournament(c, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()),
                new StandingsReporter()).run();
        List<String> all = new ArrayList<>();
        Rules rules = Games.rules(c.game().variant());
        for (GameRecord g : GameLog.read(out.resolve("games.pdn"), w -> { })) {
            GameHistory h = new GameHistory(rules.start());
            for (String m : g.moves()) {
                h.play(h.current().parseMove(m));
            }
            all.add(g.tag("Game") + " " + g.tag("White") + "-" + g.tag("Black") + " " + g.result() + " "
                    + g.tag("Termination") + ": " + String.join(" ", g.moves()));
        }
        java.util.Collections.sort(all);
        return all;
    }

    private static final String RUN = """
            { "name": "hub", "game": {"variant": "%s"},
              "players": [ {"name": "ab", %s, "limits": {"depth": 3}},
                           {"name": "rnd", "engine": "random", "options": {"seed": 4}, "limits": {"depth": 1}} ],
              "schedule": {"type": "match", "players": ["ab", "rnd"], "games": 4},
              "openings": {"randomPlies": 2, "pairs": true},
              "adjudication": {"maxPlies": 120},
              "concurrency": 2, "output": "OUTPUT", "seed": 21, "reportEvery": 1000 }""";

    @Test
    void anEngineServedOverHubPlaysTheSameGamesAsBuiltIn() throws IOException {
        for (String variant : List.of("international", "english")) {
            List<String> builtIn = moves(RUN.formatted(variant, "\"engine\": \"draughts-alphabeta\""));
            String command = TestEngines.json(TestEngines.arbiterEngine("--protocol", "hub", "--engine",
                    "draughts-alphabeta", "--variant", variant));
            List<String> served = moves(RUN.formatted(variant, "\"protocol\": \"hub\", \"command\": " + command));
            assertEquals(4, served.size());
            assertEquals(builtIn, served, variant + ": the Hub transport changes nothing under depth limits");
        }
    }

    private Path script(String name, String body) throws IOException {
        Path s = dir.resolve(name);
        Files.writeString(s, "#!/bin/bash\n" + body);
        Files.setPosixFilePermissions(s, PosixFilePermissions.fromString("rwxr-xr-x"));
        return s;
    }

    @Test
    void scriptedHubEnginesThatFailLoseTheirGames() throws IOException {
        String handshake = """
                while read -r line; do
                  case "$line" in
                    hub) echo "id name=fake"; echo "param name=book value=true type=bool"; echo "wait";;
                    init) echo "ready";;
                    ping) echo "pong";;
                    "go think") %s;;
                    quit) exit 0;;
                  esac
                done
                """;
        Path illegal = script("illegal.sh", handshake.formatted("echo 'info depth=1 score=0.5'; echo 'done move=11-16'"));
        Path error = script("error.sh", handshake.formatted("echo 'error message=\"out of memory\"'"));
        Path crash = script("crash.sh", handshake.formatted("exit 7"));
        String json = """
                { "name": "hubfaults", "game": {"variant": "international"},
                  "players": [ {"name": "rnd", "engine": "random", "limits": {"depth": 1}},
                               {"name": "illegal", "protocol": "hub", "command": ["%s"], "options": {"book": false}},
                               {"name": "error", "protocol": "hub", "command": ["%s"]},
                               {"name": "crash", "protocol": "hub", "command": ["%s"]} ],
                  "schedule": {"type": "gauntlet", "players": ["rnd"]},
                  "limits": {"moveTimeMs": 200},
                  "concurrency": 2, "output": "OUTPUT", "seed": 2, "reportEvery": 1000 }""".formatted(illegal, error, crash);
        List<String> games = moves(json);
        assertEquals(6, games.size());
        for (String g : games) {
            String tag = g.contains("illegal") ? "illegal move" : "engine crash";
            assertTrue(g.contains(tag + ":"), g);
            assertTrue(g.contains(g.contains("rnd-") ? "WHITE_WIN" : "BLACK_WIN"), "the faulty engine loses: " + g);
        }
    }

    /** An engine's error line without message= (free text, as many engines send it) is recorded as sent, not as null. */
    @Test
    void anErrorLineIsRecordedWithItsText() throws IOException {
        Path error = script("free-error.sh", """
                while read -r line; do
                  case "$line" in
                    hub) echo "id name=fake"; echo "wait";;
                    init) echo "ready";;
                    ping) echo "pong";;
                    "go think") echo "error unknown command: go think";;
                    quit) exit 0;;
                  esac
                done
                """);
        Path out = dir.resolve("free-error-out");
        Path f = dir.resolve("free-error.json");
        Files.writeString(f, """
                { "name": "free", "game": {"variant": "international"},
                  "players": [ {"name": "rnd", "engine": "random", "limits": {"depth": 1}},
                               {"name": "error", "protocol": "hub", "command": ["%s"]} ],
                  "schedule": {"type": "match", "players": ["rnd", "error"], "games": 1},
                  "limits": {"moveTimeMs": 200}, "concurrency": 1, "output": "%s", "seed": 2 }""".formatted(error, out));
        new Tournament(ConfigLoader.load(f), new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter())).run();
        String record = Files.readString(out.resolve("games.pdn"));
        assertTrue(record.contains("reported an error: unknown command: go think"), record);
        assertFalse(record.contains("error: null"), record);
    }

    /**
     * The games Scan 3.1 (built from its public source, material-only weights: bench/real-peers.sh)
     * played against draughts-alphabeta at depth 3, replayed line by line: the client must send what
     * it sent the real engine, clock figures aside, and the games come out as they were played.
     */
    @Test
    void replaysTheRealScan31Games(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        Path log = tmp.resolve("replay.log");
        String peer = """
                {"name": "scan", "protocol": "hub", "initTimeoutMs": 30000,
                 "limits": {"timeMs": 4000, "incrementMs": 100, "marginMs": 1000}, "command": %s}""".formatted(
                TestEngines.json(TestEngines.javaMain(RecordedPeer.class.getName(), "hub",
                        Hub1Test.resource("hub2/scan3-alphabeta.log").toString(), log.toString())));
        Hub1Test.assertReplays(tmp, "scan", peer, Hub1Test.resource("hub2/scan3-alphabeta.pdn"), log);
    }
}

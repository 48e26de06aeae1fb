package arbiter.external;

import arbiter.play.Protocol;
import arbiter.player.EngineException;
import arbiter.player.EngineResignedException;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.game.GameHistory;
import arbiter.game.Games;
import arbiter.game.Rules;
import arbiter.game.draughts.DraughtsRules;
import arbiter.pdn.GameLog;
import arbiter.pdn.GameRecord;
import arbiter.player.IllegalMoveException;
import arbiter.player.Limits;
import arbiter.player.SearchResult;
import arbiter.tournament.StandingsReporter;
import arbiter.tournament.Tournament;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** DamExchange: the message codec with the specification's examples, and games through Arbiter's own DXP peers. */
class DxpTest {
    @TempDir
    Path dir;

    private final DraughtsRules international = (DraughtsRules) Games.rules("international");

    @AfterEach
    void noProcessesLeft() {
        TestEngines.assertNoEngineProcesses();
    }

    @Test
    void messagesHaveTheSpecificationsFieldWidths() {
        // The layer-2 description's examples.
        DxpMessage.Move quiet = (DxpMessage.Move) DxpMessage.decode("M0012061100");
        assertEquals(12, quiet.seconds());
        assertEquals(6, quiet.from());
        assertEquals(11, quiet.to());
        assertEquals(0, quiet.captured().length);
        assertEquals("M0012061100", quiet.encode());
        DxpMessage.Move capture = (DxpMessage.Move) DxpMessage.decode("M001205250422122320");
        assertEquals(5, capture.from());
        assertEquals(25, capture.to());
        assertArrayEquals(new int[] {22, 12, 23, 20}, capture.captured());
        assertEquals("M001205250422122320", capture.encode());
        DxpMessage.GameAccept acc = (DxpMessage.GameAccept) DxpMessage.decode("ATornado voor Windows 4.0        0");
        assertEquals("Tornado voor Windows 4.0", acc.followerName());
        assertEquals('0', acc.code());
        assertEquals("ATornado voor Windows 4.0        0", acc.encode());
        assertEquals(new DxpMessage.GameEnd('0', '0'), DxpMessage.decode("E00"));
        assertEquals("CWhat do you think about move 35?", new DxpMessage.Chat("What do you think about move 35?").encode());
        assertEquals("B005Z", new DxpMessage.BackRequest(5, 'Z').encode());
        assertEquals("K1", new DxpMessage.BackAccept('1').encode());

        String req = new DxpMessage.GameRequest(1, "Arbiter", 'Z', 5, 0, null).encode();
        assertEquals("R01Arbiter                         Z005000A", req);
        assertEquals(1 + 2 + 32 + 1 + 3 + 3 + 1, req.length());
        String pos = DxpPlayer.position(international.start());
        String withPosition = new DxpMessage.GameRequest(1, "Arbiter", 'W', 120, 75, pos).encode();
        assertEquals(1 + 2 + 32 + 1 + 3 + 3 + 1 + 1 + 50, withPosition.length());
        DxpMessage.GameRequest back = (DxpMessage.GameRequest) DxpMessage.decode(withPosition);
        assertEquals(120, back.minutes());
        assertEquals(75, back.moves());
        assertEquals(pos, back.position());
        assertEquals("Wzzzzzzzzzzzzzzzzzzzzeeeeeeeeeewwwwwwwwwwwwwwwwwwww", pos);
        // Names are cut to 32; numbers are clamped to their width.
        assertEquals(33, new DxpMessage.GameAccept("x".repeat(40), '0').encode().length() - 1);
        assertEquals("M9999010200", new DxpMessage.Move(12345, 1, 2, new int[0]).encode());
        for (String bad : List.of("", "X", "M00120611", "M00120611020", "Mabcd061100", "R01short")) {
            assertThrows(IllegalArgumentException.class, () -> DxpMessage.decode(bad), bad);
        }
    }

    @Test
    void movesAreMatchedByTheirCapturedSet() {
        var p = (arbiter.game.draughts.DraughtsPosition) international.parsePosition("W:W32:B28,18");
        var m = DxpPlayer.match(p, new DxpMessage.Move(0, 32, 12, new int[] {28, 18}));
        assertEquals("32x12x18x28", HubText.move(m));
        assertThrows(IllegalMoveException.class, () -> DxpPlayer.match(p, new DxpMessage.Move(0, 32, 12, new int[] {28})));
        assertThrows(IllegalMoveException.class, () -> DxpPlayer.match(international.start(),
                new DxpMessage.Move(0, 32, 26, new int[0])));
        assertEquals(5, DxpPlayer.minutes(Limits.clock(4 * 60_000 + 1, 0, 0)));
        assertEquals(1, DxpPlayer.minutes(Limits.depth(3)));
    }

    private List<String> games(String json) throws IOException {
        Path f = dir.resolve("run.json");
        Path out = dir.resolve("out-" + Math.abs(json.hashCode()));
        Files.writeString(f, json.replace("OUTPUT", out.toString()));
        RunConfig c = ConfigLoader.load(f);
        new Tournament(c, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()),
                new StandingsReporter()).run();
        Rules rules = Games.rules(c.game().variant());
        List<String> all = new ArrayList<>();
        for (GameRecord g : GameLog.read(out.resolve("games.pdn"), w -> { })) {
            GameHistory h = new GameHistory(rules.start());
            for (String m : g.moves()) {
                h.play(h.current().parseMove(m));
            }
            all.add(g.tag("Game") + " " + g.tag("White") + "-" + g.tag("Black") + " " + g.result() + " "
                    + g.tag("Termination") + ": " + String.join(" ", g.moves()));
        }
        Collections.sort(all);
        return all;
    }

    @Test
    void arbiterAsInitiatorPlaysAFollowerAsTheBuiltInEngineWould() throws IOException {
        int port = TestEngines.freePort();
        String follower = TestEngines.json(TestEngines.arbiterEngine("--protocol", "dxp", "--engine", "draughts-alphabeta",
                "--port", Integer.toString(port), "--depth", "3"));
        String run = """
                { "name": "dxp", "game": {"variant": "international"},
                  "players": [ {"name": "ab", %s, "limits": {"depth": 3}},
                               {"name": "rnd", "engine": "random", "options": {"seed": 8}, "limits": {"depth": 1}} ],
                  "schedule": {"type": "match", "players": ["ab", "rnd"], "games": 4},
                  "openings": {"randomPlies": 2, "pairs": true},
                  "adjudication": {"maxPlies": 100},
                  "concurrency": 1, "output": "OUTPUT", "seed": 33, "reportEvery": 1000 }""";
        List<String> builtIn = games(run.formatted("\"engine\": \"draughts-alphabeta\""));
        List<String> served = games(run.formatted("\"protocol\": \"dxp\", \"command\": " + follower + ", \"port\": " + port));
        assertEquals(4, served.size());
        assertEquals(builtIn, served, "under depth limits the DXP transport changes nothing");
    }

    @Test
    void twoDxpEnginesMeetThroughArbiter() throws IOException {
        int followerPort = TestEngines.freePort();
        int listenPort = TestEngines.freePort();
        // "a" is a DXP follower that Arbiter connects to; "b" is a DXP initiator that connects to Arbiter.
        String a = TestEngines.json(TestEngines.arbiterEngine("--protocol", "dxp", "--engine", "draughts-alphabeta",
                "--port", Integer.toString(followerPort), "--depth", "2"));
        String b = TestEngines.json(TestEngines.arbiterEngine("--protocol", "dxp", "--engine", "draughts-alphabeta",
                "--port", Integer.toString(listenPort), "--initiator", "--depth", "1", "--option", "preset=s0-damaq"));
        List<String> games = games("""
                { "name": "meet", "game": {"variant": "international"},
                  "players": [ {"name": "a", "protocol": "dxp", "command": %s, "port": %d},
                               {"name": "b", "protocol": "dxp", "role": "follower", "command": %s, "port": %d} ],
                  "schedule": {"type": "match", "players": ["a", "b"], "games": 4},
                  "openings": {"pairs": true},
                  "limits": {"timeMs": 60000},
                  "adjudication": {"maxPlies": 80},
                  "concurrency": 1, "output": "OUTPUT", "seed": 7, "reportEvery": 1000 }""".formatted(a, followerPort, b, listenPort));
        assertEquals(4, games.size());
        for (String g : games) {
            assertTrue(g.contains(" normal: ") || g.contains(" adjudication: "), g);
        }
        System.out.println(String.join("\n", games));
    }

    /** A one-connection DXP follower scripted by a function from each received message to the replies. */
    private Thread scriptedFollower(ServerSocket server, Function<DxpMessage, List<DxpMessage>> script) {
        Thread t = new Thread(() -> {
            try (DxpConnection c = DxpConnection.accept("script", server, 10_000)) {
                while (true) {
                    String text = c.receive(10_000);
                    if (text == null) {
                        return;
                    }
                    for (DxpMessage reply : script.apply(DxpMessage.decode(text))) {
                        c.send(reply);
                    }
                }
            } catch (RuntimeException e) {
                // the player closed the connection
            }
        });
        t.setDaemon(true);
        t.start();
        return t;
    }

    private DxpPlayer player(int port) {
        return new DxpPlayer("fake", new ExternalEngine(Protocol.DXP, List.of(), null, Map.of(), 3000, 3000, "127.0.0.1",
                port, "initiator"), Map.of(), international);
    }

    @Test
    void aFollowerThatSendsAnIllegalMoveResignsOrRefusesIsCaught() throws Exception {
        record Case(DxpMessage answer, Class<? extends RuntimeException> expected) {
        }
        List<Case> cases = List.of(
                new Case(new DxpMessage.Move(1, 32, 26, new int[0]), IllegalMoveException.class),
                new Case(new DxpMessage.GameEnd('1', '0'), EngineResignedException.class),
                new Case(new DxpMessage.GameEnd('2', '0'), EngineException.class),
                new Case(new DxpMessage.Chat("hello"), arbiter.player.EngineStalledException.class));
        for (Case c : cases) {
            try (ServerSocket server = DxpConnection.listen("127.0.0.1", 0)) {
                List<String> seen = Collections.synchronizedList(new ArrayList<>());
                scriptedFollower(server, m -> {
                    seen.add(m.encode());
                    if (m instanceof DxpMessage.GameRequest) {
                        return List.of(new DxpMessage.GameAccept("Script", '0'), c.answer());
                    }
                    return List.of();
                });
                try (DxpPlayer p = player(server.getLocalPort())) {
                    p.newGame(1);
                    GameHistory g = new GameHistory(international.start());
                    long start = System.nanoTime();
                    assertThrows(c.expected(), () -> p.chooseMove(g, Limits.moveTime(200), () -> System.nanoTime() - start > 300_000_000L));
                }
                assertTrue(seen.get(0).startsWith("R01Arbiter"), seen.toString());
                assertEquals('W', seen.get(0).charAt(35), "the follower plays White, who is to move");
            }
        }
        // A refused game request.
        try (ServerSocket server = DxpConnection.listen("127.0.0.1", 0)) {
            scriptedFollower(server, m -> List.of(new DxpMessage.GameAccept("Script", '3')));
            try (DxpPlayer p = player(server.getLocalPort())) {
                p.newGame(1);
                EngineException e = assertThrows(EngineException.class,
                        () -> p.chooseMove(new GameHistory(international.start()), Limits.depth(1), () -> false));
                assertTrue(e.getMessage().contains("refused: no games at all"), e.getMessage());
            }
        }
    }

    @Test
    void aFollowerToMoveAnswersTheRequestWithItsMoveAndANewGameClosesTheOpenOne() throws Exception {
        try (ServerSocket server = DxpConnection.listen("127.0.0.1", 0)) {
            List<String> seen = Collections.synchronizedList(new ArrayList<>());
            scriptedFollower(server, m -> {
                seen.add(m.encode());
                if (m instanceof DxpMessage.GameRequest) {
                    // Black is to move after White's 32-28: the follower moves at once.
                    return List.of(new DxpMessage.GameAccept("Script", '0'), new DxpMessage.Move(2, 18, 22, new int[0]));
                }
                if (m instanceof DxpMessage.GameEnd) {
                    return List.of(new DxpMessage.GameEnd('0', '0'));
                }
                return List.of();
            });
            try (DxpPlayer p = player(server.getLocalPort())) {
                p.newGame(1);
                GameHistory g = new GameHistory(international.start());
                g.play(g.current().parseMove("32-28"));
                SearchResult r = p.chooseMove(g, Limits.depth(1), () -> false);
                assertEquals("18-22", g.current().formatMove(r.move()));
                assertEquals("dxp:Script", p.engineId());
                p.newGame(2);
            }
            String position = DxpPlayer.position(international.start().play(international.start().parseMove("32-28")));
            assertEquals("R01Arbiter                         Z001000B" + position, seen.get(0));
            assertEquals("E00", seen.get(1), "a new game closes the open one");
            assertEquals(2, seen.size(), seen.toString());
        }
    }

    /**
     * The games Scan 2.0 and Scan 3.1 (built from their public sources: bench/real-peers.sh) played over
     * DXP against draughts-alphabeta at depth 3, replayed message by message by a follower: Arbiter must
     * send what it sent the real engines (a move's time field aside), and the games come out as played.
     */
    @Test
    void replaysTheRealScanGamesOverDxp() throws Exception {
        for (String[] scan : new String[][] {{"scan-2.0", "dxp/scan2-alphabeta"}, {"scan-3.1", "dxp/scan3-alphabeta"}}) {
            Path tmp = Files.createDirectories(dir.resolve(scan[0]));
            Path log = tmp.resolve("replay.log");
            int port = TestEngines.freePort();
            String peer = """
                    {"name": "scan", "protocol": "dxp", "port": %d, "initTimeoutMs": 30000,
                     "limits": {"timeMs": 60000, "marginMs": 30000}, "command": %s}""".formatted(port,
                    TestEngines.json(TestEngines.javaMain(RecordedPeer.class.getName(), "dxp",
                            Hub1Test.resource(scan[1] + ".log").toString(), Integer.toString(port), log.toString())));
            Hub1Test.assertReplays(tmp, "scan", peer, Hub1Test.resource(scan[1] + ".pdn"), log);
        }
    }
}

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
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hub-1 (Scan 2.0's protocol) against peers with Scan 2.0's own grammar: a scripted peer following its
 * source, and a replay of what the real Scan 2.0 said in games against the built-in alpha-beta engine
 * (recorded by bench/real-peers.sh; test resources arbiter/external/hub1/).
 */
class Hub1Test {
    @TempDir
    Path dir;

    @AfterEach
    void noProcessesLeft() {
        TestEngines.assertNoEngineProcesses();
    }

    private int run(String players, String limits, String out, StringWriter so, StringWriter se) throws Exception {
        Path config = dir.resolve(out + ".json");
        Files.writeString(config, """
                { "name": "hub1", "game": {"variant": "international"},
                  "players": [ %s, {"name": "rnd", "engine": "random", "options": {"seed": 2}} ],
                  "schedule": {"type": "gauntlet", "players": ["rnd"], "rounds": 1},
                  "openings": {"file": "%s", "pairs": true}, "limits": %s,
                  "adjudication": {"maxPlies": 60}, "concurrency": 2, "output": "%s", "seed": 5 }
                """.formatted(players, book(), limits, dir.resolve(out)));
        return Main.run(new PrintWriter(so), new PrintWriter(se), "run", config.toString());
    }

    /** A position with kings, so that reversible moves (king moves) follow the last irreversible one. */
    private Path book() throws Exception {
        Path book = dir.resolve("kings.fen");
        Files.writeString(book, "W:WK46,K47,31,32:BK4,K5,19,20\n");
        return book;
    }

    private String fake(String name, String mode, Path log) {
        return """
                {"name": "%s", "protocol": "hub1", "command": %s}""".formatted(name, TestEngines.json(
                TestEngines.javaMain(FakeHub1Engine.class.getName(), "international", mode, "2", log.toString())));
    }

    @Test
    void gamesAgainstAHub1PeerUnderMoveTimeClockAndDepth() throws Exception {
        for (String[] c : new String[][] {{"movetime", "{\"moveTimeMs\": 500, \"marginMs\": 5000}", "time 500"},
            {"clock", "{\"timeMs\": 5000, \"incrementMs\": 100, \"marginMs\": 5000}", "level 0 "},
            {"depth", "{\"depth\": 3}", "depth 3"}}) {
            Path log = dir.resolve(c[0] + ".log");
            StringWriter so = new StringWriter();
            StringWriter se = new StringWriter();
            assertEquals(0, run(fake("scan2", "none", log), c[1], c[0], so, se), so + "\n" + se);
            List<GameRecord> games = GameLog.read(dir.resolve(c[0]).resolve("games.pdn"), w -> { });
            assertEquals(2, games.size());
            Rules rules = Games.rules("international");
            for (GameRecord g : games) {
                assertTrue(List.of("normal", "adjudication").contains(g.tag("Termination")), g.tags().toString());
                GameHistory h = new GameHistory(rules.parsePosition(g.tag("FEN")));
                for (String m : g.moves()) {
                    h.play(h.current().parseMove(m));
                }
            }
            List<String> lines = Files.readAllLines(log);
            assertEquals("hub", lines.get(0));
            assertEquals("init", lines.get(1));
            assertEquals(List.of("new", "ping"), lines.subList(2, 4), "a game begins with new and ping");
            assertFalse(lines.stream().anyMatch(l -> l.startsWith("PROTOCOL ERROR")), "only Hub-1 was spoken: " + lines);
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("pos w") || l.startsWith("pos b")), "pos <position>");
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("move ")), "the moves since the last irreversible one");
            assertTrue(lines.stream().anyMatch(l -> l.startsWith(c[2])), c[2] + " in " + lines);
            assertTrue(lines.contains("go"));
            assertFalse(lines.stream().anyMatch(l -> l.startsWith("new-game") || l.startsWith("go think") || l.contains("=")),
                    "nothing of Hub 2: " + lines);
        }
    }

    @Test
    void anIllegalMoveLosesTheGameOptionsAreSetAndNodesRefusedAtLoad() throws Exception {
        StringWriter so = new StringWriter();
        StringWriter se = new StringWriter();
        assertEquals(0, run(fake("bad", "illegal", dir.resolve("illegal.log")), "{\"moveTimeMs\": 300, \"marginMs\": 5000}", "illegal", so, se),
                so + "\n" + se);
        List<GameRecord> games = GameLog.read(dir.resolve("illegal/games.pdn"), w -> { });
        assertTrue(games.stream().anyMatch(g -> "illegal move".equals(g.tag("Termination"))), games.toString());
        assertTrue(Files.readString(dir.resolve("illegal/games.pdn")).contains("1-2"));

        String withOption = fake("opt", "none", dir.resolve("o.log")).replace("\"protocol\"", "\"options\": {\"book\": false}, \"protocol\"");
        assertEquals(0, run(withOption, "{\"moveTimeMs\": 300}", "options", new StringWriter(), new StringWriter()));
        List<String> lines = Files.readAllLines(dir.resolve("o.log"));
        assertEquals(List.of("hub", "set book false", "init"), lines.subList(0, 3), "Scan 2.0's set <name> <value> before init");

        StringWriter se2 = new StringWriter();
        assertEquals(2, run(fake("nodes", "none", dir.resolve("n.log")), "{\"nodes\": 1000}", "refused", new StringWriter(), se2));
        assertTrue(se2.toString().contains("hub1 protocol has no node limit"), se2.toString());
        assertFalse(Files.exists(dir.resolve("n.log")), "the engine was never started");
    }

    /** A test resource as a file. */
    static Path resource(String name) throws Exception {
        return Path.of(Hub1Test.class.getResource("/arbiter/external/" + name).toURI());
    }

    /** The commands the old client sent, as the real Scan 2.0 answered them (recorded). */
    @Test
    void theRealScan20RefusesAnUpperCaseSideToMoveAndTheClientSendsLowerCase() throws Exception {
        List<RecordedPeer.Entry> t = RecordedPeer.read(resource("hub1/scan2-refused.log"));
        int pos = 0;
        while (!t.get(pos).text().startsWith("pos ")) {
            pos++;
        }
        assertEquals('>', t.get(pos).dir());
        assertEquals(new RecordedPeer.Entry('<', "error bad position"), t.get(pos + 1), "Scan 2.0 refuses 'pos W...'");
        assertEquals("error bad position", RecordedPeer.refusal("hub1", t.get(pos).text()), "the replaying peer refuses it too");

        Rules rules = Games.rules("international");
        GameHistory h = new GameHistory(rules.start());
        List<String> sent = HubPlayer.hub1Commands(h, arbiter.player.Limits.clock(300_000, 100, 0));
        assertEquals(List.of("pos wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww", "level 0 300000 100", "go"), sent,
                "side to move in lower case; times in whole milliseconds, as Scan 2.0's stoi reads them");
    }

    /**
     * The games Scan 2.0 played against draughts-alphabeta at depth 3 (bench/real-peers.sh), replayed:
     * the client must send what it sent to the real engine (clock figures as whole milliseconds), and
     * the games come out move for move as they were played.
     */
    @Test
    void replaysTheRealScan20Games() throws Exception {
        Path log = dir.resolve("replay.log");
        String peer = """
                {"name": "scan", "protocol": "hub1", "initTimeoutMs": 30000,
                 "limits": {"timeMs": 4000, "incrementMs": 100, "marginMs": 1000}, "command": %s}""".formatted(
                TestEngines.json(TestEngines.javaMain(RecordedPeer.class.getName(), "hub1",
                        resource("hub1/scan2-alphabeta.log").toString(), log.toString())));
        assertReplays(dir, "scan", peer, resource("hub1/scan2-alphabeta.pdn"), log);
    }

    /** Plays the recorded config (bench/real-peers.sh) with the replaying peer and compares with the recorded games. */
    static void assertReplays(Path dir, String name, String peer, Path recordedGames, Path peerLog) throws Exception {
        Path config = dir.resolve("replay.json");
        Files.writeString(config, """
                { "name": "replay", "game": {"variant": "international"},
                  "players": [ %s, {"name": "alphabeta", "engine": "draughts-alphabeta", "limits": {"depth": 3}} ],
                  "schedule": {"type": "match", "players": ["%s", "alphabeta"], "games": 2},
                  "openings": {"pairs": true},
                  "adjudication": {"maxPlies": 200}, "concurrency": 1, "output": "%s", "seed": 7, "reportEvery": 1000 }
                """.formatted(peer, name, dir.resolve("replay")));
        StringWriter so = new StringWriter();
        StringWriter se = new StringWriter();
        assertEquals(0, Main.run(new PrintWriter(so), new PrintWriter(se), "run", config.toString()), so + "\n" + se);
        String peerSaw = Files.exists(peerLog) ? Files.readString(peerLog) : "";
        assertFalse(peerSaw.contains("MISMATCH"), "the client sent what it sent the real engine:\n"
                + peerSaw.lines().filter(l -> l.startsWith("MISMATCH")).findFirst().orElse(""));
        List<GameRecord> played = GameLog.read(dir.resolve("replay/games.pdn"), w -> { });
        List<GameRecord> recorded = GameLog.read(recordedGames, w -> { });
        assertEquals(recorded.size(), played.size());
        for (int i = 0; i < recorded.size(); i++) {
            assertEquals(recorded.get(i).moves(), played.get(i).moves(), "game " + (i + 1) + " as played against the real engine");
            assertEquals(recorded.get(i).tag("Result"), played.get(i).tag("Result"));
            assertEquals(recorded.get(i).tag("Termination"), played.get(i).tag("Termination"));
        }
    }
}

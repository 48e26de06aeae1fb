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

/** Hub-1 (Scan 2.0's protocol) against a scripted peer built from the protocol's description. */
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
    void gamesAgainstAHub1PeerUnderMoveTimeAndClock() throws Exception {
        for (String[] c : new String[][] {{"movetime", "{\"moveTimeMs\": 500}", "level 1 0.500 0"},
            {"clock", "{\"timeMs\": 5000, \"incrementMs\": 100, \"marginMs\": 500}", "level 0 "}}) {
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
            assertFalse(lines.stream().anyMatch(l -> l.startsWith("PROTOCOL ERROR")), "only Hub-1 was spoken: " + lines);
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("pos W") || l.startsWith("pos B")), "pos <position>");
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("move ")), "the moves since the last irreversible one");
            assertTrue(lines.stream().anyMatch(l -> l.startsWith(c[2])), c[2] + " in " + lines);
            assertTrue(lines.contains("go"));
            assertFalse(lines.stream().anyMatch(l -> l.startsWith("new-game") || l.startsWith("go think") || l.contains("=")),
                    "nothing of Hub 2: " + lines);
        }
    }

    @Test
    void anIllegalMoveLosesTheGameAndOptionsOrDepthAreRefusedAtLoad() throws Exception {
        StringWriter so = new StringWriter();
        StringWriter se = new StringWriter();
        assertEquals(0, run(fake("bad", "illegal", dir.resolve("illegal.log")), "{\"moveTimeMs\": 300}", "illegal", so, se),
                so + "\n" + se);
        List<GameRecord> games = GameLog.read(dir.resolve("illegal/games.pdn"), w -> { });
        assertTrue(games.stream().anyMatch(g -> "illegal move".equals(g.tag("Termination"))), games.toString());
        assertTrue(Files.readString(dir.resolve("illegal/games.pdn")).contains("1-2"));

        StringWriter se2 = new StringWriter();
        String withOption = fake("opt", "none", dir.resolve("o.log")).replace("\"protocol\"", "\"options\": {\"book\": false}, \"protocol\"");
        assertEquals(2, run(withOption, "{\"depth\": 4}", "refused", new StringWriter(), se2));
        assertTrue(se2.toString().contains("hub1 protocol has no command to set options"), se2.toString());
        assertTrue(se2.toString().contains("hub1 protocol has time limits only"), se2.toString());
        assertFalse(Files.exists(dir.resolve("o.log")), "the engine was never started");
    }
}

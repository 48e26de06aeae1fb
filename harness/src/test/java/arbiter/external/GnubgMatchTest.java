package arbiter.external;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.game.GameHistory;
import arbiter.game.Games;
import arbiter.game.Rules;
import arbiter.pdn.GameLog;
import arbiter.pdn.GameRecord;
import arbiter.tournament.StandingsReporter;
import arbiter.tournament.Tournament;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whole backgammon games against GNU Backgammon through the harness: legal, complete, and won by gnubg. */
class GnubgMatchTest {
    @TempDir
    Path dir;

    @Test
    void gnubgBeatsTheRandomPlayerInRealGames() throws Exception {
        TestEngines.gnubg();
        Path f = dir.resolve("bg.json");
        Files.writeString(f, """
                { "game": {"variant": "backgammon"},
                  "players": [ {"name": "gnubg", "protocol": "gnubg", "command": ["gnubg"], "options": {"level": "expert"}},
                               {"name": "random", "engine": "random"} ],
                  "schedule": {"type": "match", "players": ["gnubg", "random"], "games": 6},
                  "limits": {"moveTimeMs": 10000, "marginMs": 5000}, "adjudication": {"maxPlies": 1000},
                  "concurrency": 2, "output": "%s", "seed": 33 }""".formatted(dir.resolve("out").toString().replace("\\", "/")));
        RunConfig c = ConfigLoader.load(f);
        Tournament.Summary s = new Tournament(c, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()),
                new StandingsReporter()).run();
        assertEquals(6, s.played());
        assertTrue(s.scoreboard().wdl("gnubg")[0] >= 5, "gnubg should win nearly every game: "
                + java.util.Arrays.toString(s.scoreboard().wdl("gnubg")));
        Rules rules = Games.rules("backgammon");
        List<GameRecord> games = GameLog.read(c.output().resolve("games.pdn"), w -> { });
        for (GameRecord g : games) {
            assertEquals("normal", g.tag("Termination"), "game " + g.tag("Game"));
            String[] dice = g.tag("Dice").split(" ");
            GameHistory h = new GameHistory(rules.start());
            int roll = 0;
            for (String move : g.moves()) {
                if (h.current().needsDice()) {
                    String[] d = dice[roll++].split("-");
                    h.replaceCurrent(h.current().withDice(Integer.parseInt(d[0]), Integer.parseInt(d[1])));
                }
                h.play(h.current().parseMove(move));
            }
            assertTrue(h.outcome() != null, "game " + g.tag("Game") + " replays to its end");
        }
    }
}

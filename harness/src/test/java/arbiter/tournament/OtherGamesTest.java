package arbiter.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.game.GameHistory;
import arbiter.game.Games;
import arbiter.game.Rules;
import arbiter.pdn.GameLog;
import arbiter.pdn.GameRecord;
import arbiter.play.GameTask;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Backgammon (dice from the referee) and Quoridor (no natural draw) through the whole harness. */
class OtherGamesTest {
    @TempDir
    Path dir;

    private List<GameRecord> play(String variant, int games, int maxPlies) throws Exception {
        Path f = dir.resolve(variant + ".json");
        Files.writeString(f, """
                { "game": {"variant": "%s"},
                  "players": [ {"name": "r1", "engine": "random", "options": {"seed": 1}},
                               {"name": "r2", "engine": "random", "options": {"seed": 2}} ],
                  "schedule": {"type": "match", "players": ["r1", "r2"], "games": %d},
                  "limits": {"depth": 1}, "adjudication": {"maxPlies": %d},
                  "concurrency": 2, "output": "%s", "seed": 9 }"""
                .formatted(variant, games, maxPlies, dir.resolve(variant).toString().replace("\\", "/")));
        RunConfig c = ConfigLoader.load(f);
        new Tournament(c, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()),
                new StandingsReporter()).run();
        return GameLog.read(c.output().resolve("games.pdn"), w -> { });
    }

    @Test
    void backgammonPairsShareTheirDiceAndGamesReplay() throws Exception {
        List<GameRecord> games = play("backgammon", 20, 2000);
        assertEquals(20, games.size());
        Map<String, GameRecord> byId = new HashMap<>();
        for (GameRecord g : games) {
            byId.put(g.tag("Game"), g);
        }
        Rules rules = Games.rules("backgammon");
        int gammons = 0;
        for (int pair = 0; pair < 10; pair++) {
            GameRecord a = byId.get(Integer.toString(GameTask.FIRST_ID + 2 * pair));
            GameRecord b = byId.get(Integer.toString(GameTask.FIRST_ID + 2 * pair + 1));
            assertEquals(a.tag("Seed"), b.tag("Seed"));
            String[] da = a.tag("Dice").split(" ");
            String[] db = b.tag("Dice").split(" ");
            int common = Math.min(da.length, db.length);
            assertTrue(common > 5);
            for (int i = 0; i < common; i++) {
                assertEquals(da[i], db[i], "roll " + i + " of pair " + pair);
            }
        }
        for (GameRecord g : games) {
            // Replaying the record with its Dice tag reaches the recorded end.
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
            assertTrue(h.outcome() != null, "game " + g.tag("Game") + " ends by the rules");
            assertEquals("normal", g.tag("Termination"));
            if (g.tag("Points") != null) {
                gammons++;
            }
        }
        assertTrue(gammons > 0, "random play produces some gammons, recorded as Points");
    }

    @Test
    void quoridorGamesEndByGoalOrPlyCap() throws Exception {
        List<GameRecord> games = play("quoridor", 6, 60);
        assertEquals(6, games.size());
        for (GameRecord g : games) {
            String t = g.tag("Termination");
            assertTrue(t.equals("normal") || t.equals("adjudication"), t);
            if (t.equals("adjudication")) {
                assertEquals(60, g.moves().size());
                assertEquals("1/2-1/2", g.resultToken());
            }
        }
    }
}

package arbiter.pdn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.ConfigLoader;
import arbiter.game.Games;
import arbiter.game.Position;
import arbiter.tournament.StandingsReporter;
import arbiter.tournament.Tournament;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The game viewers' source: a finished game read back from games.pdn replays to its end, dice included. */
class GameReplayTest {
    @TempDir
    Path dir;

    @Test
    void backgammonGamesReplayWithTheirRollsToTheEnd() throws Exception {
        Path f = dir.resolve("bg.json");
        Files.writeString(f, """
                { "name": "bg", "game": {"variant": "backgammon"},
                  "players": [ {"name": "x", "engine": "backgammon-expectimax", "limits": {"depth": 1}},
                               {"name": "r", "engine": "random"} ],
                  "schedule": {"type": "match", "players": ["x", "r"], "games": 2},
                  "openings": {"randomPlies": 2, "pairs": true}, "limits": {"depth": 1},
                  "concurrency": 1, "seed": 4, "output": "%s" }""".formatted(dir.resolve("out")));
        new Tournament(ConfigLoader.load(f), new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()),
                new StandingsReporter(false)).run();
        for (int id = arbiter.play.GameTask.FIRST_ID; id < arbiter.play.GameTask.FIRST_ID + 2; id++) {
            GameReplay g = GameReplay.find(dir.resolve("out/games.pdn"), id);
            assertNull(g.error(), g.error());
            int plies = g.moves().size();
            assertTrue(plies > 10, "plies " + plies);
            assertEquals(plies + 1, g.positions().size());
            // The last position is the end: one side has borne off all 15 (nothing of it left in the text).
            Position end = Games.rules("backgammon").parsePosition(g.positions().get(plies));
            assertFalse(end.outcome() == null, "the replay reaches the end: " + g.positions().get(plies));
            assertTrue(g.moves().get(plies - 1).matches(".* \\([1-6]-[1-6]\\)"), g.moves().get(plies - 1));
        }
        assertNull(GameReplay.find(dir.resolve("out/games.pdn"), 99));
        assertEquals(1, GameReplay.find(Files.readString(dir.resolve("out/games.pdn")), 1).id(), "the same from a PDN text");
    }
}

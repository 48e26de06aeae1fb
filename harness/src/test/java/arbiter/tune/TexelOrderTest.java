package arbiter.tune;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.cli.Main;
import arbiter.engine.EngineRegistry;
import arbiter.eval.LinearEvaluation;
import arbiter.game.Games;
import arbiter.game.Rules;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A parallel run logs its games in the order they finish, which varies from run to run. The Texel
 * fit printed in docs/tuning.md must come out the same from the same games whatever their order in
 * the file, to the last digit (bench/reproduce-docs.sh compares it with the committed weights).
 */
class TexelOrderTest {
    @TempDir
    Path dir;

    @Test
    void theSameGamesInAnotherOrderGiveTheSameSamplesAndTheSameFit() throws Exception {
        Path config = dir.resolve("selfplay.json");
        Files.writeString(config, """
                { "game": {"variant": "english"},
                  "players": [ {"name": "a", "engine": "draughts-alphabeta", "weights": {"man": 1, "king": 0.5},
                                "options": {"random": 1}},
                               {"name": "b", "engine": "draughts-alphabeta", "weights": {"man": 1, "king": 0.5},
                                "options": {"random": 2}} ],
                  "schedule": {"type": "match", "players": ["a", "b"], "games": 40},
                  "openings": {"randomPlies": 6, "pairs": true}, "limits": {"depth": 2},
                  "adjudication": {"maxPlies": 160}, "concurrency": 1,
                  "output": "%s", "seed": 7 }""".formatted(dir.resolve("out").toString().replace("\\", "/")));
        StringWriter err = new StringWriter();
        assertEquals(0, Main.run(new PrintWriter(new StringWriter()), new PrintWriter(err), "run", config.toString(), "--quiet"),
                err.toString());

        // The log's games, one record per block, written once as logged and once reversed.
        String log = Files.readString(dir.resolve("out").resolve("games.pdn"));
        List<String> games = new ArrayList<>();
        for (String block : log.split("(?=\\[Event )")) {
            if (!block.isBlank()) {
                games.add(block.endsWith("\n\n") ? block : block.strip() + "\n\n");
            }
        }
        assertEquals(40, games.size());
        Path asLogged = Files.writeString(dir.resolve("as-logged.pdn"), String.join("", games));
        Collections.reverse(games);
        Path reversed = Files.writeString(dir.resolve("reversed.pdn"), String.join("", games));

        Rules rules = Games.rules("english", Map.of());
        LinearEvaluation eval = EngineRegistry.linearEvaluation("draughts-alphabeta", rules);
        List<Texel.Sample> a = PositionSamples.fromFiles(List.of(asLogged), rules, eval, 4, w -> { });
        List<Texel.Sample> b = PositionSamples.fromFiles(List.of(reversed), rules, eval, 4, w -> { });
        assertTrue(a.size() > 500, "enough positions: " + a.size());
        assertEquals(a.size(), b.size());
        for (int i = 0; i < a.size(); i++) {
            assertArrayEquals(a.get(i).features(), b.get(i).features(), "sample " + i);
            assertEquals(a.get(i).result(), b.get(i).result(), "sample " + i);
        }

        int n = eval.specs().size();
        double[] start = new double[n];
        boolean[] tunable = new boolean[n];
        for (int i = 0; i < n; i++) {
            start[i] = eval.specs().get(i).defaultValue();
            tunable[i] = i > 0 && i < 3;
        }
        Texel.Fit fa = Texel.tune(a, start, tunable, 2, 200);
        Texel.Fit fb = Texel.tune(b, start, tunable, 2, 200);
        assertEquals(fa.k(), fb.k(), 0.0);
        assertArrayEquals(fa.weights(), fb.weights(), 0.0);
    }
}

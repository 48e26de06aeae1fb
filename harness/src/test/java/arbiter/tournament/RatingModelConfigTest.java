package arbiter.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.config.ConfigException;
import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.results.Scoreboard;
import arbiter.stats.BayesElo;
import arbiter.stats.GameCounts;
import arbiter.stats.RatingOptions;
import arbiter.stats.Ratings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The config key {@code ratingModel} chooses the reports' rating list. */
class RatingModelConfigTest {
    @TempDir
    Path dir;

    private Path config(String extra) throws IOException {
        Path f = dir.resolve("c.json");
        Files.writeString(f, "{ \"game\": {\"variant\": \"english\"}, \"players\": [ {\"name\": \"a\", \"engine\": \"random\"},"
                + " {\"name\": \"b\", \"engine\": \"random\"}, {\"name\": \"c\", \"engine\": \"random\"} ],"
                + " \"schedule\": {\"type\": \"round-robin\"}, \"limits\": {\"depth\": 1}" + extra + " }");
        return f;
    }

    @Test
    void bayeseloInTheConfigGivesBayeselosList() throws IOException {
        GameCounts counts = new GameCounts();
        int a = counts.player("a");
        int b = counts.player("b");
        int c = counts.player("c");
        counts.add(a, b, 3, 1, 1);
        counts.add(b, c, 2, 2, 1);
        counts.add(c, a, 1, 1, 2);
        RunConfig bayes = ConfigLoader.load(config(", \"ratingModel\": \"bayeselo\""));
        Ratings r = Scoreboard.ratingModel(bayes).compute(counts, RatingOptions.defaults().withBootstrap(RunReports.BOOTSTRAP, bayes.seed()));
        Ratings expected = BayesElo.compute(counts, RatingOptions.defaults());
        for (int i = 0; i < 3; i++) {
            assertEquals(expected.player(i).rating(), r.player(i).rating(), 1e-9);
        }
        assertTrue(r.errorMethod().startsWith("BayesElo"), r.errorMethod());
        RunConfig ordo = ConfigLoader.load(config(""));
        assertTrue(Scoreboard.ratingModel(ordo).compute(counts, RatingOptions.defaults().withBootstrap(RunReports.BOOTSTRAP, ordo.seed()))
                .errorMethod().startsWith("parametric bootstrap"));
    }

    @Test
    void unknownModelAndTwoAnchorsAreConfigProblems() throws IOException {
        ConfigException e = assertThrows(ConfigException.class, () -> ConfigLoader.load(config(", \"ratingModel\": \"glicko\"")));
        assertTrue(e.problems().contains("$.ratingModel: must be ordo or bayeselo, got 'glicko'"), e.problems().toString());
        ConfigException two = assertThrows(ConfigException.class, () -> ConfigLoader.load(
                config(", \"ratingModel\": \"bayeselo\", \"anchors\": {\"a\": 1000, \"b\": 1200}")));
        assertTrue(String.join("\n", two.problems()).contains("$.anchors: ratingModel bayeselo fixes at most one player"),
                two.problems().toString());
    }
}

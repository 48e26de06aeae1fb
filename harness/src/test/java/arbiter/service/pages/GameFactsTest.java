package arbiter.service.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;

import arbiter.service.api.ServiceHost;
import arbiter.service.protocol.TokenFiles;
import arbiter.service.protocol.Wire;
import arbiter.service.schedule.BoardTest;
import arbiter.service.schedule.Games;
import arbiter.stats.Sprt;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a test's page reads from its games: each task's crashes and time losses from the games'
 * Termination tags, the LLR over the pairs ending at the test's own (stats.Sprt on the counts the
 * server holds), the latest games newest first — and the tasks table shows the counts.
 */
class GameFactsTest {
    @TempDir
    Path dir;

    @Test
    void crashesTimeLossesTheLlrPathAndTheLatestGamesComeFromTheGames() {
        try (ServiceHost host = ServiceAccessTest.start(dir)) {
            WebClient web = new WebClient("http://" + host.address());
            String admin = TokenFiles.read(dir.resolve("data/admin.token"));
            String worker = TokenFiles.read(dir.resolve("data/worker.token"));
            long test = Wire.read(web.api("POST", "/api/tests", admin, BoardTest.definition("t", 4,
                    "{\"elo0\": 0, \"elo1\": 200}", null)).body(), Wire.Submitted.class).id();
            long w = Wire.read(web.api("POST", "/api/workers", worker, Wire.write(new Wire.Hello(Wire.PROTOCOL, "1", "box", 8,
                    Map.of(), false))).body(), Wire.Welcome.class).worker();
            Wire.Grant g = Wire.read(web.api("POST", "/api/workers/" + w + "/task", worker, "{}").body(), Wire.TaskAnswer.class).task();
            assertEquals(4, g.pairs(), "one task of all four pairs");
            String[] pairs = {"WL", "WW", "DL"};
            // the first game lost by a crash, the fourth on time (the tags the referee writes)
            String pdn = new Games("new", "old", 0, pairs).pdn.replaceFirst("\\[Game \"1\"]", "[Termination \"engine crash\"]\n[Game \"1\"]")
                    .replaceFirst("\\[Game \"3\"]", "[Termination \"time forfeit\"]\n[Game \"3\"]");
            WebClient.Answer a = web.api("POST", "/api/tasks/" + g.task() + "/report", worker,
                    Wire.write(new Wire.Report(w, Games.counts(pairs), pdn, 100)));
            assertEquals(200, a.status(), a.body());

            Sprt sprt = Sprt.of(0, 200, 0.05, 0.05, Sprt.Model.LOGISTIC);
            GameFacts.Facts f = new GameFacts(host.service()).of(test, "new", sprt, 4);
            assertEquals(Map.of(g.task(), 1), f.crashes());
            assertEquals(Map.of(g.task(), 1), f.timeLosses());
            double[] last = f.llr().get(f.llr().size() - 1);
            assertEquals(6, last[0], "the LLR after all six games");
            assertEquals(sprt.test(Games.counts(pairs).penta()).llr(), last[1], 1e-12);
            assertEquals(List.of(6L, 5L, 4L, 3L), f.latest().stream().map(GameFacts.Game::number).toList());
            String row = web.get("/tests/" + test).body().replaceAll("(?s).*<table id=\"tasks-table\">.*?<tbody><tr>(.*?)</tr>.*", "$1");
            assertEquals(List.of("6", "3 – 1 – 2", "1", "1", "–"), List.of(row.split("</td><td>")).subList(4, 9));
        }
    }
}

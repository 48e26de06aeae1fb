package arbiter.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.pdn.GameRecord;
import arbiter.pdn.PdnReader;
import arbiter.service.protocol.ServiceClient;
import arbiter.service.protocol.Wire;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An approver's purge through the API: refused to anyone else and for an SPSA tuning; on a finished
 * round robin of two players (no automatic check there) it takes the cheat's games out of the count,
 * tagged in the PDN, and the test goes on until its pairs are played again by the honest workers.
 */
class PurgeTest {
    @TempDir
    Path dir;

    static final String PAIR = "{\"name\": \"pair\", \"game\": {\"variant\": \"english\"}, \"limits\": {\"depth\": 1},"
            + " \"players\": [{\"name\": \"new\", \"engine\": \"random\", \"options\": {\"seed\": 1}},"
            + " {\"name\": \"old\", \"engine\": \"random\", \"options\": {\"seed\": 2}}],"
            + " \"schedule\": {\"type\": \"round-robin\", \"rounds\": 30}, \"openings\": {\"randomPlies\": 2, \"pairs\": true},"
            + " \"adjudication\": {\"maxPlies\": 100}}";

    static final String TUNING = "{\"name\": \"t\", \"game\": {\"variant\": \"english\"}, \"limits\": {\"depth\": 1},"
            + " \"players\": [{\"name\": \"p\", \"engine\": \"draughts-alphabeta\"}],"
            + " \"tune\": {\"player\": \"p\", \"iterations\": 10, \"weights\": {\"king\": {\"start\": 2, \"min\": 1, \"max\": 5}}}}";

    @Test
    void anApproverPurgesACheatAndTheRoundRobinIsPlayedAgainWithoutIt() throws Exception {
        try (InProcessService s = new InProcessService(dir)) {
            ServiceClient admin = s.admin();
            long id = admin.post("/api/tests", PAIR, Wire.Submitted.class).id();
            s.worker("honest-1", 1);
            s.worker("honest-2", 1);
            BadWorkerEndToEndTest.Cheat cheat = new BadWorkerEndToEndTest.Cheat(s.url(), s.workerToken(), id, 0.3);
            Thread t = new Thread(cheat, "cheat");
            t.start();
            try {
                assertEquals("finished", s.awaitOver(id, 60).state());
            } finally {
                cheat.stop.set(true);
                t.join(10_000);
            }
            long cheatPairs = cheat.reportedPairs.get();
            assertTrue(cheatPairs > 0, "the cheat played no pair");

            String purge = Wire.write(new Wire.Purge(cheat.worker.get(), "reports only wins"));
            ServiceClient anonymous = new ServiceClient(s.url(), null);
            assertEquals(401, assertThrows(ServiceClient.Failed.class, () -> anonymous.post("/api/tests/" + id + "/purge", purge))
                    .status());
            Wire.Token bob = admin.post("/api/users", new Wire.NewUser("bob", "user"), Wire.Token.class);
            ServiceClient user = new ServiceClient(s.url(), bob.token());
            assertEquals(403, assertThrows(ServiceClient.Failed.class, () -> user.post("/api/tests/" + id + "/purge", purge))
                    .status());
            long tuning = admin.post("/api/tests", TUNING, Wire.Submitted.class).id();
            ServiceClient.Failed spsa = assertThrows(ServiceClient.Failed.class,
                    () -> admin.post("/api/tests/" + tuning + "/purge", purge));
            assertEquals(409, spsa.status());
            assertTrue(spsa.getMessage().contains("SPSA"), spsa.getMessage());
            admin.post("/api/tests/" + tuning + "/stop", "{}");

            assertEquals(cheatPairs, admin.post("/api/tests/" + id + "/purge", purge, Wire.Purged.class).pairs());
            assertEquals(409, assertThrows(ServiceClient.Failed.class, () -> admin.post("/api/tests/" + id + "/purge", purge))
                    .status(), "purged already");
            Wire.TestView again = s.awaitOver(id, 60);
            assertEquals("finished", again.state());
            assertEquals(30, again.counts().pairs());

            List<GameRecord> games = new ArrayList<>();
            new PdnReader(new StringReader(admin.get("/api/tests/" + id + "/pdn")), "test", x -> {
                throw new AssertionError(x.toString());
            }).forEachRemaining(games::add);
            Set<String> counted = new HashSet<>();
            long purged = 0;
            for (GameRecord g : games) {
                if (g.tag("Counted") == null) {
                    assertTrue(counted.add(g.tag("Game")), "game " + g.tag("Game") + " counted twice");
                    assertEquals("pair", g.tag("Event"));
                } else {
                    assertEquals("purged", g.tag("Counted"));
                    assertEquals("cheat", g.tag("Event"));
                    purged++;
                }
            }
            assertEquals(60, counted.size());
            assertEquals(2 * cheatPairs, purged);
            Wire.RatingsView ratings = admin.get("/api/tests/" + id + "/ratings", Wire.RatingsView.class);
            assertEquals(120, ratings.players().stream().mapToLong(Wire.Rating::games).sum(), "the purged games are not rated");
        }
    }
}

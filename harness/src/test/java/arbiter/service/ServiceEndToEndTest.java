package arbiter.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.pdn.GameRecord;
import arbiter.pdn.PdnReader;
import arbiter.play.GameTask;
import arbiter.results.Scoreboard;
import arbiter.service.protocol.Counts;
import arbiter.service.protocol.ServiceClient;
import arbiter.service.protocol.TokenFiles;
import arbiter.service.protocol.Wire;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The service as people run it: a server JVM and three worker JVMs on loopback; four tests from two
 * users — three of one user at throughputs 100, 100 and 200, and the other user's SPRT, which stops.
 * Over the run each of the first user's tests gets its target share of the games within 5%; each
 * test's PDN (served for download) holds every counted game once, and the server's counts are those
 * the run's own Scoreboard makes from the PDN — also when a worker and then the server are killed
 * with {@code kill -9} mid-run (the server restarted on the same database).
 */
class ServiceEndToEndTest {
    /** Pairs of the first user's three tests together after which they are stopped (their share is measured on them). */
    static final int PAIRS = 300;

    @TempDir
    Path dir;

    static String test(String name, String tested, int pairs, String sprt, int throughput) {
        return "{\"name\": \"" + name + "\", \"game\": {\"variant\": \"international\"}, \"limits\": {\"depth\": 1},"
                + " \"players\": [{\"name\": \"new\", \"engine\": \"" + tested + "\"}, {\"name\": \"old\", \"engine\": \"random\"}],"
                + " \"schedule\": {\"type\": \"match\", \"players\": [\"new\", \"old\"], \"games\": " + 2 * pairs
                + (sprt == null ? "" : ", \"sprt\": " + sprt) + "},"
                + " \"openings\": {\"randomPlies\": 2}, \"service\": {\"throughput\": " + throughput + "}}";
    }

    @Test
    void fourTestsOfTwoUsersShareThreeWorkersAndEveryCountedGameIsInItsPdnOnce() throws Exception {
        run(false);
    }

    @Test
    void theSameWithAWorkerAndThenTheServerKilledMidRun() throws Exception {
        run(true);
    }

    private void run(boolean faults) throws Exception {
        try (ServiceProcesses p = new ServiceProcesses(dir)) {
            Process server = p.server("server", faults ? 2.5 : 30);
            p.await("the server", 60, () -> Files.exists(p.data().resolve("worker.token")) && out(p, "server").contains("Serving"));
            ServiceClient admin = new ServiceClient(p.url(), TokenFiles.read(p.data().resolve("admin.token")));
            Wire.Token bob = admin.post("/api/users", new Wire.NewUser("bob", "user"), Wire.Token.class);
            ServiceClient bobs = new ServiceClient(p.url(), bob.token());
            long[] mine = new long[3];
            int[] throughput = {100, 100, 200};
            for (int i = 0; i < 3; i++) {
                mine[i] = admin.post("/api/tests", test("a" + i, "random", 100_000, null, throughput[i]), Wire.Submitted.class).id();
            }
            Wire.Submitted bobsTest = bobs.post("/api/tests", test("b", "draughts-alphabeta", 200,
                    "{\"elo0\": 0, \"elo1\": 100, \"alpha\": 0.05, \"beta\": 0.05}", 100), Wire.Submitted.class);
            assertEquals("pending", bobsTest.state(), "a user's test waits for an approver (the admin's start at once: "
                    + "the only approver)");
            long sprt = bobsTest.id();
            admin.post("/api/tests/" + sprt + "/approve", "{}");
            double[] target = new double[3];
            Map<Long, Wire.TestView> first = views(admin);
            double sum = 0;
            for (int i = 0; i < 3; i++) {
                sum += first.get(mine[i]).share();
            }
            for (int i = 0; i < 3; i++) {
                target[i] = first.get(mine[i]).share() / sum;
            }
            assertEquals(0.25, target[0], 1e-9, "the scheduler's target: 36/45 x 100, 100, 200 of one user");
            assertEquals(0.5, target[2], 1e-9);

            List<Process> workers = new ArrayList<>();
            for (int i = 1; i <= 3; i++) {
                workers.add(p.worker("worker" + i));
            }
            if (faults) {
                p.await("a third of the games", 120, () -> minePairs(admin, mine) >= PAIRS / 3);
                ServiceProcesses.kill9(workers.get(0));
                p.await("two thirds of the games", 120, () -> minePairs(admin, mine) >= 2 * PAIRS / 3);
                Map<Long, Wire.TestView> acknowledged = views(admin);
                ServiceProcesses.kill9(server);
                server = p.server("server", 2.5);
                p.await("the server again", 60, () -> out(p, "server").split("Serving", -1).length == 3);
                Map<Long, Wire.TestView> after = views(admin);
                for (Wire.TestView t : acknowledged.values()) {
                    assertTrue(after.get(t.id()).counts().atLeast(t.counts()), "kill -9 lost acknowledged counts of test " + t.id());
                }
            }
            p.await("the SPRT's stop and " + PAIRS + " pairs", 180, () -> over(admin, sprt) && minePairs(admin, mine) >= PAIRS);
            for (long id : mine) {
                admin.post("/api/tests/" + id + "/stop", "{}");
            }
            p.await("the last tasks", 60, () -> views(admin).values().stream().allMatch(t -> t.tasks() == 0));

            Map<Long, Wire.TestView> end = views(admin);
            Wire.TestView b = end.get(sprt);
            assertEquals("finished", b.state());
            assertTrue(b.result().startsWith("SPRT H1 accepted"), b.result());
            long total = 0;
            for (long id : mine) {
                total += end.get(id).counts().pairs();
            }
            for (int i = 0; i < 3; i++) {
                double share = end.get(mine[i]).counts().pairs() / (double) total;
                System.out.printf(java.util.Locale.ROOT, "test %d: %d of %d pairs, share %.4f (target %.4f)%n", mine[i],
                        end.get(mine[i]).counts().pairs(), total, share, target[i]);
                assertEquals(target[i], share, 0.05 * target[i], "test " + mine[i] + ": " + end.get(mine[i]).counts().pairs()
                        + " of " + total + " pairs");
            }
            for (Wire.TestView t : end.values()) {
                checkPdn(admin, t);
            }
        }
    }

    /** Every counted game once; the server's counts (counted and after the stop) are those the PDN's games make. */
    private static void checkPdn(ServiceClient client, Wire.TestView t) {
        String pdn = client.get("/api/tests/" + t.id() + "/pdn");
        List<GameRecord> games = new ArrayList<>();
        new PdnReader(new StringReader(pdn), "test " + t.id(), w -> {
            throw new AssertionError(w.toString());
        }).forEachRemaining(games::add);
        Set<String> ids = new HashSet<>();
        Scoreboard counted = new Scoreboard(List.of("new", "old"), "new", "old", true, null);
        Scoreboard late = new Scoreboard(List.of("new", "old"), "new", "old", true, null);
        for (GameRecord g : games) {
            assertTrue(ids.add(g.tag("Game")), "game " + g.tag("Game") + " of test " + t.id() + " twice");
            Scoreboard s = g.tag("Counted") == null ? counted : late;
            s.add(g.tag("White"), g.tag("Black"), g.result(), (Integer.parseInt(g.tag("Game")) - GameTask.FIRST_ID) / 2);
        }
        assertEquals(t.counts(), counts(counted), "test " + t.id() + ": the server's counts against its PDN's");
        assertEquals(t.late(), counts(late), "test " + t.id() + ": games after the stop");
    }

    private static Counts counts(Scoreboard s) {
        long[] wdl = s.wdl("new", "old");
        long[] penta = s.pentanomial("new", "old");
        return new Counts(java.util.Arrays.stream(penta).sum(), wdl[0], wdl[1], wdl[2], penta);
    }

    private static Map<Long, Wire.TestView> views(ServiceClient client) {
        try {
            List<Wire.TestView> list = new ObjectMapper().readValue(client.get("/api/tests"), new TypeReference<List<Wire.TestView>>() { });
            Map<Long, Wire.TestView> out = new TreeMap<>();
            list.forEach(v -> out.put(v.id(), v));
            return out;
        } catch (ServiceClient.Unreachable e) {
            return Map.of();
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    private static long minePairs(ServiceClient client, long[] mine) {
        Map<Long, Wire.TestView> v = views(client);
        long n = 0;
        for (long id : mine) {
            n += v.containsKey(id) ? v.get(id).counts().pairs() : 0;
        }
        return n;
    }

    private static boolean over(ServiceClient client, long id) {
        Wire.TestView v = views(client).get(id);
        return v != null && !v.state().equals("active");
    }

    private static String out(ServiceProcesses p, String name) {
        try {
            return p.output(name);
        } catch (java.io.IOException e) {
            return "";
        }
    }
}

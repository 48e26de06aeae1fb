package arbiter.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import arbiter.config.ConfigLoader;
import arbiter.config.RunConfig;
import arbiter.pdn.GameRecord;
import arbiter.tournament.StandingsReporter;
import arbiter.tournament.Tournament;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cluster over real (virtual) networks: the coordinator and each worker are separate JVMs, each
 * in a Linux network namespace of its own, joined by veth pairs with addresses this test chose. The
 * coordinator listens on 10.231.0.1 (on its loopback); worker i reaches it through its own
 * 10.231.i.0/30 link. Worker 3 has no route to the coordinator: it joins through a {@link FaultRelay}
 * in a fourth namespace, which adds 50 ms to every chunk it forwards and stalls or cuts its
 * connections at random (seeded). In the faulty run worker 2's link is pulled for 20 s mid-game (the
 * coordinator's end of its veth set down, then up). The run must complete with every game recorded
 * exactly once and each game equal, move for move, to a local run of the same config; the same
 * topology without faults gives the time the faults cost. Figures are printed as {@code netns figures:}
 * lines (see docs/cluster.md, "Tested on real networks", and docs/benchmarks.md).
 *
 * <p>Needs root and {@code ip netns} (iproute2); skipped otherwise. No netem: this machine's kernel has
 * none, so delays and stalls come from the relay, the partition from the link state. Everything made
 * here (namespaces, their veths, processes) is removed at the end, also on failure.
 */
class NetnsFaultTest {
    private static final String COORDINATOR = "10.231.0.1";
    private static final int PORT = 5701;
    private static final int GAMES = 16;
    private static final long PARTITION_MS = 20_000;
    private static final long RELAY_DELAY_MS = 50;
    private static final long RELAY_SEED = 26;
    private static final Pattern STARTED = Pattern.compile("^(\\S+) .*playing game (\\d+) of netns", Pattern.MULTILINE);

    @TempDir
    static Path dir;
    private static Map<String, GameRecord> reference;

    @BeforeAll
    static void localReference() throws Exception {
        String why = Netns.unavailable();
        assumeTrue(why == null, "NetnsFaultTest needs root and ip netns (iproute2), skipped: " + why);
        RunConfig local = ConfigLoader.load(config("local")).withOutput(dir.resolve("local"));
        new Tournament(local, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()),
                new StandingsReporter()).run();
        reference = byId(ClusterProcesses.read(dir.resolve("local/games.pdn")));
        assertEquals(GAMES, reference.size());
    }

    /** Two built-in players under depth limits: every game replays to the same moves on any worker. */
    private static Path config(String run) throws IOException {
        String json = """
                { "name": "netns", "game": { "variant": "international" },
                  "players": [
                    { "name": "deep", "engine": "draughts-alphabeta", "limits": { "depth": 6 } },
                    { "name": "shallow", "engine": "draughts-alphabeta", "limits": { "depth": 4 } } ],
                  "schedule": { "type": "round-robin", "rounds": %d },
                  "openings": { "randomPlies": 4, "pairs": true },
                  "adjudication": { "maxPlies": 160 },
                  "concurrency": 2, "seed": 26, "output": "%s" }
                """.formatted(GAMES / 2, dir.resolve(run).toString());
        Path file = dir.resolve(run + ".json");
        Files.writeString(file, json);
        return file;
    }

    /** The namespaces: the coordinator's, two workers' on direct links, the relay's and the third worker's behind it. */
    private record Topology(String coordinator, String w1, String w2, String relay, String w3, String pulled) {
        static Topology make(Netns net) throws IOException {
            String c = net.namespace("c");
            net.address(c, "lo", COORDINATOR + "/32");
            String w1 = direct(net, c, 1);
            String w2 = direct(net, c, 2);
            String r = net.namespace("r");
            net.veth(c, net.device("cr"), "10.231.3.1/30", r, net.device("rc"), "10.231.3.2/30");
            net.route(r, COORDINATOR + "/32", "10.231.3.1");
            String w3 = net.namespace("w3");
            net.veth(r, net.device("rw"), "10.231.4.1/30", w3, net.device("wr"), "10.231.4.2/30"); // no route on: the relay is the only way
            return new Topology(c, w1, w2, r, w3, net.device("c2"));
        }

        private static String direct(Netns net, String c, int i) throws IOException {
            String w = net.namespace("w" + i);
            net.veth(c, net.device("c" + i), "10.231." + i + ".1/30", w, net.device("w" + i), "10.231." + i + ".2/30");
            net.route(w, COORDINATOR + "/32", "10.231." + i + ".1");
            return w;
        }
    }

    /** One cluster run in the namespaces: the processes, when the coordinator started, and its output folder. */
    private record Run(ClusterProcesses cluster, Process coordinator, long startMs, Path out, Path folder) {
        static Run start(ClusterProcesses cluster, Topology t, Path folder, String name, boolean faults) throws IOException {
            Path out = dir.resolve(name);
            Path file = config(name);
            cluster.start("relay", Netns.exec(t.relay), FaultRelay.class.getName(), List.of("10.231.4.1:" + PORT,
                    COORDINATOR + ":" + PORT, Long.toString(faults ? RELAY_DELAY_MS : 0), Long.toString(faults ? RELAY_SEED : -1)));
            String join = COORDINATOR + ":" + PORT;
            for (int i = 1; i <= 3; i++) {
                cluster.start("w" + i, Netns.exec(i == 1 ? t.w1 : i == 2 ? t.w2 : t.w3), "arbiter.cli.Main", List.of("worker",
                        "--join", i == 3 ? "10.231.4.1:" + PORT : join, "--secret-file", cluster.secret.toString(),
                        "--concurrency", "1", "--log", folder.resolve("w" + i + ".log").toString()));
            }
            long startMs = System.currentTimeMillis();
            Process coordinator = cluster.start("coordinator", Netns.exec(t.coordinator), "arbiter.cli.Main", List.of("run",
                    file.toString(), "--cluster", "--listen", join, "--secret-file", cluster.secret.toString(), "--concurrency", "0"));
            return new Run(cluster, coordinator, startMs, out, folder);
        }

        /** Waits for the end; returns the run's wall time in seconds (from the coordinator's start). */
        double finish() throws Exception {
            assertTrue(coordinator.waitFor(240, TimeUnit.SECONDS), "the run ends: " + cluster.output("coordinator"));
            double seconds = (System.currentTimeMillis() - startMs) / 1000.0;
            assertEquals(0, coordinator.exitValue(), cluster.output("coordinator"));
            return seconds;
        }
    }

    @Test
    void aPartitionedWorkerAndOneBehindAFaultyRelayLoseNothingAndRecordEveryGameOnce() throws Exception {
        List<String> figures = new ArrayList<>();
        try (Netns net = new Netns()) {
            Topology t = Topology.make(net);
            double baseline;
            try (ClusterProcesses cluster = new ClusterProcesses(Files.createDirectories(dir.resolve("clean-procs")))) {
                baseline = Run.start(cluster, t, dir.resolve("clean-procs"), "clean", false).finish();
            }
            figures.add(String.format("no-fault run (same namespaces, relay without faults): %.1f s", baseline));
            assertEqualsLocal(dir.resolve("clean"));

            Path folder = Files.createDirectories(dir.resolve("faulty-procs"));
            try (ClusterProcesses cluster = new ClusterProcesses(folder)) {
                Run faulty = Run.start(cluster, t, folder, "faulty", true);
                // Mid-game, early enough that games are left when the link comes back.
                cluster.await("worker 2 playing", 180, () -> started(folder, "w2") > finished(folder, "w2"));
                List<String[]> before = starts(folder, "w2");
                String cutGame = before.get(before.size() - 1)[1];
                long down = System.currentTimeMillis();
                net.link(t.coordinator, t.pulled, false);
                Thread.sleep(PARTITION_MS);
                net.link(t.coordinator, t.pulled, true);
                long up = System.currentTimeMillis();
                double wall = faulty.finish();
                figures.add(String.format("faulty run: %.1f s (%.2fx the no-fault run)", wall, wall / baseline));

                // Worker 2's games go back to the queue either when the coordinator gives it up (15 s without
                // a heartbeat, checked every 10 s: 15-25 s) or, if the link is back first, when it reconnects and
                // announces itself again (it abandons what it was playing).
                String w2 = workerId(cluster.output("w2"));
                String log = Files.readString(faulty.out.resolve("arbiter.log"));
                Matcher left = Pattern.compile("^(\\S+) .*worker left \\(disconnected\\): " + Pattern.quote(w2)
                        + " on \\S+; (\\d+) games back in the queue", Pattern.MULTILINE).matcher(log);
                String givenUp = null;
                while (left.find()) {
                    if (time(left.group(1)) >= down) {
                        double after = (time(left.group(1)) - down) / 1000.0;
                        assertTrue(after >= 14 && after < 40, "given up " + after + " s after the link went down");
                        givenUp = String.format("given up by the coordinator %.1f s after the link went down (%s games back in the queue)",
                                after, left.group(2));
                        break;
                    }
                }
                // Or, when the partition came before worker 2 confirmed its leases, they expire on their own
                // (15 s unconfirmed, checked with the results) and the run may end before either of the above.
                Matcher expired = Pattern.compile("^(\\S+) .*lease \\d+ of game (\\S+) of \\S+ to " + Pattern.quote(w2)
                        + " expired: its worker did not confirm it", Pattern.MULTILINE).matcher(log);
                String leasesExpired = null;
                while (expired.find()) {
                    if (time(expired.group(1)) >= down) {
                        double after = (time(expired.group(1)) - down) / 1000.0;
                        assertTrue(after >= 14 && after < 40, "lease expired " + after + " s after the link went down");
                        leasesExpired = String.format("its unconfirmed leases expired %.1f s after the link went down", after);
                        break;
                    }
                }
                Matcher joined = Pattern.compile("^(\\S+) .*worker joined: " + Pattern.quote(w2), Pattern.MULTILINE).matcher(log);
                String rejoined = null;
                while (joined.find()) {
                    long at = time(joined.group(1));
                    if (at >= up) {
                        rejoined = String.format("joined again %.1f s after the link came up", (at - up) / 1000.0);
                        // Once back, it stays: the later close of its old, dead connection is not its leaving.
                        Matcher again = left.reset();
                        while (again.find()) {
                            assertTrue(time(again.group(1)) < at, "worker 2 dropped after it joined again:\n" + log);
                        }
                        break;
                    }
                }
                // The game it was playing was started again after the link went down (on any worker).
                long released = -1;
                String on = null;
                for (String w : List.of("w1", "w2", "w3")) {
                    for (String[] st : starts(folder, w)) {
                        long at = time(st[0]);
                        if (st[1].equals(cutGame) && at >= down && (released < 0 || at < released)) {
                            released = at;
                            on = w;
                        }
                    }
                }
                figures.add(String.format("partition of worker 2 for %d s from %.1f s into the run, in game %s: %s; %s; "
                        + "game %s started again on %s %s", PARTITION_MS / 1000, (down - faulty.startMs) / 1000.0, cutGame,
                        givenUp != null ? givenUp : leasesExpired != null ? leasesExpired : "not given up before the link came back",
                        rejoined == null ? "did not join again before the run ended" : rejoined, cutGame,
                        on == null ? "no worker" : on, released < 0 ? "" : String.format("%.1f s after the link went down",
                                (released - down) / 1000.0)));
                assertTrue(givenUp != null || rejoined != null || leasesExpired != null,
                        "worker 2 was given up, joined again or lost its leases:\n" + log);
                assertTrue(released > 0 || finishedBy(folder, "w2", cutGame, down), "game " + cutGame + " played again");

                String relay = cluster.output("relay");
                int cuts = count(relay, ": cut");
                int stalls = count(relay, ": stall");
                String w3 = workerId(cluster.output("w3"));
                figures.add(String.format("relay (%d ms per chunk, seed %d): %d connections, %d stalls, %d cuts; "
                        + "the coordinator saw worker 3 leave %d times", RELAY_DELAY_MS, RELAY_SEED, count(relay, " from /"),
                        stalls, cuts, count(log, "worker left (disconnected): " + w3)));
                int starts = 0;
                List<String> perWorker = new ArrayList<>();
                for (String w : List.of("w1", "w2", "w3")) {
                    int n = started(folder, w);
                    starts += n;
                    perWorker.add(w + " " + n + " (" + finished(folder, w) + " finished)");
                }
                figures.add(String.format("games started %d for %d games (%d replayed); started per worker: %s; "
                        + "duplicate deliveries refused: %d", starts, GAMES, starts - GAMES, String.join(", ", perWorker),
                        count(log, "sequence number already seen")));
                assertTrue(cuts + stalls > 0, "the relay injected faults:\n" + relay);
                assertTrue(finished(folder, "w3") > 0, "worker 3 played through the relay:\n" + relay);
            } finally {
                figures.forEach(f -> System.out.println("netns figures: " + f));
                keep();
            }
            assertEqualsLocal(dir.resolve("faulty"));
        }
    }

    /** With {@code -Dnetns.keep=FOLDER}: the runs' logs and outputs copied there, to read after the test. */
    private static void keep() throws IOException {
        String to = System.getProperty("netns.keep");
        if (to == null) {
            return;
        }
        try (var files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Path copy = Path.of(to).resolve(dir.relativize(f).toString());
                Files.createDirectories(copy.getParent());
                Files.copy(f, copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    /** Every game recorded once (count and numbers) and equal to the local run's, move for move. */
    private static void assertEqualsLocal(Path out) throws IOException {
        List<GameRecord> games = ClusterProcesses.read(out.resolve("games.pdn"));
        Map<String, GameRecord> there = byId(games);
        assertEquals(GAMES, games.size(), "games in " + out + ": " + there.keySet());
        assertEquals(reference.keySet(), there.keySet());
        for (String id : reference.keySet()) {
            GameRecord a = reference.get(id);
            GameRecord b = there.get(id);
            for (String tag : List.of("White", "Black", "Result", "Round", "Opening", "Termination")) {
                assertEquals(a.tag(tag), b.tag(tag), "game " + id + " tag " + tag);
            }
            assertEquals(a.moves(), b.moves(), "game " + id + " moves");
        }
    }

    private static Map<String, GameRecord> byId(List<GameRecord> games) {
        Map<String, GameRecord> m = new TreeMap<>();
        for (GameRecord g : games) {
            m.put(g.tag("Game"), g);
        }
        return m;
    }

    /** The worker's id, from its console's {@code Joined HOST:PORT as ID:}. */
    private static String workerId(String console) {
        Matcher m = Pattern.compile("Joined \\S+ as (\\S+):").matcher(console);
        assertTrue(m.find(), "the worker joined: " + console);
        return m.group(1);
    }

    /** Each {@code playing game N} line of a worker's log: its time stamp and N. */
    private static List<String[]> starts(Path folder, String worker) {
        List<String[]> out = new ArrayList<>();
        try {
            Path f = folder.resolve(worker + ".log");
            Matcher m = STARTED.matcher(Files.exists(f) ? Files.readString(f) : "");
            while (m.find()) {
                out.add(new String[] {m.group(1), m.group(2)});
            }
        } catch (IOException e) {
            // not written yet
        }
        return out;
    }

    /** Whether the worker's log says it finished game {@code id} before {@code ms}. */
    private static boolean finishedBy(Path folder, String worker, String id, long ms) throws IOException {
        Matcher m = Pattern.compile("^(\\S+) .*Worker - game " + id + " of ", Pattern.MULTILINE)
                .matcher(Files.readString(folder.resolve(worker + ".log")));
        return m.find() && time(m.group(1)) <= ms;
    }

    private static int started(Path folder, String worker) {
        return starts(folder, worker).size();
    }

    private static int finished(Path folder, String worker) {
        try {
            Path f = folder.resolve(worker + ".log");
            return Files.exists(f) ? count(Files.readString(f), "Worker - game ") : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    /** A log line's time stamp ({@code 2026-11-25T23:33:19,307}, local time) in epoch milliseconds. */
    private static long time(String stamp) {
        return LocalDateTime.parse(stamp.replace(',', '.')).atZone(ZoneId.systemDefault()).toInstant().toEpochMilli();
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }
}

package arbiter.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import arbiter.pdn.GameRecord;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A partition that heals after the worker gave its connection up but before the coordinator noticed:
 * the worker reconnects on a new connection and is taken again, and its old, half-open connection is
 * closed by Hazelcast's client heartbeat check (15 s without a byte, checked every 10 s) some seconds
 * later. That close of a dead connection must not count as the worker leaving: the worker is still
 * connected, and must go on being given games. (A 20 s partition of a real link, {@link NetnsFaultTest},
 * falls in that window about every other time.)
 */
class ClusterReconnectTest {
    @TempDir
    Path dir;

    private static final Pattern STARTED = Pattern.compile("^(\\S+) .*playing game (\\d+) of ", Pattern.MULTILINE);
    private static final Pattern STALE = Pattern.compile("^(\\S+) .*Destroying ClientEndpoint", Pattern.MULTILINE);

    @Test
    void aWorkerThatReconnectedIsNotDroppedWhenItsOldDeadConnectionIsClosed() throws Exception {
        // Many games (the cluster plays about 20 a second here): the test ends once the worker has been seen
        // playing after the old connection closed, long before the run would.
        String json = """
                { "name": "stale", "game": { "variant": "international" },
                  "players": [
                    { "name": "deep", "engine": "draughts-alphabeta", "limits": { "depth": 5 } },
                    { "name": "shallow", "engine": "draughts-alphabeta", "limits": { "depth": 3 } } ],
                  "schedule": { "type": "round-robin", "rounds": 5000 },
                  "openings": { "randomPlies": 4, "pairs": true },
                  "adjudication": { "maxPlies": 160 },
                  "concurrency": 1, "seed": 3, "output": "%s" }
                """.formatted(dir.resolve("stale").toString());
        Path file = dir.resolve("stale.json");
        Files.writeString(file, json);
        Path log = dir.resolve("stale/arbiter.log");
        try (ClusterProcesses cluster = new ClusterProcesses(dir);
             PrintStream relayLog = new PrintStream(Files.newOutputStream(dir.resolve("relay.out")), true, StandardCharsets.UTF_8);
             FaultRelay relay = FaultRelay.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                     new InetSocketAddress(InetAddress.getLoopbackAddress(), cluster.port), 0, -1, relayLog)) {
            Process coordinator = cluster.coordinator(file, "coordinator");
            cluster.start("w1", List.of("worker", "--join", "127.0.0.1:" + relay.port(), "--secret-file",
                    cluster.secret.toString(), "--concurrency", "1", "--log", dir.resolve("w1.log").toString()));
            cluster.await("a game recorded and the next one playing", 180,
                    () -> ClusterProcesses.games(dir.resolve("stale/games.pdn")) >= 1 && starts(cluster).size() >= 2);
            relay.blackHole();
            long cut = System.currentTimeMillis();
            cluster.await("the worker on a new connection", 60,
                    () -> read(log).split("worker joined: ", -1).length - 1 >= 2);
            // Hazelcast closes the old connection 15-25 s after its last byte.
            try {
                cluster.await("the old connection closed by the coordinator", 60, () -> STALE.matcher(read(log)).find());
            } catch (AssertionError e) {
                throw new AssertionError(e.getMessage() + "\n--- the coordinator's arbiter.log:\n" + read(log), e);
            }
            Matcher stale = STALE.matcher(read(log));
            assertTrue(stale.find());
            long closed = time(stale.group(1));
            assertTrue(closed - cut >= 10_000, "the old connection lived on " + (closed - cut) + " ms after the cut");
            // The worker is still the coordinator's: it goes on playing.
            try {
                cluster.await("the worker playing after its old connection closed", 90,
                        () -> starts(cluster).stream().filter(t -> t > closed + 500).count() >= 2);
            } catch (AssertionError e) {
                throw new AssertionError(e.getMessage() + "\n--- the coordinator's arbiter.log:\n" + read(log), e);
            }
            assertTrue(coordinator.isAlive(), cluster.output("coordinator"));
            // And nothing recorded twice meanwhile.
            Map<String, Integer> seen = new HashMap<>();
            for (GameRecord g : ClusterProcesses.read(dir.resolve("stale/games.pdn"))) {
                seen.merge(g.tag("Game"), 1, Integer::sum);
            }
            assertEquals(List.of(), seen.entrySet().stream().filter(e -> e.getValue() > 1).toList());
        }
    }

    private static List<Long> starts(ClusterProcesses cluster) {
        try {
            Matcher m = STARTED.matcher(cluster.log("w1"));
            List<Long> out = new java.util.ArrayList<>();
            while (m.find()) {
                out.add(time(m.group(1)));
            }
            return out;
        } catch (IOException e) {
            return List.of();
        }
    }

    private static String read(Path f) {
        try {
            return Files.exists(f) ? Files.readString(f) : "";
        } catch (IOException e) {
            return "";
        }
    }

    private static long time(String stamp) {
        return LocalDateTime.parse(stamp.replace(',', '.')).atZone(ZoneId.systemDefault()).toInstant().toEpochMilli();
    }
}

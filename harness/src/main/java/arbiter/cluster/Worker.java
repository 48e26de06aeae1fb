package arbiter.cluster;

import arbiter.execute.GameObserver;
import arbiter.execute.LocalExecutor;
import arbiter.execute.PlayerFactory;
import arbiter.play.GameSpec;
import arbiter.play.PlayedMove;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.hazelcast.collection.IQueue;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.LifecycleEvent.LifecycleState;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * A worker of the cluster ({@code arbiter worker}): connects to a coordinator, announces itself, then
 * takes the game specs leased to it, plays them with its own referee and players, and sends back
 * the played games. It runs nothing it is sent: a spec names players, and an external engine's
 * command comes only from this worker's own configuration ({@link PlayerFactory}); a spec for an
 * engine it does not have is refused. Messages without a valid signature are dropped and logged.
 * After a coordinator restart it announces itself again and goes on.
 */
public final class Worker implements AutoCloseable {
    private static final Logger LOG = LogManager.getLogger(Worker.class);
    /** At most this often a game's latest move is sent to a coordinator that wants moves. */
    private static final long MOVE_INTERVAL_NANOS = 250_000_000L;

    private final Signer signer;
    private final PlayerFactory players;
    private final int slots;
    private final PrintWriter out;
    private final HazelcastInstance hz;
    private final LocalExecutor executor;
    private final String id;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile boolean closed;

    /**
     * Connects to the coordinator at {@code join} (waiting for it up to {@code connectTimeoutMs}, -1 forever).
     *
     * @param slots games played at once
     */
    public Worker(String join, Signer signer, PlayerFactory players, int slots, long connectTimeoutMs, PrintWriter out) {
        Hazelcasts.Address address = Hazelcasts.Address.parse(join, "--join");
        this.signer = signer;
        this.players = players;
        this.slots = slots;
        this.out = out;
        this.executor = new LocalExecutor(slots, players, p -> { }, "game");
        this.hz = Hazelcasts.client(address, "arbiter-worker-" + ProcessHandle.current().pid(), connectTimeoutMs);
        this.id = hz.getLocalEndpoint().getUuid().toString();
        hz.getLifecycleService().addLifecycleListener(event -> {
            if (event.getState() == LifecycleState.CLIENT_CONNECTED || event.getState() == LifecycleState.CLIENT_CHANGED_CLUSTER) {
                if (!closed) {
                    // A restarted coordinator knows nothing of this worker or of its games.
                    executor.cancelAll();
                    Thread t = new Thread(this::announce, "announce");
                    t.setDaemon(true);
                    t.start();
                }
            } else if (event.getState() == LifecycleState.CLIENT_DISCONNECTED) {
                out.println("Lost the coordinator; trying to reconnect.");
                out.flush();
            } else if (event.getState() == LifecycleState.SHUTDOWN) {
                stopped.countDown();
            }
        });
        hz.getTopic(ClusterExecutor.CONTROL).addMessageListener(message -> control(message.getMessageObject()));
        announce();
        out.printf("Joined %s as %s: %d games at once, engines: %s%n", address, id, slots,
                players.engineNames().isEmpty() ? "built-in only" : String.join(", ", players.engineNames()));
        out.flush();
    }

    public String id() {
        return id;
    }

    private void announce() {
        ObjectNode hello = Wire.object();
        hello.put("kind", "hello");
        hello.put("worker", id);
        hello.put("host", hostName());
        hello.put("cores", Runtime.getRuntime().availableProcessors());
        hello.put("slots", slots);
        ArrayNode engines = hello.putArray("engines");
        players.engineNames().forEach(engines::add);
        try {
            hz.getMap(ClusterExecutor.WORKERS).put(id, signer.sign(Wire.text(hello)));
            LOG.info("announced to the coordinator as {}", id);
        } catch (RuntimeException e) {
            LOG.warn("could not announce: {}", e.toString());
        }
    }

    /** Plays what is leased to it until {@link #close} or the client shuts down. */
    public void run() {
        IQueue<Object> tasks = hz.getQueue(ClusterExecutor.TASKS + id);
        while (!closed) {
            Object message;
            try {
                message = tasks.poll(500, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                if (closed || !hz.getLifecycleService().isRunning()) {
                    return;
                }
                LOG.debug("waiting for the coordinator: {}", e.toString());
                sleep(500);
                continue;
            }
            if (message != null) {
                take(message);
            }
        }
    }

    private void take(Object message) {
        JsonNode m;
        GameSpec spec;
        long lease;
        String coordinator;
        boolean moves;
        try {
            m = Wire.parse(signer.open(message));
            if (!"spec".equals(Wire.field(m, "kind")) || !id.equals(Wire.field(m, "worker"))) {
                throw new Wire.BadMessageException("not a spec for this worker");
            }
            lease = Wire.number(m, "lease");
            coordinator = Wire.field(m, "coordinator");
            spec = Wire.spec(m.get("spec"));
            moves = m.path("moves").asBoolean(false);
        } catch (RuntimeException e) {
            LOG.warn("rejected a spec: {}", e.getMessage());
            out.println("Rejected a spec: " + e.getMessage());
            out.flush();
            return;
        }
        GameObserver started = new GameObserver() {
            private long lastMoveSent;

            @Override
            public boolean wantsMoves() {
                return moves;
            }

            @Override
            public void moved(PlayedMove move, String position, int ply) {
                long now = System.nanoTime();
                if (now - lastMoveSent < MOVE_INTERVAL_NANOS) {
                    return; // the coordinator wants a live view, not every move of a fast game
                }
                lastMoveSent = now;
                ObjectNode r = reply("moved", coordinator, lease);
                r.set("move", Wire.tree(move));
                r.put("position", position);
                r.put("ply", ply);
                send(r);
            }

            @Override
            public void started(String worker) {
                LOG.info("playing game {} of {} (lease {})", spec.task().id(), spec.run(), lease);
                send(reply("started", coordinator, lease));
            }
        };
        executor.submit(spec, started).whenComplete((game, error) -> {
            if (closed) {
                return;
            }
            if (error != null) {
                Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
                ObjectNode r = reply("refused", coordinator, lease);
                r.put("why", String.valueOf(cause.getMessage()));
                LOG.warn("refused game {} of {}: {}", spec.task().id(), spec.run(), cause.getMessage());
                out.println("Refused game " + spec.task().id() + ": " + cause.getMessage());
                out.flush();
                send(r);
            } else if (game == null) {
                send(reply("abandoned", coordinator, lease));
            } else {
                ObjectNode r = reply("result", coordinator, lease);
                r.set("game", Wire.tree(game));
                LOG.info("game {} of {}: {} - {} {} ({})", spec.task().id(), spec.run(), spec.task().white(),
                        spec.task().black(), game.result(), game.termination().describe());
                send(r);
            }
        });
    }

    private ObjectNode reply(String kind, String coordinator, long lease) {
        ObjectNode r = Wire.object();
        r.put("kind", kind);
        r.put("coordinator", coordinator);
        r.put("worker", id);
        r.put("lease", lease);
        return r;
    }

    private void send(ObjectNode message) {
        try {
            hz.getQueue(ClusterExecutor.RESULTS).offer(signer.sign(Wire.text(message)));
        } catch (RuntimeException e) {
            // The coordinator is gone: it re-leases the game when it is back (a restart forgets it anyway).
            LOG.warn("could not send a {} for lease {}: {}", message.path("kind").asText(), message.path("lease").asLong(),
                    e.toString());
        }
    }

    private void control(Object message) {
        try {
            JsonNode m = Wire.parse(signer.open(message));
            if ("cancel".equals(Wire.field(m, "kind"))) {
                LOG.info("the coordinator cancelled its games (up to lease {})", Wire.number(m, "upTo"));
                executor.cancelAll();
            }
        } catch (RuntimeException e) {
            LOG.warn("rejected a control message: {}", e.getMessage());
        }
    }

    /** Blocks until the worker is closed or its client shut down. */
    public void awaitStop() throws InterruptedException {
        stopped.await();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        executor.close();
        try {
            hz.shutdown();
        } catch (RuntimeException e) {
            LOG.debug("shutting the client down: {}", e.toString());
        }
        stopped.countDown();
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            return "unknown";
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

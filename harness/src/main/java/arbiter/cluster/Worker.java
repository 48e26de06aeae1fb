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
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * A worker of the cluster ({@code arbiter worker}): connects to a coordinator, announces itself, then
 * takes the game specs leased to it, plays them with its own referee and players, and sends back
 * the played games. It runs nothing it is sent: a spec names players, and an external engine's
 * command comes only from this worker's own configuration ({@link PlayerFactory}); a spec for an
 * engine it does not have is refused. Its messages and the coordinator's to it are signed with its own
 * key ({@link Signer#forWorker}), cancels with the secret. Messages without a valid signature are
 * dropped and logged, and so are signed ones for another run or coordinator incarnation than its
 * welcome named, or with a sequence number already seen or far ahead of the last (each of the
 * coordinator's two streams, its queue and the cancels, numbered from the welcome). Every second it
 * tells the coordinator which leases it holds (their
 * heartbeat); a result it cannot hand in yet (a full queue, a lost connection) is kept and retried.
 * After a coordinator restart it announces itself again and goes on.
 */
public final class Worker implements AutoCloseable {
    private static final Logger LOG = LogManager.getLogger(Worker.class);
    /** At most this often a game's latest move is sent to a coordinator that wants moves. */
    private static final long MOVE_INTERVAL_NANOS = 250_000_000L;
    static final long ALIVE_INTERVAL_MS = 1000;
    private static final long WAIT_LOG_INTERVAL_MS = 60_000;

    private final Signer signer;
    /** This worker's own key, for its messages and the coordinator's to it. */
    private final Signer key;
    private final PlayerFactory players;
    private final int slots;
    private final PrintWriter out;
    private final Hazelcasts.Address address;
    private final HazelcastInstance hz;
    private final LocalExecutor executor;
    private final String id;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final CountDownLatch connected = new CountDownLatch(1);
    private final CountDownLatch welcomed = new CountDownLatch(1);
    /** Counted down when the constructor has set {@code hz} and {@code id}: Hazelcast may report the connection before. */
    private final CountDownLatch constructed = new CountDownLatch(1);
    private final AtomicLong sequence = new AtomicLong();
    /** The leases this worker holds, each with when it was taken (System.nanoTime). */
    private final Map<Long, Long> held = new ConcurrentHashMap<>();
    private final Outbox outbox;
    private volatile boolean closed;
    /** The nonce of the latest announcement: only a welcome echoing it is taken. */
    private volatile String nonce = "";
    /** The run and coordinator incarnation this worker serves now, from its welcome (null before). */
    private volatile Session session;
    private volatile String refusal;
    /** With a connect timeout: when {@link #run} gives up if no coordinator has welcomed this worker. */
    private volatile long welcomeBy = -1;
    private final long connectTimeoutMs;
    private volatile long announced = System.currentTimeMillis();
    private static final long REANNOUNCE_MS = 5000;

    /** A welcome's run and incarnation, and the numbers seen on this worker's queue and of the cancels. */
    private record Session(String run, String coordinator, Sequence seen, Sequence cancels) {
        boolean owns(JsonNode m) {
            return ours(m) && seen.take(m.path("seq").asLong(-1));
        }

        boolean ownsCancel(JsonNode m) {
            return ours(m) && cancels.take(m.path("seq").asLong(-1));
        }

        private boolean ours(JsonNode m) {
            return run.equals(m.path("run").asText(null)) && coordinator.equals(m.path("coordinator").asText(null));
        }
    }

    /**
     * Starts connecting to the coordinator at {@code join}, which {@link #connect} waits for (up to
     * {@code connectTimeoutMs}, -1 forever).
     *
     * @param slots games played at once
     */
    public Worker(String join, Signer signer, PlayerFactory players, int slots, long connectTimeoutMs, PrintWriter out) {
        // Hazelcast logs two WARN lines per connection attempt (every 2 s while waiting); this worker logs its own, once a minute.
        org.apache.logging.log4j.core.config.Configurator.setLevel("com.hazelcast.client.impl.connection",
                org.apache.logging.log4j.Level.ERROR);
        this.address = Hazelcasts.Address.parse(join, "--join");
        this.connectTimeoutMs = connectTimeoutMs;
        this.signer = signer;
        this.players = players;
        this.slots = slots;
        this.out = out;
        this.executor = new LocalExecutor(slots, players, p -> { }, "game");
        this.hz = Hazelcasts.client(address, "arbiter-worker-" + ProcessHandle.current().pid(), connectTimeoutMs, event -> {
            if (event.getState() == LifecycleState.CLIENT_CONNECTED || event.getState() == LifecycleState.CLIENT_CHANGED_CLUSTER) {
                if (!closed) {
                    boolean again = connected.getCount() == 0;
                    connected.countDown();
                    if (again) {
                        // A restarted coordinator knows nothing of this worker or of its games.
                        session = null;
                        if (welcomeBy >= 0) {
                            welcomeBy = System.currentTimeMillis() + Math.max(connectTimeoutMs, 1000);
                        }
                        executor.cancelAll();
                    }
                    Thread t = new Thread(this::announce, "announce");
                    t.setDaemon(true);
                    t.start();
                }
            } else if (event.getState() == LifecycleState.CLIENT_DISCONNECTED && !closed) {
                say("Lost the coordinator; trying to reconnect.");
            } else if (event.getState() == LifecycleState.SHUTDOWN) {
                stopped.countDown();
            }
        });
        this.id = hz.getLocalEndpoint().getUuid().toString();
        this.key = signer.forWorker(id);
        this.outbox = new Outbox(key, id, sequence, () -> {
            Session s = session;
            return s == null ? null : s.coordinator();
        });
        constructed.countDown();
    }

    public String id() {
        return id;
    }

    /**
     * Waits until connected (logging once a minute); with a timeout ({@code connectTimeoutMs} not -1)
     * {@link #run} then gives up when no welcome came within it.
     *
     * @throws IllegalStateException when no coordinator answered in time
     * @return false when closed meanwhile
     */
    public boolean connect(long connectTimeoutMs) throws InterruptedException {
        long start = System.currentTimeMillis();
        long nextLog = start + WAIT_LOG_INTERVAL_MS;
        while (!connected.await(200, TimeUnit.MILLISECONDS)) {
            if (closed) {
                return false;
            }
            long now = System.currentTimeMillis();
            if (!hz.getLifecycleService().isRunning() || connectTimeoutMs >= 0 && now - start > connectTimeoutMs) {
                throw new IllegalStateException("no answer in " + (now - start) / 1000 + " s");
            }
            if (now >= nextLog) {
                LOG.info("still waiting for the coordinator at {} ({} min)", address, (now - start) / 60_000);
                nextLog = now + WAIT_LOG_INTERVAL_MS;
            }
        }
        hz.getTopic(ClusterExecutor.CONTROL).addMessageListener(message -> control(message.getMessageObject()));
        IQueue<Object> results = hz.getQueue(ClusterExecutor.RESULTS);
        Thread sender = new Thread(() -> outbox.run(results), "worker-sender");
        sender.setDaemon(true);
        sender.start();
        if (connectTimeoutMs >= 0) {
            welcomeBy = start + Math.max(connectTimeoutMs, 1000);
        }
        return !closed;
    }

    private void announce() {
        try {
            constructed.await(); // the first connection may be reported from inside Hazelcasts.client
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        announced = System.currentTimeMillis();
        nonce = UUID.randomUUID().toString();
        ObjectNode hello = Wire.object();
        hello.put("kind", "hello");
        hello.put("worker", id);
        hello.put("nonce", nonce);
        hello.put("seq", sequence.incrementAndGet());
        hello.put("host", hostName());
        hello.put("cores", Runtime.getRuntime().availableProcessors());
        hello.put("slots", slots);
        ArrayNode engines = hello.putArray("engines");
        players.engineNames().forEach(engines::add);
        try {
            hz.getMap(ClusterExecutor.WORKERS).put(id, key.sign(Wire.text(hello)));
            LOG.info("announced to the coordinator as {}", id);
        } catch (RuntimeException e) {
            LOG.warn("could not announce: {}", e.toString());
        }
    }

    /**
     * Plays what is leased to it until {@link #close} or the client shuts down.
     *
     * @throws IllegalStateException when a connect timeout passed without a welcome (why, if the coordinator said)
     */
    public void run() {
        IQueue<Object> tasks = hz.getQueue(ClusterExecutor.TASKS + id);
        long nextAlive = 0;
        while (!closed) {
            if (welcomeBy >= 0 && session == null && System.currentTimeMillis() > welcomeBy) {
                throw new IllegalStateException(refusal != null ? "refused this worker: " + refusal
                        : "connected, but the coordinator did not take this worker in time");
            }
            if (System.currentTimeMillis() >= nextAlive) {
                alive();
                nextAlive = System.currentTimeMillis() + ALIVE_INTERVAL_MS;
                if (session == null && System.currentTimeMillis() - announced > REANNOUNCE_MS) {
                    announce(); // the welcome went astray (taken off the queue by someone else): ask again
                }
            }
            Object message;
            try {
                // Until the next heartbeat is due: an idle worker asks its queue once a second, not four times.
                message = tasks.poll(Math.max(1, nextAlive - System.currentTimeMillis()), TimeUnit.MILLISECONDS);
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

    /**
     * The heartbeat of the leases this worker has held for a heartbeat interval or more; a lease
     * given since is fresh at the coordinator (its deadline runs from when it was given, and is far
     * longer), so a worker of instant games sends no heartbeat at all.
     */
    private void alive() {
        Session s = session;
        if (s == null || held.isEmpty() || outbox.size() >= 16) {
            return;
        }
        long before = System.nanoTime() - ALIVE_INTERVAL_MS * 1_000_000L;
        long[] old = held.entrySet().stream().filter(e -> e.getValue() <= before).mapToLong(Map.Entry::getKey).toArray();
        if (old.length > 0) {
            send(s, ResultBatch.Entry.alive(old));
        }
    }

    private void take(Object message) {
        JsonNode m;
        try {
            m = Wire.parse(key.open(message));
        } catch (Signer.BadSignatureException e) {
            JsonNode unchecked = Wire.peek(message);
            if (unchecked != null && "unwelcome".equals(unchecked.path("kind").asText()) && id.equals(unchecked.path("worker").asText())
                    && nonce.equals(unchecked.path("nonce").asText())) {
                refused(unchecked.path("why").asText() + " [this worker cannot check the coordinator's signature either]");
            } else {
                rejectedSpec(e.getMessage());
            }
            return;
        } catch (RuntimeException e) {
            rejectedSpec(e.getMessage());
            return;
        }
        String kind = m.path("kind").asText();
        if (!id.equals(m.path("worker").asText())) {
            rejectedSpec("not a message for this worker");
            return;
        }
        switch (kind) {
            case "welcome" -> welcome(m);
            case "unwelcome" -> unwelcome(m);
            case "notice" -> {
                if (session != null && session.owns(m)) {
                    say("The coordinator says: " + m.path("why").asText());
                }
            }
            case "spec", "specs" -> {
                Session s = session;
                if (s == null || !s.owns(m)) {
                    rejectedSpec("a spec for another run or coordinator, or a replay");
                } else if (kind.equals("spec")) {
                    play(m, s);
                } else {
                    m.path("games").forEach(g -> play(g, s)); // several leases in one signed message
                }
            }
            default -> rejectedSpec("unknown kind '" + kind + "'");
        }
    }

    private void welcome(JsonNode m) {
        if (!nonce.equals(m.path("nonce").asText())) {
            rejectedSpec("a welcome for an earlier announcement");
            return;
        }
        Session s = new Session(Wire.field(m, "run"), Wire.field(m, "coordinator"), new Sequence(Wire.number(m, "seq")),
                new Sequence(Wire.number(m, "control")));
        session = s;
        refusal = null;
        outbox.clear();
        if (welcomed.getCount() > 0) {
            say(String.format("Joined %s as %s: %d games at once, engines: %s", address, id, slots,
                    players.engineNames().isEmpty() ? "built-in only" : String.join(", ", players.engineNames())));
        } else {
            LOG.info("welcomed again by coordinator {}", s.coordinator());
        }
        welcomed.countDown();
    }

    /**
     * The coordinator refused this worker's latest announcement, or dropped it from the run (it then
     * stops serving that run: its leases are gone); a refusal of an earlier announcement is not for it.
     */
    private void unwelcome(JsonNode m) {
        if (!nonce.equals(m.path("nonce").asText())) {
            LOG.info("ignored a refusal of an earlier announcement: {}", m.path("why").asText());
            return;
        }
        if (session != null) {
            session = null;
            executor.cancelAll();
        }
        refused(m.path("why").asText());
    }

    private void refused(String why) {
        LOG.info("the coordinator refused this worker: {}", why);
        if (!why.equals(refusal)) {
            say("The coordinator refused this worker: " + why);
        }
        refusal = why;
    }

    private void rejectedSpec(String why) {
        LOG.warn("rejected a spec: {}", why);
        say("Rejected a spec: " + why);
    }

    /** Plays the lease {@code m} (its number, spec and whether to send moves) of a checked message. */
    private void play(JsonNode m, Session session) {
        GameSpec spec;
        long lease;
        boolean moves;
        try {
            lease = Wire.number(m, "lease");
            spec = Wire.spec(m.get("spec"));
            moves = m.path("moves").asBoolean(false);
        } catch (RuntimeException e) {
            rejectedSpec(e.getMessage());
            return;
        }
        held.put(lease, System.nanoTime());
        GameObserver started = new GameObserver() {
            private long lastMoveSent;

            @Override
            public boolean wantsMoves() {
                return moves;
            }

            @Override
            public void moved(PlayedMove move, String position, int ply) {
                long now = System.nanoTime();
                if (now - lastMoveSent < MOVE_INTERVAL_NANOS || outbox.size() > 64) {
                    return; // the coordinator wants a live view, not every move of a fast game
                }
                lastMoveSent = now;
                send(session, ResultBatch.Entry.moved(lease, move, position, ply));
            }

            @Override
            public void started(String worker) {
                LOG.info("playing game {} of {} (lease {})", spec.task().id(), spec.run(), lease);
                send(session, ResultBatch.Entry.of(ResultBatch.Kind.STARTED, lease));
            }
        };
        executor.submit(spec, started).whenComplete((game, error) -> {
            held.remove(lease);
            if (closed) {
                return;
            }
            if (error != null) {
                Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
                LOG.warn("refused game {} of {}: {}", spec.task().id(), spec.run(), cause.getMessage());
                say("Refused game " + spec.task().id() + ": " + cause.getMessage());
                send(session, ResultBatch.Entry.refused(lease, String.valueOf(cause.getMessage())));
            } else if (game == null) {
                send(session, ResultBatch.Entry.of(ResultBatch.Kind.ABANDONED, lease));
            } else {
                LOG.info("game {} of {}: {} - {} {} ({})", spec.task().id(), spec.run(), spec.task().white(),
                        spec.task().black(), game.result(), game.termination().describe());
                send(session, ResultBatch.Entry.result(lease, game));
            }
        });
    }

    private void send(Session s, ResultBatch.Entry e) {
        outbox.add(s.run(), s.coordinator(), e);
    }

    private void control(Object message) {
        try {
            JsonNode m = Wire.parse(signer.open(message));
            Session s = session;
            if (s == null || !s.ownsCancel(m)) {
                throw new Wire.BadMessageException("a " + m.path("kind").asText() + " for another run or coordinator, or a replay");
            }
            if ("cancel".equals(Wire.field(m, "kind"))) {
                long upTo = Wire.number(m, "upTo");
                LOG.info("the coordinator cancelled its games (up to lease {})", upTo);
                if (held.keySet().stream().anyMatch(n -> n <= upTo)) {
                    executor.cancelAll();
                }
            }
        } catch (RuntimeException e) {
            LOG.warn("rejected a control message: {}", e.getMessage());
        }
    }

    /** Blocks until the worker is closed or its client shut down. */
    public void awaitStop() throws InterruptedException {
        stopped.await();
    }

    /** Stops at once: the client leaves first (the coordinator re-leases this worker's games), then the games end. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        outbox.close();
        try {
            hz.shutdown();
        } catch (RuntimeException e) {
            LOG.debug("shutting the client down: {}", e.toString());
        }
        executor.close();
        stopped.countDown();
    }

    private void say(String line) {
        synchronized (out) {
            out.println(line);
            out.flush();
        }
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

package arbiter.cluster;

import arbiter.execute.GameExecutor;
import arbiter.execute.GameObserver;
import arbiter.execute.LocalExecutor;
import arbiter.play.GameSpec;
import arbiter.play.PlayedGame;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.hazelcast.client.Client;
import com.hazelcast.client.ClientListener;
import com.hazelcast.collection.IQueue;
import com.hazelcast.core.EntryEvent;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.map.listener.EntryAddedListener;
import com.hazelcast.map.listener.EntryUpdatedListener;
import com.hazelcast.topic.ITopic;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Plays games on the workers of a Hazelcast cluster, and on {@code local} threads of the coordinator
 * itself. The coordinator embeds the cluster's one member; workers connect as clients and announce
 * themselves (host, cores, slots, engines). Every game given to a worker is a <em>lease</em> with its
 * own number: when the worker leaves or dies its leases go back to the front of the queue and are
 * played elsewhere, and a result is accepted only for a lease still held by the worker that sends
 * it, so a late result of a re-leased game is dropped and no game is recorded twice. Specs, results
 * and announcements are signed (see {@link Signer}); anything else is rejected and logged.
 *
 * <p>Hazelcast structures: {@code arbiter.workers} (map: worker id to its signed announcement),
 * {@code arbiter.tasks.<worker id>} (queue: signed specs for that worker), {@code arbiter.results}
 * (queue: signed results from every worker), {@code arbiter.control} (topic: signed cancels).
 */
public final class ClusterExecutor implements GameExecutor {
    private static final Logger LOG = LogManager.getLogger(ClusterExecutor.class);
    static final String WORKERS = "arbiter.workers";
    static final String TASKS = "arbiter.tasks.";
    static final String RESULTS = "arbiter.results";
    static final String CONTROL = "arbiter.control";
    /** Games queued at a worker beyond its slots, so it never waits for the next one. */
    static final int PREFETCH = 1;

    private final HazelcastInstance hz;
    private final Signer signer;
    private final LocalExecutor local;
    private final int localThreads;
    /** This coordinator's incarnation: results for another one (before a restart) are dropped. */
    private final String incarnation = UUID.randomUUID().toString();
    private final Hazelcasts.Address address;

    private final Object lock = new Object();
    private final Deque<Job> pending = new ArrayDeque<>();
    private final Map<Long, Lease> leases = new HashMap<>();
    private final Map<String, Remote> workers = new LinkedHashMap<>();
    private long nextLease;
    private int localBusy;
    private volatile boolean closed;
    private final AtomicLong rejected = new AtomicLong();
    private final Thread receiver;

    private static final class Job {
        final GameSpec spec;
        final GameObserver observer;
        final CompletableFuture<PlayedGame> result = new CompletableFuture<>();
        final Set<String> refusedBy = new HashSet<>();

        Job(GameSpec spec, GameObserver observer) {
            this.spec = spec;
            this.observer = observer;
        }
    }

    private record Lease(long number, Job job, Remote worker) {
    }

    /** A connected worker as it announced itself. */
    public record WorkerInfo(String id, String host, int cores, int slots, List<String> engines) {
    }

    private static final class Remote {
        final WorkerInfo info;
        final IQueue<Object> tasks;
        final Set<Long> leases = new LinkedHashSet<>();

        Remote(WorkerInfo info, IQueue<Object> tasks) {
            this.info = info;
            this.tasks = tasks;
        }

        boolean canPlay(GameSpec spec) {
            return (!spec.white().external() || info.engines().contains(spec.white().engine()))
                    && (!spec.black().external() || info.engines().contains(spec.black().engine()));
        }
    }

    /**
     * Starts the coordinator's member on {@code listen}.
     *
     * @param local        the coordinator's own worker threads (may have 0 threads)
     * @param localThreads how many games {@code local} plays at once
     */
    public ClusterExecutor(String listen, Signer signer, LocalExecutor local, int localThreads) {
        this.address = Hazelcasts.Address.parse(listen, "--listen");
        this.signer = signer;
        this.local = local;
        this.localThreads = localThreads;
        this.hz = Hazelcasts.member(address);
        hz.getClientService().addClientListener(new ClientListener() {
            @Override
            public void clientConnected(Client client) {
                LOG.info("connection from {} ({})", client.getSocketAddress(), client.getUuid());
            }

            @Override
            public void clientDisconnected(Client client) {
                workerLeft(client.getUuid().toString(), "disconnected");
            }
        });
        IMap<String, Object> announced = hz.getMap(WORKERS);
        Listener listener = new Listener();
        announced.addEntryListener(listener, true);
        for (Map.Entry<String, Object> e : announced.entrySet()) {
            announce(e.getKey(), e.getValue());
        }
        receiver = new Thread(this::receive, "cluster-results");
        receiver.setDaemon(true);
        receiver.start();
        LOG.info("coordinator listening on {} (incarnation {})", address, incarnation);
    }

    private final class Listener implements EntryAddedListener<String, Object>, EntryUpdatedListener<String, Object> {
        @Override
        public void entryAdded(EntryEvent<String, Object> event) {
            announce(event.getKey(), event.getValue());
        }

        @Override
        public void entryUpdated(EntryEvent<String, Object> event) {
            announce(event.getKey(), event.getValue());
        }
    }

    /** Where workers join. */
    public String address() {
        return address.toString();
    }

    /** The workers connected now. */
    public List<WorkerInfo> workers() {
        synchronized (lock) {
            return workers.values().stream().map(r -> r.info).toList();
        }
    }

    /** Messages rejected so far (bad signature, malformed, for a lease the sender does not hold). */
    public long rejected() {
        return rejected.get();
    }

    @Override
    public CompletableFuture<PlayedGame> submit(GameSpec spec, GameObserver observer) {
        Job job = new Job(spec, observer);
        synchronized (lock) {
            if (closed) {
                job.result.complete(null);
                return job.result;
            }
            pending.addLast(job);
            dispatch();
        }
        return job.result;
    }

    @Override
    public int capacity() {
        synchronized (lock) {
            int n = localThreads;
            for (Remote r : workers.values()) {
                n += r.info.slots() + PREFETCH;
            }
            return n;
        }
    }

    @Override
    public void cancelAll() {
        List<Job> dropped = new ArrayList<>();
        synchronized (lock) {
            dropped.addAll(pending);
            pending.clear();
            for (Lease l : leases.values()) {
                dropped.add(l.job());
            }
            leases.clear();
            for (Remote r : workers.values()) {
                r.leases.clear();
                r.tasks.clear();
            }
            ObjectNode cancel = message("cancel");
            cancel.put("upTo", nextLease);
            if (!closed || hz.getLifecycleService().isRunning()) {
                try {
                    hz.getTopic(CONTROL).publish(signer.sign(Wire.text(cancel)));
                } catch (RuntimeException e) {
                    LOG.warn("could not tell the workers to cancel: {}", e.toString());
                }
            }
        }
        local.cancelAll();
        for (Job j : dropped) {
            j.result.complete(null);
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        cancelAll();
        closed = true;
        local.close();
        receiver.interrupt();
        try {
            receiver.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        hz.shutdown();
        LOG.info("coordinator closed; {} messages rejected", rejected.get());
    }

    /** Gives queued games to free local threads and workers; called with the lock held. */
    private void dispatch() {
        Iterator<Job> it = pending.iterator();
        while (it.hasNext()) {
            Job job = it.next();
            if (localBusy < localThreads) {
                it.remove();
                playLocally(job);
                continue;
            }
            Remote target = null;
            for (Remote r : workers.values()) {
                if (r.leases.size() < r.info.slots() + PREFETCH && r.canPlay(job.spec) && !job.refusedBy.contains(r.info.id())
                        && (target == null || r.leases.size() < target.leases.size())) {
                    target = r;
                }
            }
            if (target == null) {
                warnIfNobodyCanPlay(job);
                continue;
            }
            it.remove();
            long number = ++nextLease;
            Lease lease = new Lease(number, job, target);
            ObjectNode m = message("spec");
            m.put("worker", target.info.id());
            m.put("lease", number);
            m.put("moves", job.observer.wantsMoves());
            m.set("spec", Wire.tree(job.spec));
            leases.put(number, lease);
            target.leases.add(number);
            if (!target.tasks.offer(signer.sign(Wire.text(m)))) {
                leases.remove(number);
                target.leases.remove(number);
                pending.addFirst(job);
                return;
            }
            LOG.debug("lease {}: game {} of {} to {}", number, job.spec.task().id(), job.spec.run(), target.info.id());
        }
    }

    /** Engines named by queued games that no connected worker has (warned once each until one joins). */
    private final Set<String> unplayable = new HashSet<>();

    private void warnIfNobodyCanPlay(Job job) {
        if (localThreads > 0 || workers.isEmpty()) {
            return;
        }
        for (Remote r : workers.values()) {
            if (r.canPlay(job.spec) && !job.refusedBy.contains(r.info.id())) {
                return; // busy, not unable
            }
        }
        String engines = String.join(" and ", new LinkedHashSet<>(List.of(job.spec.white().engine(), job.spec.black().engine())));
        if (unplayable.add(engines)) {
            LOG.warn("no connected worker can play game {} of {} (engines {}): waiting for a worker with them in its --engines",
                    job.spec.task().id(), job.spec.run(), engines);
        }
    }

    private void playLocally(Job job) {
        localBusy++;
        local.submit(job.spec, job.observer).whenComplete((game, error) -> {
            synchronized (lock) {
                localBusy--;
                dispatch();
            }
            if (error != null) {
                job.result.completeExceptionally(error);
            } else {
                job.result.complete(game);
            }
        });
    }

    private ObjectNode message(String kind) {
        ObjectNode m = Wire.object();
        m.put("kind", kind);
        m.put("coordinator", incarnation);
        return m;
    }

    /** A worker's (re)announcement in the workers map. */
    private void announce(String id, Object value) {
        WorkerInfo info;
        try {
            JsonNode m = Wire.parse(signer.open(value));
            if (!"hello".equals(Wire.field(m, "kind")) || !id.equals(Wire.field(m, "worker"))) {
                throw new Wire.BadMessageException("not the announcement of worker " + id);
            }
            List<String> engines = new ArrayList<>();
            m.path("engines").forEach(e -> engines.add(e.asText()));
            int slots = (int) Wire.number(m, "slots");
            if (slots < 1 || slots > 4096) {
                throw new Wire.BadMessageException("slots " + slots + " out of 1..4096");
            }
            info = new WorkerInfo(id, Wire.field(m, "host"), (int) Wire.number(m, "cores"), slots, List.copyOf(engines));
        } catch (RuntimeException e) {
            rejected.incrementAndGet();
            LOG.warn("rejected the announcement of '{}': {}", id, e.getMessage());
            return;
        }
        boolean connected = hz.getClientService().getConnectedClients().stream()
                .anyMatch(c -> c.getUuid().toString().equals(id));
        if (!connected) {
            LOG.warn("ignored the announcement of '{}': no such client is connected", id);
            return;
        }
        synchronized (lock) {
            if (closed) {
                return;
            }
            Remote old = workers.remove(id);
            if (old != null) {
                requeue(old);
            }
            workers.put(id, new Remote(info, hz.getQueue(TASKS + id)));
            unplayable.clear();
            LOG.info("worker joined: {} on {} ({} cores, {} slots, engines: {})", id, info.host(), info.cores(),
                    info.slots(), info.engines().isEmpty() ? "built-in only" : String.join(", ", info.engines()));
            dispatch();
        }
    }

    private void workerLeft(String id, String how) {
        synchronized (lock) {
            Remote r = workers.remove(id);
            if (r == null) {
                return;
            }
            int back = requeue(r);
            LOG.info("worker left ({}): {} on {}; {} games back in the queue", how, id, r.info.host(), back);
            try {
                r.tasks.destroy();
            } catch (RuntimeException e) {
                LOG.debug("destroying the queue of {}: {}", id, e.toString());
            }
            try {
                hz.getMap(WORKERS).remove(id);
            } catch (RuntimeException e) {
                LOG.debug("removing {}: {}", id, e.toString());
            }
            dispatch();
        }
    }

    /** Puts a worker's leased games back at the front of the queue; returns how many. With the lock held. */
    private int requeue(Remote r) {
        List<Long> numbers = new ArrayList<>(r.leases);
        r.leases.clear();
        for (int i = numbers.size() - 1; i >= 0; i--) {
            Lease l = leases.remove(numbers.get(i));
            if (l != null) {
                pending.addFirst(l.job());
            }
        }
        return numbers.size();
    }

    /** Takes every worker message off the results queue, checks it and acts on it. */
    private void receive() {
        IQueue<Object> results = hz.getQueue(RESULTS);
        while (!closed) {
            Object message;
            try {
                message = results.poll(200, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                if (closed) {
                    return;
                }
                rejected.incrementAndGet();
                LOG.warn("rejected a message on {}: {}", RESULTS, e.toString());
                continue;
            }
            if (message != null) {
                try {
                    handle(message);
                } catch (RuntimeException e) {
                    rejected.incrementAndGet();
                    LOG.warn("rejected a worker message: {}", e.getMessage());
                }
            }
        }
    }

    private void handle(Object message) {
        JsonNode m = Wire.parse(signer.open(message));
        String kind = Wire.field(m, "kind");
        if (!incarnation.equals(Wire.field(m, "coordinator"))) {
            LOG.info("dropped a {} for an earlier coordinator", kind);
            return;
        }
        long number = Wire.number(m, "lease");
        String worker = Wire.field(m, "worker");
        Job done;
        PlayedGame game = null;
        synchronized (lock) {
            Lease lease = leases.get(number);
            if (lease == null || !lease.worker().info.id().equals(worker)) {
                LOG.info("dropped a {} for lease {} from {}: not its lease (re-leased, cancelled or done)", kind, number, worker);
                return;
            }
            switch (kind) {
                case "started" -> {
                    lease.job().observer.started(lease.worker().info.host() + "/" + worker.substring(0, 8));
                    return;
                }
                case "moved" -> {
                    lease.job().observer.moved(Wire.move(m.get("move")), Wire.field(m, "position"),
                            m.has("ply") ? m.get("ply").asInt() : 0);
                    return;
                }
                case "refused" -> {
                    LOG.warn("worker {} refused game {} of {}: {}", worker, lease.job().spec.task().id(),
                            lease.job().spec.run(), Wire.field(m, "why"));
                    release(lease);
                    lease.job().refusedBy.add(worker);
                    pending.addFirst(lease.job());
                    dispatch();
                    return;
                }
                case "abandoned" -> {
                    release(lease);
                    pending.addFirst(lease.job());
                    dispatch();
                    return;
                }
                case "result" -> {
                    game = Wire.game(m.get("game"));
                    if (!game.task().equals(lease.job().spec.task())) {
                        throw new Wire.BadMessageException("lease " + number + " from " + worker
                                + ": the game is not the task that was leased");
                    }
                    release(lease);
                    done = lease.job();
                    dispatch();
                }
                default -> throw new Wire.BadMessageException("unknown kind '" + kind + "'");
            }
        }
        done.result.complete(game);
    }

    private void release(Lease lease) {
        leases.remove(lease.number());
        lease.worker().leases.remove(lease.number());
    }
}

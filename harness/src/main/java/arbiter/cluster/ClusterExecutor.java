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
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.map.listener.EntryAddedListener;
import com.hazelcast.map.listener.EntryUpdatedListener;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
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
 * own number: when the worker leaves or dies, or its lease passes its deadline ({@link Leases}), its
 * leases go back to the front of the queue and are played elsewhere, and a result is accepted only
 * for a lease still held by the worker that sends it, so a late result of a re-leased game is dropped
 * and no game is recorded twice. Specs, results and announcements are signed (see {@link Signer}) and
 * bound to this run and this coordinator's incarnation, with a sequence number per sender, so
 * nothing recorded from another run, another incarnation, or earlier in this one is taken again.
 *
 * <p>Hazelcast structures: {@code arbiter.workers} (map: worker id to its signed announcement),
 * {@code arbiter.tasks.<worker id>} (queue: signed specs for that worker), {@code arbiter.results}
 * (queue: signed results from every worker), {@code arbiter.control} (topic: signed cancels). A
 * worker's first message on its queue is its "welcome" (the run and incarnation it is to accept,
 * echoing the nonce of its announcement) or an "unwelcome" saying why it was refused.
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
    final String incarnation = UUID.randomUUID().toString();
    private final Hazelcasts.Address address;

    /** The run this coordinator plays: messages naming another are refused. */
    final String run;
    final AtomicLong sequence = new AtomicLong();
    /** Sequence numbers seen per worker id, for this incarnation. */
    private final Map<String, Sequence> heard = new java.util.concurrent.ConcurrentHashMap<>();
    private final Object lock = new Object();
    private final Deque<Job> pending = new ArrayDeque<>();
    final Leases leases = new Leases();
    private final Map<String, Remote> workers = new LinkedHashMap<>();
    private int localBusy;
    private volatile boolean closed;
    private final AtomicLong rejected = new AtomicLong();
    private final Thread receiver;

    /** A connected worker as it announced itself. */
    public record WorkerInfo(String id, String host, int cores, int slots, List<String> engines) {
    }

    /**
     * Starts the coordinator's member on {@code listen}.
     *
     * @param local        the coordinator's own worker threads (may have 0 threads)
     * @param localThreads how many games {@code local} plays at once
     */
    public ClusterExecutor(String listen, Signer signer, LocalExecutor local, int localThreads) {
        this(listen, signer, local, localThreads, "run");
    }

    /** As above, for the run named {@code run} (bound into every message). */
    public ClusterExecutor(String listen, Signer signer, LocalExecutor local, int localThreads, String run) {
        this.run = run;
        this.address = Hazelcasts.Address.parse(listen, "--listen");
        this.signer = signer;
        this.local = local;
        this.localThreads = localThreads;
        address.checkBindable("--listen");
        this.hz = Hazelcasts.member(address);
        hz.getClientService().addClientListener(new ClientListener() {
            @Override
            public void clientConnected(Client client) {
                LOG.info("connection from {} ({})", client.getSocketAddress(), client.getUuid());
            }

            @Override
            public void clientDisconnected(Client client) {
                Hazelcasts.unlessConnected(hz, client, () -> workerLeft(client.getUuid().toString(), "disconnected"));
            }
        });
        IMap<String, Object> announced = hz.getMap(WORKERS);
        announced.addEntryListener((EntryAddedListener<String, Object>) e -> announce(e.getKey(), e.getValue()), true);
        announced.addEntryListener((EntryUpdatedListener<String, Object>) e -> announce(e.getKey(), e.getValue()), true);
        for (Map.Entry<String, Object> e : announced.entrySet()) {
            announce(e.getKey(), e.getValue());
        }
        receiver = new Thread(this::receive, "cluster-results");
        receiver.setDaemon(true);
        receiver.start();
        LOG.info("coordinator listening on {} (incarnation {})", address, incarnation);
    }

    /** Where workers join (for 0.0.0.0, an address of this machine). */
    public String address() {
        return address.joinable();
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
            for (Leases.Lease l : leases.clear()) {
                dropped.add(l.job);
            }
            for (Remote r : workers.values()) {
                r.tasks.clear();
            }
            ObjectNode cancel = message("cancel");
            cancel.put("upTo", leases.last());
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
        java.util.Iterator<Job> it = pending.iterator();
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
            Leases.Lease lease = leases.add(job, target, Leases.nowMs());
            ObjectNode m = message("spec");
            m.put("worker", target.info.id());
            m.put("lease", lease.number);
            m.put("moves", job.observer.wantsMoves());
            m.set("spec", Wire.tree(job.spec));
            if (!target.tasks.offer(signer.sign(Wire.text(m)))) {
                leases.remove(lease);
                pending.addFirst(job);
                return;
            }
            LOG.debug("lease {}: game {} of {} to {} (deadline {} s)", lease.number, job.spec.task().id(), job.spec.run(),
                    target.info.id(), lease.deadlineMs / 1000);
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
            for (Remote r : workers.values()) {
                ObjectNode notice = message("notice").put("worker", r.info.id()).put("why", "the coordinator has games this "
                        + "worker cannot play: it needs the engines " + engines + " in its --engines file");
                r.tasks.offer(signer.sign(Wire.text(notice)));
            }
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
        m.put("run", run);
        m.put("coordinator", incarnation);
        m.put("seq", sequence.incrementAndGet());
        return m;
    }

    /** Tells a connected client why its announcement was refused (it may not be able to check the signature). */
    private void unwelcome(String id, String why) {
        try {
            hz.getQueue(TASKS + id).offer(signer.sign(Wire.text(message("unwelcome").put("worker", id).put("why", why))));
        } catch (RuntimeException e) {
            LOG.debug("telling {} why: {}", id, e.toString());
        }
    }

    /** A worker's (re)announcement in the workers map. */
    private void announce(String id, Object value) {
        boolean connected = hz.getClientService().getConnectedClients().stream()
                .anyMatch(c -> c.getUuid().toString().equals(id));
        if (!connected) {
            rejected.incrementAndGet();
            LOG.warn("ignored the announcement of '{}': no such client is connected", id);
            return;
        }
        WorkerInfo info;
        String nonce;
        try {
            JsonNode m = Remote.hello(signer, id, value, heard.computeIfAbsent(id, k -> new Sequence()));
            nonce = Wire.field(m, "nonce");
            info = Remote.info(id, m);
        } catch (RuntimeException e) {
            rejected.incrementAndGet();
            LOG.warn("rejected the announcement of '{}': {}", id, e.getMessage());
            unwelcome(id, e.getMessage());
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
            Remote r = new Remote(info, hz.getQueue(TASKS + id));
            r.tasks.offer(signer.sign(Wire.text(message("welcome").put("worker", id).put("nonce", nonce))));
            workers.put(id, r);
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
        for (int i = numbers.size() - 1; i >= 0; i--) {
            Leases.Lease l = leases.get(numbers.get(i));
            if (l != null) {
                leases.remove(l);
                pending.addFirst(l.job);
            }
        }
        r.leases.clear();
        return numbers.size();
    }

    /** Puts the games of leases silent past their deadline back at the front of the queue. */
    private void expireLeases() {
        synchronized (lock) {
            List<Leases.Lease> expired = leases.expire(Leases.nowMs());
            for (int i = expired.size() - 1; i >= 0; i--) {
                Leases.Lease l = expired.get(i);
                LOG.warn("lease {} of game {} of {} to {} expired: nothing heard for {} s; the game goes back to the queue",
                        l.number, l.job.spec.task().id(), l.job.spec.run(), l.worker.info.id(), l.deadlineMs / 1000);
                pending.addFirst(l.job);
            }
            if (!expired.isEmpty()) {
                dispatch();
            }
        }
    }

    /** Takes every worker message off the results queue, checks it and acts on it. */
    private void receive() {
        IQueue<Object> results = hz.getQueue(RESULTS);
        long nextExpiry = 0;
        while (!closed) {
            if (Leases.nowMs() >= nextExpiry) {
                expireLeases();
                nextExpiry = Leases.nowMs() + 250;
            }
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
        if (!run.equals(Wire.field(m, "run")) || !incarnation.equals(Wire.field(m, "coordinator"))) {
            throw new Wire.BadMessageException("a " + kind + " for another run or an earlier coordinator");
        }
        String worker = Wire.field(m, "worker");
        if (!heard.computeIfAbsent(worker, k -> new Sequence()).take(Wire.number(m, "seq"))) {
            throw new Wire.BadMessageException("a replayed " + kind + " from " + worker + " (sequence number already seen)");
        }
        if ("alive".equals(kind)) {
            synchronized (lock) {
                leases.heard(worker, m.path("leases"), Leases.nowMs());
            }
            return;
        }
        long number = Wire.number(m, "lease");
        Job done;
        PlayedGame game = null;
        synchronized (lock) {
            Leases.Lease lease = leases.get(number);
            if (lease == null || !lease.worker.info.id().equals(worker)) {
                LOG.info("dropped a {} for lease {} from {}: not its lease (re-leased, cancelled or done)", kind, number, worker);
                return;
            }
            lease.heardMs = Leases.nowMs();
            switch (kind) {
                case "started" -> {
                    lease.job.observer.started(lease.worker.info.host() + "/" + worker.substring(0, 8));
                    return;
                }
                case "moved" -> {
                    lease.job.observer.moved(Wire.move(m.get("move")), Wire.field(m, "position"),
                            m.has("ply") ? m.get("ply").asInt() : 0);
                    return;
                }
                case "refused" -> {
                    LOG.warn("worker {} refused game {} of {}: {}", worker, lease.job.spec.task().id(),
                            lease.job.spec.run(), Wire.field(m, "why"));
                    leases.remove(lease);
                    lease.job.refusedBy.add(worker);
                    pending.addFirst(lease.job);
                    dispatch();
                    return;
                }
                case "abandoned" -> {
                    leases.remove(lease);
                    pending.addFirst(lease.job);
                    dispatch();
                    return;
                }
                case "result" -> {
                    game = Wire.game(m.get("game"));
                    if (!game.task().equals(lease.job.spec.task())) {
                        throw new Wire.BadMessageException("lease " + number + " from " + worker
                                + ": the game is not the task that was leased");
                    }
                    leases.remove(lease);
                    done = lease.job;
                    dispatch();
                }
                default -> throw new Wire.BadMessageException("unknown kind '" + kind + "'");
            }
        }
        done.result.complete(game);
    }
}

package arbiter.cluster;

import arbiter.execute.ExecutorStoppedException;
import arbiter.execute.GameExecutor;
import arbiter.execute.GameObserver;
import arbiter.execute.LocalExecutor;
import arbiter.play.GameSpec;
import arbiter.play.PlayedGame;
import com.fasterxml.jackson.databind.JsonNode;
import com.hazelcast.client.Client;
import com.hazelcast.client.ClientListener;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.LifecycleEvent;
import com.hazelcast.map.IMap;
import com.hazelcast.map.listener.EntryAddedListener;
import com.hazelcast.map.listener.EntryUpdatedListener;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Plays games on the workers of a Hazelcast cluster (the coordinator embeds its one member; workers
 * are clients and announce host, cores, slots, engines), and on {@code local} threads. A game given to
 * a worker is a numbered <em>lease</em>: when the worker goes or the lease passes its deadline
 * ({@link Leases}) the game goes back to the front of the queue, and a result counts only for a lease
 * still held by its sender, so no game is recorded twice. Every message is signed ({@link Signer}, with
 * the key of the worker it is from or for), bound to this run and incarnation, with a sequence number
 * per sender that can neither repeat nor jump, so no replay is taken; every game handed in is replayed
 * against its spec before it is recorded ({@link Inbox}), and a worker whose game does not replay is
 * dropped from the run. The member answers a client only what a worker asks ({@link ClientGuard}).
 *
 * <p>A {@link Dispatcher} matches games with free slots in O(1) per game; specs, welcomes and
 * notices are queued under the lock and sent by one sender thread ({@link Sender}), which puts
 * the leases gathered for one worker in one message ({@link Mail}). Results come in signed binary
 * batches ({@link ResultBatch}, checked by the {@link Inbox}). The joined workers are the
 * {@link Roster}'s. Hazelcast structures: {@code arbiter.workers} (map: worker id to its signed announcement),
 * {@code arbiter.tasks.<worker id>} (queue: signed specs for that worker), {@code arbiter.results}
 * (queue: signed result batches from every worker), {@code arbiter.control} (topic: signed cancels). A
 * worker's first message on its queue is its "welcome" (the run and incarnation it is to accept,
 * echoing the nonce of its announcement) or an "unwelcome" saying why it was refused.
 */
public final class ClusterExecutor implements GameExecutor {
    private static final Logger LOG = LogManager.getLogger(ClusterExecutor.class);
    static final String WORKERS = "arbiter.workers";
    static final String TASKS = "arbiter.tasks.";
    static final String RESULTS = "arbiter.results";
    static final String CONTROL = "arbiter.control";
    /** Leases given to one worker at once travel in one message, up to this many. */
    static final int SPECS_PER_MESSAGE = 64;

    private final HazelcastInstance hz;
    private final Signer signer;
    private final LocalExecutor local;
    /** This coordinator's incarnation: results for another one (before a restart) are dropped. */
    final String incarnation = UUID.randomUUID().toString();
    private final Hazelcasts.Address address;
    /** The run this coordinator plays: messages naming another are refused. */
    final String run;
    private final Mail mail;
    private final Roster roster = new Roster();
    private final Object lock = new Object();
    final Leases leases = new Leases();
    final Dispatcher dispatcher;
    /** Workers whose task queue refused a spec, paused for a second. */
    private final Set<Remote> paused = new HashSet<>();
    /** Sends what is queued under the lock, after it, in order. */
    private final Sender sender;
    private volatile boolean closed;
    private final AtomicLong rejected = new AtomicLong();
    /** Result batches accepted so far (the scale bench's messages per game). */
    final AtomicLong batchesIn = new AtomicLong();
    private final Thread receiver;
    /** Why the member stopped under the run, or null while it runs. */
    private volatile String stopped;

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
        this.dispatcher = new Dispatcher(localThreads);
        this.sender = new Sender(lock, this::sendSpecs, () -> closed, SPECS_PER_MESSAGE);
        address.checkBindable("--listen");
        this.hz = Hazelcasts.member(address, id -> roster.key(id) != null);
        this.mail = new Mail(hz, signer, run, incarnation);
        hz.getLifecycleService().addLifecycleListener(event -> {
            if ((event.getState() == LifecycleEvent.LifecycleState.SHUTTING_DOWN
                    || event.getState() == LifecycleEvent.LifecycleState.SHUTDOWN) && !closed) {
                memberStopped("its Hazelcast member " + event.getState().name().toLowerCase().replace('_', ' '));
            }
        });
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
        Inbox inbox = new Inbox(hz.getQueue(RESULTS), roster, run, incarnation, rejected, this::leased, this::accept, this::tick,
                () -> closed || stopped != null);
        receiver = new Thread(inbox::run, "cluster-results");
        receiver.setDaemon(true);
        receiver.start();
        sender.start();
        LOG.info("coordinator listening on {} (incarnation {})", address, incarnation);
    }

    /** Spec messages sent so far (the scale bench's messages per game). */
    long specMessages() {
        return mail.specMessages.get();
    }

    /** Where workers join (for 0.0.0.0, an address of this machine). */
    public String address() {
        return address.joinable();
    }

    /** The workers connected now. */
    public List<WorkerInfo> workers() {
        synchronized (lock) {
            return roster.all().stream().map(r -> r.info).toList();
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
            if (stopped != null) {
                job.result.completeExceptionally(new ExecutorStoppedException(stopped));
                return job.result;
            }
            if (closed) {
                job.result.complete(null);
                return job.result;
            }
            dispatcher.add(job, false);
            dispatch();
        }
        return job.result;
    }

    @Override
    public int capacity() {
        return dispatcher.capacity();
    }

    @Override
    public void cancelAll() {
        List<Job> dropped;
        List<Remote> all;
        long upTo;
        synchronized (lock) {
            dropped = dispatcher.drain();
            for (Leases.Lease l : leases.clear()) {
                dropped.add(l.job);
            }
            all = new ArrayList<>(roster.all());
            upTo = leases.last();
        }
        sender.awaitSent();
        for (Remote r : all) {
            quietly("clearing the queue of " + r.info.id(), r.tasks::clear);
        }
        if (!closed || hz.getLifecycleService().isRunning()) {
            try {
                mail.cancel(upTo);
            } catch (RuntimeException e) {
                LOG.warn("could not tell the workers to cancel: {}", e.toString());
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
        synchronized (lock) {
            closed = true;
            lock.notifyAll();
        }
        local.close();
        receiver.interrupt();
        try {
            receiver.join(5000);
            sender.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        hz.shutdown();
        LOG.info("coordinator closed; {} messages rejected; {} spec messages sent, {} result batches taken", rejected.get(),
                mail.specMessages.get(), batchesIn.get());
    }

    /** Gives queued games to free local threads and workers (sent by the {@link Sender}); with the lock held. */
    private void dispatch() {
        long now = Leases.nowMs();
        Map<Remote, List<Leases.Lease>> given = new LinkedHashMap<>();
        dispatcher.dispatch(now, (job, target) -> {
            if (target == null) {
                sender.queue(() -> playLocally(job));
            } else {
                given.computeIfAbsent(target, k -> new ArrayList<>()).add(leases.add(job, target, now));
            }
        });
        for (Map.Entry<Remote, List<Leases.Lease>> e : given.entrySet()) {
            sender.queue(new Sender.Specs(e.getKey(), e.getValue()));
        }
        if (dispatcher.queued() > 0) {
            warnIfNobodyCanPlay();
        }
    }

    /**
     * Offers leases to their worker in one signed message; a full queue pauses the worker for a second
     * and puts the games back at the front of the queue.
     */
    private void sendSpecs(Remote target, List<Leases.Lease> given) {
        boolean taken;
        try {
            taken = mail.specs(target, given);
        } catch (RuntimeException e) {
            LOG.debug("offering {} leases to {}: {}", given.size(), target.info.id(), e.toString());
            taken = false;
        }
        if (taken) {
            return;
        }
        synchronized (lock) {
            for (int i = given.size() - 1; i >= 0; i--) {
                Leases.Lease lease = given.get(i);
                if (leases.get(lease.number) == lease) {
                    leases.remove(lease);
                    dispatcher.add(lease.job, true);
                }
            }
            target.pausedUntilMs = Leases.nowMs() + 1000;
            paused.add(target);
            dispatch();
        }
    }

    /** Tells every worker once which engines the queued games need that no connected worker has. With the lock held. */
    private void warnIfNobodyCanPlay() {
        for (Dispatcher.Lane lane : dispatcher.unplayable()) {
            Job job = lane.jobs.peekFirst();
            String engines = String.join(" and ", lane.key.engines());
            LOG.warn("no connected worker can play game {} of {} (engines {}): waiting for a worker with them in its --engines",
                    job.spec.task().id(), job.spec.run(), engines);
            for (Remote r : roster.all()) {
                String why = "the coordinator has games this worker cannot play: it needs the engines " + engines
                        + " in its --engines file";
                sender.queue(() -> mail.tell(r, "notice", why));
            }
        }
    }

    private void playLocally(Job job) {
        local.submit(job.spec, job.observer).whenComplete((game, error) -> {
            synchronized (lock) {
                dispatcher.localDone();
                dispatch();
            }
            if (error != null) {
                job.result.completeExceptionally(error);
            } else {
                job.result.complete(game);
            }
        });
    }

    /**
     * A worker's announcement in the workers map: signed with its key, numbered above its latest one
     * accepted (so that a recorded announcement replayed later, in this run or the next, is refused),
     * from a worker connected now and not dropped from this run. The same announcement seen twice
     * (the map's listener and the first look at the map) counts once.
     */
    private void announce(String id, Object value) {
        boolean connected = hz.getClientService().getConnectedClients().stream()
                .anyMatch(c -> c.getUuid().toString().equals(id));
        if (!connected) {
            rejected.incrementAndGet();
            LOG.warn("ignored the announcement of '{}': no such client is connected", id);
            return;
        }
        Signer key = signer.forWorker(id);
        WorkerInfo info;
        String nonce;
        long seq;
        try {
            JsonNode m = Remote.hello(key, id, value);
            nonce = Wire.field(m, "nonce");
            seq = Wire.number(m, "seq");
            info = Remote.info(id, m);
        } catch (RuntimeException e) {
            rejected.incrementAndGet();
            LOG.warn("rejected the announcement of '{}': {}", id, e.getMessage());
            JsonNode unchecked = Wire.peek(value);
            String unsure = unchecked == null ? "" : unchecked.path("nonce").asText();
            quietly("telling " + id + " why", () -> mail.unwelcome(id, key, unsure, e.getMessage()));
            return;
        }
        synchronized (lock) {
            if (closed) {
                return;
            }
            Roster.Verdict verdict = roster.judge(id, seq);
            if (verdict instanceof Roster.Refused refused) {
                rejected.incrementAndGet();
                LOG.warn("refused the announcement of {}: {}", id, refused.why());
                if (refused.tell()) {
                    sender.queue(() -> mail.unwelcome(id, key, nonce, refused.why()));
                }
                return;
            }
            if (!(verdict instanceof Roster.Taken taken)) {
                return; // seen already
            }
            if (taken.old() != null) { // it announced itself again (reconnected): what it held is abandoned
                requeue(taken.old());
                dispatcher.leave(taken.old());
            }
            Remote r = new Remote(info, hz.getQueue(TASKS + id), key, nonce);
            sender.queue(() -> mail.welcome(r));
            roster.join(r, seq);
            dispatcher.join(r);
            LOG.info("worker joined: {} on {} ({} cores, {} slots, engines: {})", id, info.host(), info.cores(),
                    info.slots(), info.engines().isEmpty() ? "built-in only" : String.join(", ", info.engines()));
            dispatch();
        }
    }

    private void workerLeft(String id, String how) {
        Remote r;
        synchronized (lock) {
            r = roster.get(id);
            if (r == null) {
                return;
            }
            remove(r, how);
        }
        quietly("destroying the queue of " + id, r.tasks::destroy);
        quietly("removing " + id, () -> hz.getMap(WORKERS).remove(id));
    }

    /** Takes a worker out of the run: its leased games go back to the front of the queue. With the lock held. */
    private void remove(Remote r, String how) {
        String id = r.info.id();
        roster.leave(id);
        int back = requeue(r);
        dispatcher.leave(r);
        paused.remove(r);
        LOG.info("worker left ({}): {} on {}; {} games back in the queue", how, id, r.info.host(), back);
        dispatch();
    }

    /** Does something to Hazelcast that may fail as a worker goes (logged at debug level). */
    private static void quietly(String what, Runnable action) {
        try {
            action.run();
        } catch (RuntimeException e) {
            LOG.debug("{}: {}", what, e.toString());
        }
    }

    /** Puts a worker's leased games back at the front of the queue; returns how many. With the lock held. */
    private int requeue(Remote r) {
        List<Long> numbers = new ArrayList<>(r.leases);
        for (int i = numbers.size() - 1; i >= 0; i--) {
            Leases.Lease l = leases.get(numbers.get(i));
            if (l != null) {
                leases.remove(l);
                dispatcher.add(l.job, true);
            }
        }
        r.leases.clear();
        return numbers.size();
    }

    /** A lease ends: its worker has room again. With the lock held. */
    private void release(Leases.Lease l) {
        leases.remove(l);
        dispatcher.ready(l.worker);
    }

    /**
     * Puts the games of leases silent past their deadline, or never confirmed by their worker, back at
     * the front of the queue; ends pauses.
     */
    private void tick() {
        synchronized (lock) {
            long now = Leases.nowMs();
            List<Leases.Lease> expired = leases.expire(now);
            for (int i = expired.size() - 1; i >= 0; i--) {
                Leases.Lease l = expired.get(i);
                LOG.warn("lease {} of game {} of {} to {} expired: {}; the game goes back to the queue", l.number,
                        l.job.spec.task().id(), l.job.spec.run(), l.worker.info.id(), l.confirmed
                                ? "nothing heard for " + l.deadlineMs / 1000 + " s"
                                : "its worker did not confirm it within " + leases.confirmMs / 1000 + " s");
                dispatcher.add(l.job, true);
                dispatcher.ready(l.worker);
            }
            paused.removeIf(r -> {
                boolean over = r.pausedUntilMs <= now;
                if (over) {
                    dispatcher.ready(r);
                }
                return over;
            });
            dispatch();
        }
    }

    /** Acts on each entry of a worker's checked batch ({@link Inbox}); {@code faults}: why a game in it does not replay. */
    private void accept(ResultBatch.Batch b, Map<ResultBatch.Entry, String> faults) {
        batchesIn.incrementAndGet();
        String worker = b.worker();
        List<Runnable> after = new ArrayList<>();
        synchronized (lock) {
            long now = Leases.nowMs();
            for (ResultBatch.Entry e : b.entries()) {
                if (e.kind() == ResultBatch.Kind.ALIVE) {
                    leases.heard(worker, e.leases(), now);
                } else {
                    entry(worker, e, faults.get(e), now, after);
                }
            }
            dispatch();
        }
        for (Runnable r : after) {
            r.run();
        }
    }

    /** The spec of lease {@code number}, or null when it is not held. */
    private GameSpec leased(long number) {
        synchronized (lock) {
            Leases.Lease lease = leases.get(number);
            return lease == null ? null : lease.job.spec;
        }
    }

    /**
     * One entry about a lease ({@code fault}: why its game does not replay, or null); what is to be
     * done without the lock goes to {@code after}. With the lock held.
     */
    private void entry(String worker, ResultBatch.Entry e, String fault, long now, List<Runnable> after) {
        Leases.Lease lease = leases.get(e.lease());
        if (lease == null || !lease.worker.info.id().equals(worker)) {
            LOG.info("dropped a {} for lease {} from {}: not its lease (re-leased, cancelled or done)", e.kind(), e.lease(), worker);
            return;
        }
        lease.heardMs = now;
        lease.confirmed = true;
        Job job = lease.job;
        switch (e.kind()) {
            case STARTED -> {
                String where = lease.worker.info.host() + "/" + worker.substring(0, Math.min(8, worker.length()));
                after.add(() -> job.observer.started(where));
            }
            case MOVED -> after.add(() -> job.observer.moved(e.move(), e.position(), e.ply()));
            case REFUSED -> {
                LOG.warn("worker {} refused game {} of {}: {}", worker, job.spec.task().id(), job.spec.run(), e.why());
                release(lease);
                job.refusedBy.add(worker);
                dispatcher.add(job, true);
            }
            case ABANDONED -> {
                release(lease);
                dispatcher.add(job, true);
            }
            case RESULT -> {
                if (fault != null) {
                    rejected.incrementAndGet();
                    String why = "it handed in game " + job.spec.task().id() + " of " + job.spec.run()
                            + ", which does not replay: " + fault;
                    LOG.warn("dropped worker {} from this run: {}; the game goes back to the queue", worker, why);
                    roster.drop(worker, "this worker was dropped from the run: " + why);
                    Remote r = lease.worker;
                    sender.queue(() -> mail.tell(r, "unwelcome", "this worker was dropped from the run: " + why));
                    remove(r, "dropped");
                    return;
                }
                leases.remove(lease);
                dispatcher.measured(lease.worker, now);
                after.add(() -> job.result.complete(e.game()));
            }
        }
    }

    /** The member stopped under the run: every game fails with why, and so does any submitted later. */
    private void memberStopped(String why) {
        List<Job> failed;
        synchronized (lock) {
            if (stopped != null) {
                return;
            }
            stopped = "the coordinator's cluster stopped (" + why + "); run the same command again to resume";
            LOG.error(stopped);
            failed = dispatcher.drain();
            for (Leases.Lease l : leases.clear()) {
                failed.add(l.job);
            }
            lock.notifyAll();
        }
        for (Job j : failed) {
            j.result.completeExceptionally(new ExecutorStoppedException(stopped));
        }
    }
}

package arbiter.cluster;

import arbiter.play.GameSpec;
import com.hazelcast.collection.IQueue;
import com.hazelcast.core.HazelcastInstanceNotActiveException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import java.util.function.LongFunction;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The coordinator's receiving end of the results queue: takes worker messages off it (many at a
 * time), checks each one's signature (one HMAC per batch, with the key of the joined worker it names),
 * run, coordinator incarnation and its sender's sequence number, replays each game in it against the
 * spec of its lease ({@link GameChecks}), and hands the checked batch on with the games that do not
 * replay; anything else is counted as rejected and logged. Every 250 ms it also runs the coordinator's
 * {@code tick} (lease deadlines). It ends when the coordinator closes or its member stops.
 */
final class Inbox {
    private static final Logger LOG = LogManager.getLogger(Inbox.class);
    /** Worker messages taken off the results queue at once. */
    private static final int DRAIN = 256;
    private static final long TICK_MS = 250;

    private final IQueue<Object> results;
    private final Roster roster;
    private final String run;
    private final String incarnation;
    private final AtomicLong rejected;
    private final LongFunction<GameSpec> leased;
    private final BiConsumer<ResultBatch.Batch, Map<ResultBatch.Entry, String>> accept;
    private final GameChecks checks = new GameChecks();
    private final Runnable tick;
    private final BooleanSupplier closed;

    /**
     * @param roster the joined workers: their keys and the sequence numbers heard from each
     * @param leased the spec of a lease held now, by number (null when none is)
     * @param accept takes a checked batch, with why each of its games that does not replay does not
     */
    Inbox(IQueue<Object> results, Roster roster, String run, String incarnation, AtomicLong rejected,
          LongFunction<GameSpec> leased, BiConsumer<ResultBatch.Batch, Map<ResultBatch.Entry, String>> accept, Runnable tick,
          BooleanSupplier closed) {
        this.leased = leased;
        this.results = results;
        this.roster = roster;
        this.run = run;
        this.incarnation = incarnation;
        this.rejected = rejected;
        this.accept = accept;
        this.tick = tick;
        this.closed = closed;
    }

    /** Receives until closed or interrupted. */
    void run() {
        long nextTick = 0;
        List<Object> messages = new ArrayList<>(DRAIN);
        while (!closed.getAsBoolean()) {
            if (Leases.nowMs() >= nextTick) {
                tick.run();
                nextTick = Leases.nowMs() + TICK_MS;
            }
            messages.clear();
            try {
                // One by one, not drainTo: a message that fails to deserialise loses only itself.
                for (Object m = results.poll(200, TimeUnit.MILLISECONDS); m != null; m = results.poll()) {
                    messages.add(m);
                    if (messages.size() >= DRAIN) {
                        break;
                    }
                }
            } catch (InterruptedException | HazelcastInstanceNotActiveException e) {
                return; // closed, or the member stopped (the coordinator hears it from the member's lifecycle)
            } catch (RuntimeException e) {
                if (closed.getAsBoolean()) {
                    return;
                }
                rejected.incrementAndGet();
                LOG.warn("rejected a message on {}: {}", ClusterExecutor.RESULTS, e.toString());
            }
            for (Object message : messages) {
                try {
                    ResultBatch.Batch b = check(message);
                    accept.accept(b, faults(b));
                } catch (RuntimeException e) {
                    rejected.incrementAndGet();
                    LOG.warn("rejected a worker message: {}", e.getMessage());
                }
            }
        }
    }

    /** Why each game of {@code b} whose lease is held does not replay as a game of its spec. */
    private Map<ResultBatch.Entry, String> faults(ResultBatch.Batch b) {
        Map<ResultBatch.Entry, String> faults = new IdentityHashMap<>();
        for (ResultBatch.Entry e : b.entries()) {
            GameSpec spec = e.kind() == ResultBatch.Kind.RESULT ? leased.apply(e.lease()) : null;
            String fault = spec == null ? null : checks.check(spec, e.game());
            if (fault != null) {
                faults.put(e, fault);
            }
        }
        return faults;
    }

    /** A worker's batch once its signature, run, incarnation and sequence number are checked. */
    ResultBatch.Batch check(Object message) {
        if (!(message instanceof byte[] bytes)) {
            throw new Wire.BadMessageException("not a batch");
        }
        String worker = ResultBatch.sender(bytes);
        Signer key = worker == null ? null : roster.key(worker);
        Sequence seen = worker == null ? null : roster.heard(worker);
        if (key == null || seen == null) {
            throw new Wire.BadMessageException("a batch from '" + worker + "', which is not a joined worker");
        }
        ResultBatch.Batch b = ResultBatch.decode(key.openBytes(bytes));
        if (!run.equals(b.run()) || !incarnation.equals(b.coordinator())) {
            throw new Wire.BadMessageException("a batch for another run or an earlier coordinator");
        }
        if (!seen.take(b.seq())) {
            throw new Wire.BadMessageException("a batch from " + b.worker() + " numbered " + b.seq()
                    + ", already seen or far out of its sender's order");
        }
        return b;
    }
}

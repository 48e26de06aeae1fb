package arbiter.cluster;

import com.hazelcast.collection.IQueue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The coordinator's receiving end of the results queue: takes worker messages off it (many at a
 * time), checks each one's signature (one HMAC per batch), run, coordinator incarnation and its
 * sender's sequence number, and hands the checked batch on; anything else is counted as rejected and
 * logged. Every 250 ms it also runs the coordinator's {@code tick} (lease deadlines).
 */
final class Inbox {
    private static final Logger LOG = LogManager.getLogger(Inbox.class);
    /** Worker messages taken off the results queue at once. */
    private static final int DRAIN = 256;
    private static final long TICK_MS = 250;

    private final IQueue<Object> results;
    private final Signer signer;
    private final String run;
    private final String incarnation;
    private final Map<String, Sequence> heard;
    private final AtomicLong rejected;
    private final Consumer<ResultBatch.Batch> accept;
    private final Runnable tick;
    private final BooleanSupplier closed;

    Inbox(IQueue<Object> results, Signer signer, String run, String incarnation, Map<String, Sequence> heard,
          AtomicLong rejected, Consumer<ResultBatch.Batch> accept, Runnable tick, BooleanSupplier closed) {
        this.results = results;
        this.signer = signer;
        this.run = run;
        this.incarnation = incarnation;
        this.heard = heard;
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
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                if (closed.getAsBoolean()) {
                    return;
                }
                rejected.incrementAndGet();
                LOG.warn("rejected a message on {}: {}", ClusterExecutor.RESULTS, e.toString());
            }
            for (Object message : messages) {
                try {
                    accept.accept(check(message));
                } catch (RuntimeException e) {
                    rejected.incrementAndGet();
                    LOG.warn("rejected a worker message: {}", e.getMessage());
                }
            }
        }
    }

    /** A worker's batch (or single JSON message) once its signature, run, incarnation and sequence number are checked. */
    ResultBatch.Batch check(Object message) {
        ResultBatch.Batch b = message instanceof byte[] bytes ? ResultBatch.decode(signer.openBytes(bytes))
                : ResultBatch.fromJson(Wire.parse(signer.open(message)));
        if (!run.equals(b.run()) || !incarnation.equals(b.coordinator())) {
            throw new Wire.BadMessageException("a batch for another run or an earlier coordinator");
        }
        if (!heard.computeIfAbsent(b.worker(), k -> new Sequence()).take(b.seq())) {
            throw new Wire.BadMessageException("a replayed batch from " + b.worker() + " (sequence number already seen)");
        }
        return b;
    }
}

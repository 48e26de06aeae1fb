package arbiter.cluster;

import com.hazelcast.collection.IQueue;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * A worker's messages to its coordinator, handed in as batches: everything waiting when the sender
 * is free, or coming within {@link #LINGER_NANOS} of the first, goes in one {@link ResultBatch} (up to {@link ResultBatch#MAX_BYTES}), signed once with the
 * batch's own sequence number. A batch the results queue does not take (full, or the connection
 * lost) is kept and offered again, backing off up to 2 s; only entries whose session ended (the
 * connection was lost and the coordinator gave the worker's leases to others, or restarted) are
 * given up, and logged.
 */
final class Outbox {
    private static final Logger LOG = LogManager.getLogger(Outbox.class);

    /** An entry for the coordinator incarnation {@code coordinator} of run {@code run}. */
    private record Item(String run, String coordinator, ResultBatch.Entry entry) {
    }

    /**
     * How long the first message of a batch waits for more: a worker of fast games hands in a dozen at
     * a time instead of one (the coordinator's cost is per message), at 20 ms of delay per result.
     */
    static final long LINGER_NANOS = 20_000_000L;

    private final LinkedBlockingDeque<Item> items = new LinkedBlockingDeque<>();
    private final Signer signer;
    private final String worker;
    private final AtomicLong sequence;
    /** The coordinator incarnation served now (null between sessions). */
    private final Supplier<String> coordinator;
    private volatile boolean closed;

    private final long lingerNanos;

    Outbox(Signer signer, String worker, AtomicLong sequence, Supplier<String> coordinator) {
        this(signer, worker, sequence, coordinator, LINGER_NANOS);
    }

    /** As above, lingering {@code lingerNanos} for more (the scale bench measures 0 too). */
    Outbox(Signer signer, String worker, AtomicLong sequence, Supplier<String> coordinator, long lingerNanos) {
        this.lingerNanos = lingerNanos;
        this.signer = signer;
        this.worker = worker;
        this.sequence = sequence;
        this.coordinator = coordinator;
    }

    void add(String run, String coordinator, ResultBatch.Entry entry) {
        items.add(new Item(run, coordinator, entry));
    }

    int size() {
        return items.size();
    }

    void clear() {
        items.clear();
    }

    void close() {
        closed = true;
    }

    /** Sends batches to {@code results} until closed or interrupted. */
    void run(IQueue<Object> results) {
        long backoff = 50;
        while (!closed) {
            Item first;
            try {
                first = items.takeFirst();
            } catch (InterruptedException e) {
                return;
            }
            ResultBatch.Writer batch = new ResultBatch.Writer();
            if (!batch.tryAdd(first.entry())) {
                // A game whose record alone is over the limit (tens of thousands of plies): the coordinator
                // could take no batch with it, so it hears that this worker cannot hand it in.
                LOG.warn("the record of lease {} is over {} bytes: refused instead", first.entry().lease(), ResultBatch.LIMIT);
                batch.add(ResultBatch.Entry.refused(first.entry().lease(), "its record is over " + ResultBatch.LIMIT + " bytes"));
            }
            long lingerUntil = System.nanoTime() + lingerNanos;
            while (batch.size() < ResultBatch.MAX_BYTES && batch.count() < ResultBatch.MAX_ENTRIES) {
                Item next;
                try {
                    next = items.pollFirst(Math.max(0, lingerUntil - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    return;
                }
                if (next == null) {
                    break;
                }
                if (!next.coordinator().equals(first.coordinator()) || !next.run().equals(first.run())
                        || !batch.tryAdd(next.entry())) {
                    items.offerFirst(next); // for the next batch
                    break;
                }
            }
            byte[] signed = signer.sign(batch.finish(first.run(), first.coordinator(), worker, sequence.incrementAndGet()));
            while (!closed) {
                if (!first.coordinator().equals(coordinator.get())) {
                    LOG.info("gave up {} messages: the connection to coordinator {} ended since, and with it this worker's "
                            + "leases (back in its queue)", batch.count(), first.coordinator());
                    break;
                }
                boolean taken;
                try {
                    taken = results.offer(signed, 1, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    return;
                } catch (RuntimeException e) {
                    LOG.debug("could not send {} messages: {}", batch.count(), e.toString());
                    taken = false;
                }
                if (taken) {
                    backoff = 50;
                    break;
                }
                LOG.warn("the coordinator did not take {} messages: kept, trying again", batch.count());
                try {
                    Thread.sleep(backoff);
                } catch (InterruptedException e) {
                    return;
                }
                backoff = Math.min(backoff * 2, 2000);
            }
        }
    }
}

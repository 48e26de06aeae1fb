package arbiter.cluster;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.hazelcast.core.HazelcastInstance;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the coordinator says to its workers, as signed JSON: each message names the run and the
 * coordinator's incarnation and carries the next number of its stream (one per worker, one for the
 * cancels, so that a worker can refuse a number far ahead of the last). A worker's messages go on its
 * own queue signed with its key; cancels go on the control topic signed with the secret. Called from
 * the coordinator's sender thread (or, for a refusal, the thread that read the announcement), never
 * with its lock held.
 */
final class Mail {
    private final HazelcastInstance hz;
    private final Signer signer;
    private final String run;
    private final String incarnation;
    /** The number of the last cancel. */
    private final AtomicLong cancels = new AtomicLong();
    /** Spec messages sent so far (the scale bench's messages per game). */
    final AtomicLong specMessages = new AtomicLong();

    Mail(HazelcastInstance hz, Signer signer, String run, String incarnation) {
        this.hz = hz;
        this.signer = signer;
        this.run = run;
        this.incarnation = incarnation;
    }

    /** Offers leases to their worker in one message (a "spec", or "specs" for several); false when its queue does not take it. */
    boolean specs(Remote r, List<Leases.Lease> given) {
        ObjectNode m = Wire.leases(message(given.size() == 1 ? "spec" : "specs", r.sequence).put("worker", r.info.id()), given);
        boolean taken = r.tasks.offer(r.key.sign(Wire.text(m)));
        specMessages.incrementAndGet();
        return taken;
    }

    /** The welcome of {@code r}: the run, the incarnation and where its streams start; it echoes the nonce of the announcement. */
    void welcome(Remote r) {
        r.tasks.offer(r.key.sign(Wire.text(message("welcome", r.sequence).put("worker", r.info.id()).put("nonce", r.nonce)
                .put("control", cancels.get()))));
    }

    /** A "notice" (said on the worker's console) or an "unwelcome" (the worker is dropped from the run) to {@code r}. */
    void tell(Remote r, String kind, String why) {
        r.tasks.offer(r.key.sign(Wire.text(message(kind, r.sequence).put("worker", r.info.id()).put("nonce", r.nonce)
                .put("why", why))));
    }

    /**
     * Tells a client why its announcement (with {@code nonce}, unchecked when its signature was bad) was
     * refused; a worker heeds only a refusal of its latest announcement. Not numbered: the worker has no
     * stream from this coordinator yet.
     */
    void unwelcome(String id, Signer key, String nonce, String why) {
        hz.getQueue(ClusterExecutor.TASKS + id).offer(key.sign(Wire.text(message("unwelcome", new AtomicLong()).put("worker", id)
                .put("nonce", nonce).put("why", why))));
    }

    /** Tells every worker to abandon the games of leases numbered up to {@code upTo}. */
    void cancel(long upTo) {
        hz.getTopic(ClusterExecutor.CONTROL).publish(signer.sign(Wire.text(message("cancel", cancels).put("upTo", upTo))));
    }

    /** A message of {@code kind} of this run and incarnation, with the next number of {@code sequence}. */
    private ObjectNode message(String kind, AtomicLong sequence) {
        ObjectNode m = Wire.object();
        m.put("kind", kind);
        m.put("run", run);
        m.put("coordinator", incarnation);
        m.put("seq", sequence.incrementAndGet());
        return m;
    }
}

package arbiter.cluster;

import arbiter.play.GameSpec;
import com.fasterxml.jackson.databind.JsonNode;
import com.hazelcast.collection.IQueue;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A connected worker as the coordinator sees it: what it announced, its queue, its key and the
 * numbers of the messages sent to it, the leases it holds.
 */
final class Remote {
    final ClusterExecutor.WorkerInfo info;
    final IQueue<Object> tasks;
    /** Signs the messages to it and checks its own ({@link Signer#forWorker}). */
    final Signer key;
    /** The nonce of its accepted announcement (echoed by a refusal, so that it knows the refusal is for it). */
    final String nonce;
    /** The number of the last message sent to it. */
    final java.util.concurrent.atomic.AtomicLong sequence = new java.util.concurrent.atomic.AtomicLong();
    final Set<Long> leases = new LinkedHashSet<>();
    /** The dispatcher's lanes whose games it can play, and those whose queue holds it now. */
    final List<Dispatcher.Lane> lanes = new ArrayList<>();
    final Set<Dispatcher.Lane> queuedIn = new java.util.HashSet<>();
    /** Left (its queue entries are skipped); paused after its task queue refused a spec. */
    boolean gone;
    long pausedUntilMs;
    /** Games leased beyond its slots (see {@link Dispatcher#measured}), and the results counted to set it. */
    int prefetch = Dispatcher.PREFETCH;
    long windowStartMs;
    int windowResults;

    Remote(ClusterExecutor.WorkerInfo info, IQueue<Object> tasks, Signer key, String nonce) {
        this.info = info;
        this.tasks = tasks;
        this.key = key;
        this.nonce = nonce;
    }

    /** Games it can still be leased: its slots and prefetch less the leases it holds. */
    int room() {
        return info.slots() + prefetch - leases.size();
    }

    /** The announcement {@code value} of worker {@code id}, its signature checked with the worker's {@code key}. */
    static JsonNode hello(Signer key, String id, Object value) {
        JsonNode m;
        try {
            m = Wire.parse(key.open(value));
        } catch (Signer.BadSignatureException e) {
            throw new Signer.BadSignatureException(e.getMessage() + ": the worker's --secret-file is not this "
                    + "coordinator's secret (a wrong file, or the secret of another run)");
        }
        if (!"hello".equals(Wire.field(m, "kind")) || !id.equals(Wire.field(m, "worker"))) {
            throw new Wire.BadMessageException("not the announcement of worker " + id);
        }
        return m;
    }

    /** What a worker's announcement says of it. */
    static ClusterExecutor.WorkerInfo info(String id, JsonNode hello) {
        List<String> engines = new ArrayList<>();
        hello.path("engines").forEach(e -> engines.add(e.asText()));
        int slots = (int) Wire.number(hello, "slots");
        if (slots < 1 || slots > 4096) {
            throw new Wire.BadMessageException("slots " + slots + " out of 1..4096");
        }
        return new ClusterExecutor.WorkerInfo(id, Wire.field(hello, "host"), (int) Wire.number(hello, "cores"), slots,
                List.copyOf(engines));
    }

    boolean canPlay(GameSpec spec) {
        return (!spec.white().external() || info.engines().contains(spec.white().engine()))
                && (!spec.black().external() || info.engines().contains(spec.black().engine()));
    }
}

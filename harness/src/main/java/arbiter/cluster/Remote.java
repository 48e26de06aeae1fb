package arbiter.cluster;

import arbiter.play.GameSpec;
import com.fasterxml.jackson.databind.JsonNode;
import com.hazelcast.collection.IQueue;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** A connected worker as the coordinator sees it: what it announced, its queue, the leases it holds. */
final class Remote {
    final ClusterExecutor.WorkerInfo info;
    final IQueue<Object> tasks;
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

    Remote(ClusterExecutor.WorkerInfo info, IQueue<Object> tasks) {
        this.info = info;
        this.tasks = tasks;
    }

    /** Games it can still be leased: its slots and prefetch less the leases it holds. */
    int room() {
        return info.slots() + prefetch - leases.size();
    }

    /** The checked announcement {@code value} of worker {@code id}; its sequence number taken from {@code seen}. */
    static JsonNode hello(Signer signer, String id, Object value, Sequence seen) {
        JsonNode m;
        try {
            m = Wire.parse(signer.open(value));
        } catch (Signer.BadSignatureException e) {
            throw new Signer.BadSignatureException(e.getMessage() + ": the worker's --secret-file is not this "
                    + "coordinator's secret (a wrong file, or the secret of another run)");
        }
        if (!"hello".equals(Wire.field(m, "kind")) || !id.equals(Wire.field(m, "worker"))) {
            throw new Wire.BadMessageException("not the announcement of worker " + id);
        }
        if (!seen.take(Wire.number(m, "seq"))) {
            throw new Wire.BadMessageException("a replayed announcement (sequence number already seen)");
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

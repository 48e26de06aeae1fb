package arbiter.cluster;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The coordinator's one sending thread: does what the coordinator queued under its lock, in order,
 * without the lock (so no Hazelcast call is made while it is held). Leases for one worker that are
 * waiting together go in one message (up to {@code perMessage}): while a message is on its way, the
 * games a run submits meanwhile gather into the next one, so a fast run costs the network far fewer
 * messages than games (a tenth, with random players on one machine: docs/benchmarks.md). Anything
 * else queued (a welcome, a notice, a local game) first sends the leases gathered before it, so a
 * worker gets its welcome before its specs.
 */
final class Sender {
    private static final Logger LOG = LogManager.getLogger(Sender.class);

    /** Leases given to one worker, to go in its next spec message. */
    record Specs(Remote target, List<Leases.Lease> given) {
    }

    /** The coordinator's lock: items are added and the queue swapped with it held. */
    private final Object lock;
    private final BiConsumer<Remote, List<Leases.Lease>> sendSpecs;
    private final BooleanSupplier closed;
    private final int perMessage;
    /** What is to be done, in order: {@link Specs} or a {@link Runnable}. */
    private ArrayDeque<Object> outgoing = new ArrayDeque<>();
    /** True while the thread works on a swapped batch (changed with the lock held). */
    private boolean sending;
    private final Thread thread;

    /**
     * @param lock      the coordinator's lock, also what the thread waits on (notify it when closing)
     * @param sendSpecs sends leases to a worker in one message
     * @param closed    true once the coordinator is closed: the thread ends when nothing is left
     */
    Sender(Object lock, BiConsumer<Remote, List<Leases.Lease>> sendSpecs, BooleanSupplier closed, int perMessage) {
        this.lock = lock;
        this.sendSpecs = sendSpecs;
        this.closed = closed;
        this.perMessage = perMessage;
        this.thread = new Thread(this::loop, "cluster-sender");
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    /** Hands leases for one worker to the thread; with the lock held. */
    void queue(Specs specs) {
        add(specs);
    }

    /** Hands an action (a welcome, a notice, a local game) to the thread; with the lock held. */
    void queue(Runnable action) {
        add(action);
    }

    private void add(Object item) {
        outgoing.add(item);
        lock.notifyAll();
    }

    /** Waits until everything queued before this call has been done. */
    void awaitSent() {
        synchronized (lock) {
            while ((!outgoing.isEmpty() || sending) && thread.isAlive() && Thread.currentThread() != thread) {
                try {
                    lock.wait(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    void join(long ms) throws InterruptedException {
        thread.join(ms);
    }

    private void loop() {
        Map<Remote, List<Leases.Lease>> gathered = new LinkedHashMap<>();
        while (true) {
            ArrayDeque<Object> batch;
            synchronized (lock) {
                sending = false;
                lock.notifyAll();
                while (outgoing.isEmpty() && !closed.getAsBoolean()) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                if (outgoing.isEmpty()) {
                    return;
                }
                batch = outgoing;
                outgoing = new ArrayDeque<>();
                sending = true;
            }
            for (Object item : batch) {
                if (item instanceof Specs specs) {
                    gathered.computeIfAbsent(specs.target(), k -> new ArrayList<>()).addAll(specs.given());
                } else {
                    sendGathered(gathered);
                    run((Runnable) item);
                }
            }
            sendGathered(gathered);
        }
    }

    private void sendGathered(Map<Remote, List<Leases.Lease>> gathered) {
        for (Map.Entry<Remote, List<Leases.Lease>> e : gathered.entrySet()) {
            Remote target = e.getKey();
            List<Leases.Lease> all = e.getValue();
            for (int i = 0; i < all.size(); i += perMessage) {
                List<Leases.Lease> some = all.subList(i, Math.min(all.size(), i + perMessage));
                run(() -> sendSpecs.accept(target, some));
            }
        }
        gathered.clear();
    }

    /** Runs one action; a failure is logged, and the thread goes on. */
    private static void run(Runnable action) {
        try {
            action.run();
        } catch (RuntimeException e) {
            LOG.warn("cluster sender: {}", e.toString());
        }
    }
}

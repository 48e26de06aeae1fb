package arbiter.service.store;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Consumer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The one thread that changes the service's state: steps queue up; the thread takes every step that
 * is waiting (up to {@link #MAX_BATCH}), applies each to the in-memory state {@code S} in turn (each
 * adds the rows it changed to one {@link Writes}), writes them in one transaction, and only after the
 * commit completes the steps' futures — so no answer is sent for what the database does not hold
 * (a {@code kill -9} after an answer loses nothing), and under load one commit carries many steps.
 *
 * <p>When the write fails, every step of the batch fails with the {@link Store.StoreException} and
 * {@code reload} rebuilds the state from the database, which holds what was committed before.
 *
 * @param <S> the in-memory state the steps read and change (only on this thread)
 */
public final class GroupCommit<S> implements AutoCloseable {
    private static final Logger LOG = LogManager.getLogger(GroupCommit.class);
    /** Most steps in one transaction. */
    public static final int MAX_BATCH = 512;
    /**
     * Under load (more than one step waiting) the thread waits this long for more before it writes:
     * a commit's cost is mostly fixed (H2 writes a chunk with the root of every table it touched,
     * PostgreSQL flushes its log), so a millisecond's wait buys several steps per commit.
     */
    static final long LINGER_NANOS = 1_000_000;

    /** A change of the state: returns the answer, adds the rows it changed to {@code writes}. */
    public interface Step<S, R> {
        R apply(S state, Writes writes);
    }

    private record Pending<S, R>(Step<S, R> step, CompletableFuture<R> future) {
        void complete(Object value) {
            @SuppressWarnings("unchecked")
            R r = (R) value;
            future.complete(r);
        }
    }

    private final BlockingQueue<Pending<S, ?>> queue = new LinkedBlockingQueue<>();
    private final Store store;
    private final Consumer<S> reload;
    private final Thread thread;
    private volatile S state;
    private volatile boolean closed;
    private volatile long batches;
    private volatile long steps;

    /**
     * @param reload rebuilds {@code state} from the database after a failed write
     */
    public GroupCommit(Store store, S state, Consumer<S> reload) {
        this.store = store;
        this.state = state;
        this.reload = reload;
        this.thread = new Thread(this::run, "group-commit");
        thread.setDaemon(true);
        thread.start();
    }

    /** Queues a step; the future completes after its batch is committed (or fails with the batch). */
    public <R> CompletableFuture<R> submit(Step<S, R> step) {
        CompletableFuture<R> f = new CompletableFuture<>();
        if (closed) {
            f.completeExceptionally(new IllegalStateException("the server is stopping"));
            return f;
        }
        queue.add(new Pending<>(step, f));
        return f;
    }

    private void run() {
        List<Pending<S, ?>> batch = new ArrayList<>();
        while (!closed || !queue.isEmpty()) {
            try {
                Pending<S, ?> first = queue.poll(200, java.util.concurrent.TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                batch.add(first);
            } catch (InterruptedException e) {
                if (closed) {
                    break;
                }
                continue;
            }
            queue.drainTo(batch, MAX_BATCH - 1);
            if (batch.size() > 1 && batch.size() < MAX_BATCH) {
                java.util.concurrent.locks.LockSupport.parkNanos(LINGER_NANOS);
                queue.drainTo(batch, MAX_BATCH - batch.size());
            }
            Writes writes = new Writes();
            List<Object> answers = new ArrayList<>(batch.size());
            for (Pending<S, ?> p : batch) {
                try {
                    answers.add(p.step().apply(state, writes));
                } catch (RuntimeException e) {
                    answers.add(e); // a step refused (or failed): it fails alone; the submitter says why
                }
            }
            batches++;
            steps += batch.size();
            try {
                store.flush(writes);
                for (int i = 0; i < batch.size(); i++) {
                    Object a = answers.get(i);
                    if (a instanceof RuntimeException e) {
                        batch.get(i).future().completeExceptionally(e);
                    } else {
                        batch.get(i).complete(a);
                    }
                }
            } catch (RuntimeException e) {
                LOG.error("writing a batch of {} steps failed; reloading the state from the database: {}", batch.size(),
                        e.getMessage());
                reload();
                for (Pending<S, ?> p : batch) {
                    p.future().completeExceptionally(e);
                }
            }
            batch.clear();
        }
    }

    private void reload() {
        while (!closed) {
            try {
                reload.accept(state);
                return;
            } catch (RuntimeException e) {
                LOG.error("reloading the state failed, trying again in a second: {}", e.getMessage());
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException ie) {
                    return;
                }
            }
        }
    }

    /** Batches written so far and the steps they held (read on any thread: figures for the log). */
    public String figures() {
        return steps + " steps in " + batches + " commits";
    }

    /** Writes what is queued, then stops the thread. */
    @Override
    public void close() {
        closed = true;
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

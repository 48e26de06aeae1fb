package arbiter.tune;

import arbiter.execute.GameExecutor;
import arbiter.execute.GameObserver;
import arbiter.play.GameSpec;
import arbiter.play.PlayedGame;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * An executor seen through a meter: it passes every call on, and measures how busy the executor's
 * game slots were. A game is busy from the moment a worker takes it ({@link GameObserver#started})
 * until its result (or its abandonment) comes back. A worker's slots are the most games it was
 * seen playing at once (the executor's interface does not tell them; a worker that never filled its
 * slots is credited with fewer). Utilisation = busy slot-time / (slots x the metered wall time, from
 * the first game submitted to the last one back), per worker and over all of them.
 */
final class SlotMeter implements GameExecutor {
    private final GameExecutor delegate;
    private final Map<String, Worker> workers = new LinkedHashMap<>();
    private long firstNanos = -1;
    private long lastNanos = -1;
    private int submitted;
    private int outstanding;

    private static final class Worker {
        final java.util.Set<Game> games = new java.util.HashSet<>();
        int slots;
        long busyNanos;
    }

    SlotMeter(GameExecutor delegate) {
        this.delegate = delegate;
    }

    @Override
    public CompletableFuture<PlayedGame> submit(GameSpec spec, GameObserver observer) {
        synchronized (this) {
            if (firstNanos < 0) {
                firstNanos = System.nanoTime();
            }
            submitted++;
            outstanding++;
        }
        Game game = new Game();
        GameObserver metered = new GameObserver() {
            @Override
            public void started(String name) {
                synchronized (SlotMeter.this) {
                    long now = System.nanoTime();
                    end(game, now); // a game re-leased to another worker counts from its last start
                    Worker w = workers.computeIfAbsent(name, k -> new Worker());
                    // A game whose result is in but not yet heard of (its future completed before the
                    // meter could listen) no longer holds its slot.
                    for (java.util.Iterator<Game> it = w.games.iterator(); it.hasNext(); ) {
                        Game g = it.next();
                        if (g.future != null && g.future.isDone()) {
                            it.remove();
                            w.busyNanos += now - g.startNanos;
                            g.worker = null;
                        }
                    }
                    game.worker = name;
                    game.startNanos = now;
                    w.games.add(game);
                    w.slots = Math.max(w.slots, w.games.size());
                }
                observer.started(name);
            }

            @Override
            public boolean wantsMoves() {
                return observer.wantsMoves();
            }

            @Override
            public long moveIntervalMillis() {
                return observer.moveIntervalMillis();
            }

            @Override
            public void moved(arbiter.play.PlayedMove move, String position, int ply) {
                observer.moved(move, position, ply);
            }
        };
        CompletableFuture<PlayedGame> f = delegate.submit(spec, metered);
        synchronized (this) {
            game.future = f;
        }
        f.whenComplete((g, e) -> {
            synchronized (SlotMeter.this) {
                long now = System.nanoTime();
                lastNanos = Math.max(lastNanos, now);
                outstanding--;
                end(game, now);
            }
        });
        return f;
    }

    /** Ends a game's busy time on its worker, if it is still counted there. */
    private void end(Game game, long now) {
        if (game.worker != null) {
            Worker w = workers.get(game.worker);
            if (w.games.remove(game)) {
                w.busyNanos += now - game.startNanos;
            }
            game.worker = null;
        }
    }

    private static final class Game {
        String worker;
        long startNanos;
        CompletableFuture<PlayedGame> future;
    }

    GameExecutor delegate() {
        return delegate;
    }

    /** Games submitted and not yet back. */
    synchronized int outstanding() {
        return outstanding;
    }

    synchronized int submitted() {
        return submitted;
    }

    @Override
    public int capacity() {
        return delegate.capacity();
    }

    @Override
    public void cancelAll() {
        delegate.cancelAll();
    }

    /** The meter does not own the executor: closing it closes nothing. */
    @Override
    public void close() {
    }

    /** What the meter saw; null before any game came back. */
    synchronized Report report() {
        if (firstNanos < 0 || lastNanos < 0) {
            return null;
        }
        double wall = (lastNanos - firstNanos) / 1e9;
        List<Report.Worker> list = new ArrayList<>();
        int slots = 0;
        double busy = 0;
        for (Map.Entry<String, Worker> e : workers.entrySet()) {
            Worker w = e.getValue();
            list.add(new Report.Worker(e.getKey(), w.slots, w.busyNanos / 1e9));
            slots += w.slots;
            busy += w.busyNanos / 1e9;
        }
        return new Report(wall, slots, busy, List.copyOf(list));
    }

    /** Busy slot-time against available slot-time, in seconds. */
    record Report(double wallSeconds, int slots, double busySeconds, List<Worker> workers) {
        record Worker(String name, int slots, double busySeconds) {
        }

        double utilisation() {
            return slots == 0 || wallSeconds <= 0 ? 0 : busySeconds / (slots * wallSeconds);
        }

        String line() {
            StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                    "utilisation: %.1f%% of %d slots busy over %.1f s (busy slot-time %.1f s of %.1f s)",
                    100 * utilisation(), slots, wallSeconds, busySeconds, slots * wallSeconds));
            if (workers.size() > 1) {
                sb.append("; per worker:");
                for (Worker w : workers) {
                    sb.append(String.format(Locale.ROOT, " %s %.1f%% of %d", w.name(), wallSeconds <= 0 ? 0
                            : 100 * w.busySeconds() / (w.slots() * wallSeconds), w.slots()));
                }
            }
            return sb.toString();
        }

        ObjectNode toJson() {
            ObjectNode n = new ObjectMapper().createObjectNode();
            n.put("utilisation", utilisation());
            n.put("slots", slots);
            n.put("wallSeconds", wallSeconds);
            n.put("busySlotSeconds", busySeconds);
            ObjectNode per = n.putObject("workers");
            for (Worker w : workers) {
                ObjectNode one = per.putObject(w.name());
                one.put("slots", w.slots());
                one.put("busySlotSeconds", w.busySeconds());
                one.put("utilisation", wallSeconds <= 0 ? 0 : w.busySeconds() / (w.slots() * wallSeconds));
            }
            return n;
        }
    }
}

package arbiter.execute;

import arbiter.external.ProcessRegistry;
import arbiter.game.Games;
import arbiter.game.Rules;
import arbiter.play.GameSpec;
import arbiter.play.PlayedGame;
import arbiter.play.PlayerSpec;
import arbiter.play.TimeLimits;
import arbiter.player.Player;
import arbiter.referee.Referee;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Plays games on worker threads of this JVM. Each thread owns its players (created on first use,
 * reused from game to game, replaced when a spec asks for other settings under the same name), so no
 * engine is ever shared between two games played at once.
 */
public final class LocalExecutor implements GameExecutor {
    private static final Logger LOG = LogManager.getLogger(LocalExecutor.class);

    private record Job(GameSpec spec, GameObserver observer, CompletableFuture<PlayedGame> result, long epoch) {
    }

    private static final Job STOP = new Job(null, null, null, -1);

    private final int threads;
    private final PlayerFactory players;
    private final Consumer<Player> playerCreated;
    private final String name;
    private final BlockingQueue<Job> queue = new LinkedBlockingQueue<>();
    private final List<Thread> workers = new ArrayList<>();
    /** Each live worker's players, so {@link #close} can end the engines of a worker stuck in a game. */
    private final Map<Thread, Map<String, Owned>> playersOf = new ConcurrentHashMap<>();
    private final Map<String, Rules> rulesById = new ConcurrentHashMap<>();
    /** Incremented by {@link #cancelAll}: a job of an older epoch is abandoned. */
    private final AtomicLong epoch = new AtomicLong();
    private volatile boolean closed;

    /**
     * @param threads       games played at once (0: this executor plays nothing)
     * @param players       how specs become players here
     * @param playerCreated called with each new player on its worker's thread before its first game
     *                      (benchmarks attach their instruments here)
     */
    public LocalExecutor(int threads, PlayerFactory players, Consumer<Player> playerCreated) {
        this(threads, players, playerCreated, "worker");
    }

    public LocalExecutor(int threads, PlayerFactory players, Consumer<Player> playerCreated, String name) {
        this.threads = threads;
        this.players = players;
        this.playerCreated = playerCreated;
        this.name = name;
        for (int i = 0; i < threads; i++) {
            Thread t = new Thread(this::work, name + "-" + (i + 1));
            t.setDaemon(true);
            workers.add(t);
            t.start();
        }
    }

    public LocalExecutor(int threads, PlayerFactory players) {
        this(threads, players, p -> { });
    }

    @Override
    public CompletableFuture<PlayedGame> submit(GameSpec spec, GameObserver observer) {
        CompletableFuture<PlayedGame> result = new CompletableFuture<>();
        if (closed || threads == 0) {
            result.complete(null);
            return result;
        }
        queue.add(new Job(spec, observer, result, epoch.get()));
        return result;
    }

    /**
     * Two games a thread: one playing and one queued behind it, so a thread that finishes a game
     * starts the next at once instead of waiting for the coordinator to hear of the first and submit
     * another (with short games that wait was a good part of each game's time).
     */
    @Override
    public int capacity() {
        return 2 * threads;
    }

    @Override
    public void cancelAll() {
        epoch.incrementAndGet();
        List<Job> dropped = new ArrayList<>();
        queue.drainTo(dropped);
        for (Job j : dropped) {
            if (j == STOP) {
                queue.add(STOP);
            } else {
                j.result().complete(null);
            }
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        cancelAll();
        for (int i = 0; i < workers.size(); i++) {
            queue.add(STOP);
        }
        for (Thread t : workers) {
            try {
                t.join(TimeUnit.SECONDS.toMillis(30));
                if (t.isAlive()) {
                    LOG.warn("{} did not stop in 30 s: closing its players", t.getName());
                    Map<String, Owned> stuck = playersOf.remove(t);
                    if (stuck != null) {
                        stuck.values().forEach(o -> closeQuietly(o.player()));
                    }
                    t.interrupt();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
    }

    /** One worker thread: takes jobs until told to stop, then closes its players. */
    private void work() {
        Map<String, Owned> own = new ConcurrentHashMap<>();
        playersOf.put(Thread.currentThread(), own);
        try {
            while (true) {
                Job job;
                try {
                    job = queue.take();
                } catch (InterruptedException e) {
                    return;
                }
                if (job == STOP) {
                    return;
                }
                try {
                    job.result().complete(play(job, own));
                } catch (Throwable e) {
                    job.result().completeExceptionally(e);
                }
            }
        } finally {
            playersOf.remove(Thread.currentThread());
            for (Owned o : own.values()) {
                closeQuietly(o.player());
            }
            LOG.info("{}: {} ms of CPU", Thread.currentThread().getName(), threadCpuMillis());
        }
    }

    /** CPU time of the calling thread so far, in milliseconds (-1 where the JVM cannot tell). */
    public static long threadCpuMillis() {
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        return mx.isCurrentThreadCpuTimeSupported() ? mx.getCurrentThreadCpuTime() / 1_000_000 : -1;
    }

    private record Owned(PlayerSpec spec, String rules, Player player) {
    }

    private PlayedGame play(Job job, Map<String, Owned> own) {
        BooleanAbort abort = new BooleanAbort(job.epoch());
        if (abort.getAsBoolean()) {
            return null;
        }
        GameSpec spec = job.spec();
        String rulesKey = spec.variant() + " " + spec.rules();
        Rules rules = rulesById.computeIfAbsent(rulesKey, k -> Games.rules(spec.variant(), spec.rules()));
        Player white = player(spec.white(), rules, rulesKey, own);
        Player black = player(spec.black(), rules, rulesKey, own);
        if (white == black) {
            throw new IllegalStateException("a player cannot meet itself: " + spec.white().name());
        }
        job.observer().started(Thread.currentThread().getName());
        TimeLimits[] limits = {spec.white().limits(), spec.black().limits()};
        GameObserver observer = job.observer();
        return new Referee(rules, spec.adjudication()).play(spec.task(), new Player[] {white, black}, limits, abort,
                observer.wantsMoves() ? sampled(observer, spec.task().opening().moves().size()) : null);
    }

    /**
     * Tells the observer a game's moves, at most one per its interval (the position text costs, every
     * move would). The first is told an interval after the game started: a game shorter than that is
     * not worth a live board, and a run of fast games then costs the observer nothing per move. Every move
     * is counted, so the observer learns the game's true ply (the referee tells the players' moves, after
     * {@code openingPlies} opening moves).
     */
    private static java.util.function.BiConsumer<arbiter.play.PlayedMove, arbiter.game.Position> sampled(GameObserver observer,
                                                                                                    int openingPlies) {
        long interval = observer.moveIntervalMillis() * 1_000_000L;
        long[] last = {System.nanoTime()};
        int[] ply = {openingPlies};
        return (move, after) -> {
            ply[0]++;
            long now = System.nanoTime();
            if (interval == 0 || now - last[0] >= interval) {
                last[0] = now;
                observer.moved(move, after.toText(), ply[0]);
            }
        };
    }

    /** True when the job's epoch was cancelled, the executor closed or the JVM is shutting down (Ctrl-C). */
    private final class BooleanAbort implements java.util.function.BooleanSupplier {
        private final long jobEpoch;

        BooleanAbort(long jobEpoch) {
            this.jobEpoch = jobEpoch;
        }

        @Override
        public boolean getAsBoolean() {
            return epoch.get() != jobEpoch || closed || ProcessRegistry.shuttingDown();
        }
    }

    private Player player(PlayerSpec spec, Rules rules, String rulesKey, Map<String, Owned> own) {
        Owned o = own.get(spec.name());
        if (o != null && o.spec().equals(spec) && o.rules().equals(rulesKey)) {
            return o.player();
        }
        if (o != null) {
            closeQuietly(o.player()); // same name, other settings (a tuning run's next iteration)
        }
        Player p = players.create(spec, rules);
        own.put(spec.name(), new Owned(spec, rulesKey, p));
        playerCreated.accept(p);
        return p;
    }

    private static void closeQuietly(Player p) {
        try {
            p.close();
        } catch (RuntimeException e) {
            LOG.warn("closing a player: {}", e.toString());
        }
    }
}

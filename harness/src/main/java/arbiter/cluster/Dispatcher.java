package arbiter.cluster;

import arbiter.play.GameSpec;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Matches queued games with free game slots in O(1) per game, however many workers are connected.
 * Games wait in <em>lanes</em>, one per set of external engines they need (and workers that refused
 * them); each lane has a queue of the workers that can play its games and have a free slot. A game
 * is given to the worker at the head of its lane's queue, which goes back to the tail while it has
 * room (round robin); a worker whose lease ends is put back in the queues of its lanes. Nothing scans
 * the workers per game: only a new lane (a new engine set, rare) or a joining worker looks at every
 * worker or every lane. The running {@link #capacity} is kept as workers join and leave. The
 * coordinator's own threads ({@code local}) take games before any worker. Not thread-safe: the
 * coordinator calls it with its lock held.
 */
final class Dispatcher {
    /** Games queued at a worker beyond its slots, so it never waits for the next one (at least). */
    static final int PREFETCH = 1;
    /**
     * At most this many games queued at a worker beyond its slots. It must exceed a fast worker's games/s
     * times the round trip of a result and the next spec (the worker's batching delay, 20 ms, plus the
     * network): with 64, a worker of instant games was held to 64 games per 23 ms, about 2,800 games/s,
     * with its cores 10% busy. 1,024 is 150 ms of play at 7,000 games/s, what one 2-core worker of random
     * players reaches.
     */
    static final int MAX_PREFETCH = 1024;
    /**
     * A worker's prefetch covers about this much of its play: games/s x this (see {@link #measured}).
     * It must exceed the time a finished game takes to be recorded and replaced by the next (the
     * worker's 20 ms batching, the coordinator's bursts of recording); at 100 ms a worker of instant
     * games settled where that time reached 100 ms, about 5,000 games/s with its cores a third busy.
     * Games of a second or more keep the one game ahead of {@link #PREFETCH}.
     */
    static final long PREFETCH_COVER_MS = 500;
    /** How long a worker's results are counted before its prefetch is set again. */
    static final long RATE_WINDOW_MS = 1000;

    /** Games needing the same external engines, not to go to the workers in {@code refusedBy}. */
    record Key(Set<String> engines, Set<String> refusedBy) {
    }

    /** The queued games of one key and the workers with room that can play them. */
    static final class Lane {
        final Key key;
        final Deque<Job> jobs = new ArrayDeque<>();
        final Deque<Remote> ready = new ArrayDeque<>();
        /** Connected workers that can play this lane's games (for the "nobody can play it" warning). */
        int eligible;
        /** Told that no worker can play its games (again once a worker joins). */
        boolean warned;

        Lane(Key key) {
            this.key = key;
        }

        boolean admits(Remote r) {
            return !r.gone && r.info.engines().containsAll(key.engines()) && !key.refusedBy().contains(r.info.id());
        }
    }


    private final int localThreads;
    private int localBusy;
    private final Map<Key, Lane> lanes = new HashMap<>();
    private final Set<Remote> workers = new LinkedHashSet<>();
    /** Lanes with queued games, in the order they got them. */
    private final Set<Lane> waiting = new LinkedHashSet<>();
    private volatile int capacity;
    private int queued;
    /** Counters for tests and the scale bench: worker queue entries looked at, per game given. */
    long looked;
    long given;

    Dispatcher(int localThreads) {
        this.localThreads = localThreads;
        this.capacity = localThreads;
    }

    /** Games to keep submitted: the local threads plus every worker's slots and prefetch (kept as they join and leave). */
    int capacity() {
        return capacity;
    }

    int queued() {
        return queued;
    }

    /** Queues a game last ({@code first}: at the front, as a game coming back from a worker). */
    void add(Job job, boolean first) {
        Lane lane = lane(job);
        if (first) {
            lane.jobs.addFirst(job);
        } else {
            lane.jobs.addLast(job);
        }
        queued++;
        waiting.add(lane);
    }

    /** A worker joined: it may play the games of every lane it admits. */
    void join(Remote r) {
        workers.add(r);
        capacity += r.info.slots() + r.prefetch;
        for (Lane lane : lanes.values()) {
            lane.warned = false;
            if (lane.admits(r)) {
                lane.eligible++;
                r.lanes.add(lane);
            }
        }
        ready(r);
    }

    /** A worker left: it is skipped when its turn comes in a lane's queue. */
    void leave(Remote r) {
        if (!workers.remove(r)) {
            return;
        }
        r.gone = true;
        capacity -= r.info.slots() + r.prefetch;
        for (Lane lane : r.lanes) {
            lane.eligible--;
        }
    }

    /** A worker may have room again (a lease ended, a pause passed): back in the queues of its lanes. */
    void ready(Remote r) {
        if (r.gone || r.room() <= 0) {
            return;
        }
        for (Lane lane : r.lanes) {
            if (r.queuedIn.add(lane)) {
                lane.ready.addLast(r);
            }
        }
    }

    /**
     * One of {@code r}'s leases ended with a result at {@code nowMs}. Once a second its prefetch is set
     * to cover {@link #PREFETCH_COVER_MS} of its play at the rate it hands in games (between
     * {@link #PREFETCH} and {@link #MAX_PREFETCH}): a worker of fast games (random players, instant
     * ones) is never idle waiting for the network, one of long games holds just one game ahead.
     */
    void measured(Remote r, long nowMs) {
        if (r.windowStartMs == 0) {
            r.windowStartMs = nowMs;
        }
        r.windowResults++;
        long span = nowMs - r.windowStartMs;
        if (span >= RATE_WINDOW_MS) {
            long wanted = (r.windowResults * PREFETCH_COVER_MS + span - 1) / span;
            int prefetch = (int) Math.max(PREFETCH, Math.min(MAX_PREFETCH, wanted));
            if (!r.gone) {
                capacity += prefetch - r.prefetch;
            }
            r.prefetch = prefetch;
            r.windowStartMs = nowMs;
            r.windowResults = 0;
        }
        ready(r);
    }

    /** One of the coordinator's own games ended. */
    void localDone() {
        localBusy--;
    }

    /**
     * Gives queued games to local threads and workers with room, until none can be given, each to
     * {@code give} (worker null: a local thread), which must lease it to that worker at once (its
     * room shrinks). {@code nowMs} skips workers paused until later. Returns how many were given.
     */
    int dispatch(long nowMs, java.util.function.BiConsumer<Job, Remote> give) {
        int n = 0;
        while (localBusy < localThreads && !waiting.isEmpty()) {
            Lane lane = waiting.iterator().next();
            localBusy++;
            give.accept(take(lane), null);
            n++;
        }
        for (var it = waiting.iterator(); it.hasNext();) {
            Lane lane = it.next();
            while (!lane.jobs.isEmpty()) {
                Remote r = lane.ready.pollFirst();
                if (r == null) {
                    break;
                }
                looked++;
                r.queuedIn.remove(lane);
                if (r.gone || r.room() <= 0 || r.pausedUntilMs > nowMs) {
                    continue; // stale: it is queued again when it has room
                }
                Job job = lane.jobs.pollFirst();
                queued--;
                given++;
                n++;
                give.accept(job, r);
                if (r.room() > 0 && r.queuedIn.add(lane)) {
                    lane.ready.addLast(r);
                }
            }
            if (lane.jobs.isEmpty()) {
                it.remove();
            }
        }
        return n;
    }

    /** Every queued game, taken out of the queues. */
    List<Job> drain() {
        List<Job> all = new ArrayList<>();
        for (Lane lane : waiting) {
            all.addAll(lane.jobs);
            lane.jobs.clear();
        }
        waiting.clear();
        queued = 0;
        return all;
    }

    /**
     * The lanes with queued games that no connected worker can play, not told so since the last worker
     * joined (none without workers or with local threads); they count as told now.
     */
    List<Lane> unplayable() {
        List<Lane> out = new ArrayList<>();
        if (localThreads > 0 || workers.isEmpty()) {
            return out;
        }
        for (Lane lane : waiting) {
            if (lane.eligible == 0 && !lane.warned && !lane.jobs.isEmpty()) {
                lane.warned = true;
                out.add(lane);
            }
        }
        return out;
    }

    Set<Remote> workers() {
        return workers;
    }

    private Job take(Lane lane) {
        Job job = lane.jobs.pollFirst();
        queued--;
        if (lane.jobs.isEmpty()) {
            waiting.remove(lane);
        }
        return job;
    }

    /** The lane of a game; a new one is filled with the workers that admit it (the only scan of all workers). */
    private Lane lane(Job job) {
        Key key = key(job.spec, job.refusedBy);
        Lane lane = lanes.get(key);
        if (lane == null) {
            lane = new Lane(key);
            lanes.put(key, lane);
            for (Remote r : workers) {
                if (lane.admits(r)) {
                    lane.eligible++;
                    r.lanes.add(lane);
                    if (r.room() > 0 && r.queuedIn.add(lane)) {
                        lane.ready.addLast(r);
                    }
                }
            }
        }
        return lane;
    }

    static Key key(GameSpec spec, Set<String> refusedBy) {
        Set<String> engines = new TreeSet<>();
        if (spec.white().external()) {
            engines.add(spec.white().engine());
        }
        if (spec.black().external()) {
            engines.add(spec.black().engine());
        }
        return new Key(engines, refusedBy.isEmpty() ? Set.of() : new TreeSet<>(refusedBy));
    }
}

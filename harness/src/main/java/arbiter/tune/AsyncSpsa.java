package arbiter.tune;

import arbiter.config.ConfigException;
import arbiter.execute.GameExecutor;
import arbiter.execute.GameObserver;
import arbiter.io.OwnFiles;
import arbiter.play.GameSpec;
import arbiter.play.PlayedGame;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * SPSA without a barrier between iterations, as fishtest runs it: each game pair is sent out at the
 * current theta +- c (its perturbation drawn when it is sent), and theta moves as each pair's result
 * comes back, so the executor is kept at its {@link GameExecutor#capacity()} until the last pairs.
 * Pair j's Delta is drawn from j and the seed; its c and R are the schedule's at (pairs applied when
 * it was sent) / pairsPerIteration iterations, so N iterations of P pairs walk the same schedule in
 * the same number of games as the barrier mode; its update R c (W-L) Delta is added to theta as it
 * is when the result arrives (fishtest's {@code update_spsa_data}).
 *
 * <p>Checkpoint ({@code tune-state.json}, written atomically): pairs sent ({@code next}), theta, the
 * applied pairs' history, and the pairs sent but not applied with their perturbations. It is written
 * before a pair's games are submitted and after its result is applied; each pair's games are a small
 * run of their own ({@code iterations/<j>/}, resumed like any run), so a tuner killed at any moment
 * and rerun plays each pending pair's missing games at the perturbation it was sent with, applies
 * every pair exactly once, and loses and repeats no game.
 */
final class AsyncSpsa {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Plays pair {@code j} at this perturbation on this executor: W-L of theta+, or null when stopped. */
    interface Pairs {
        Double play(int j, Spsa.Step step, GameExecutor executor) throws IOException;

        /** Stops a pair being played (its games are abandoned, to be played on resume). */
        void stop(int j);
    }

    /** Told each applied pair: its number, theta after it, its result, its perturbation, pairs applied so far. */
    interface Applied {
        void applied(int j, double[] theta, double result, Spsa.Step step, int count) throws IOException;
    }

    private final Spsa spsa;
    private final int pairsPerIteration;
    private final int gamesPerPair;
    private final int total;
    private final Path statePath;
    private final JsonNode config;
    final State state;

    AsyncSpsa(Spsa spsa, int pairsPerIteration, int gamesPerPair, Path statePath, JsonNode config) throws IOException {
        this.spsa = spsa;
        this.pairsPerIteration = pairsPerIteration;
        this.gamesPerPair = gamesPerPair;
        this.total = spsa.iterations() * pairsPerIteration;
        this.statePath = statePath;
        this.config = config;
        this.state = State.load(statePath, config, spsa.start(), spsa.parameters().size());
    }

    int total() {
        return total;
    }

    boolean finished() {
        return state.history.size() >= total;
    }

    /** One pair's games on the shared executor: counts its games still to come back. */
    private final class Slice implements GameExecutor {
        final int pair;
        final GameExecutor delegate;
        final BlockingQueue<Object> events;
        int submitted;
        int back;

        Slice(int pair, GameExecutor delegate, BlockingQueue<Object> events) {
            this.pair = pair;
            this.delegate = delegate;
            this.events = events;
        }

        @Override
        public CompletableFuture<PlayedGame> submit(GameSpec spec, GameObserver observer) {
            synchronized (AsyncSpsa.this) {
                submitted++;
            }
            CompletableFuture<PlayedGame> f = delegate.submit(spec, observer);
            f.whenComplete((g, e) -> {
                synchronized (AsyncSpsa.this) {
                    back++;
                }
                events.add(Boolean.TRUE); // a slot is free: the loop may send another pair
            });
            return f;
        }

        @Override
        public int capacity() {
            return gamesPerPair;
        }

        @Override
        public void cancelAll() {
            delegate.cancelAll();
        }

        @Override
        public void close() {
        }
    }

    private record Done(int pair, Double result, Throwable error) {
    }

    /**
     * Plays the pairs left on the executor, keeping its capacity filled; returns when every pair is
     * applied, or after a stop once the pairs in flight have ended (their games are played on resume).
     */
    void run(GameExecutor executor, Pairs pairs, AtomicBoolean stop, Applied applied) throws IOException {
        BlockingQueue<Object> events = new LinkedBlockingQueue<>();
        Map<Integer, Slice> running = new LinkedHashMap<>();
        ExecutorService threads = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "tune-pair");
            t.setDaemon(true);
            return t;
        });
        List<Integer> resumed = new ArrayList<>(state.pending.keySet());
        int savedNext = state.next;
        Throwable failure = null;
        try {
            List<Done> done = new ArrayList<>();
            while (true) {
                // Applied results and newly sent pairs go to the checkpoint together, before the new pairs'
                // games are submitted: one write however many events came at once.
                List<int[]> appliedNow = new ArrayList<>();
                for (Done d : done) {
                    Spsa.Step step = state.pending.remove(d.pair());
                    appliedSteps.put(d.pair(), step);
                    state.theta = spsa.update(state.theta, step, d.result());
                    state.history.add(TuneHistory.row(d.pair(), state.theta, d.result()));
                    appliedNow.add(new int[] {d.pair(), state.history.size()});
                }
                List<Integer> launch = new ArrayList<>();
                int[] counts = inFlight(running);
                int outstanding = counts[0];
                int starting = counts[1];
                int capacity = Math.max(1, executor.capacity());
                // Games submitted and not back are kept at capacity() at least. A pair's small run takes a
                // moment to start (its folder, state, log) before it submits its games, so pairs are sent
                // while fewer than capacity() + one pair are submitted, up to a capacity's worth starting at
                // once (at most about twice capacity() games are then submitted).
                int maxStarting = Math.max(1, (capacity + gamesPerPair - 1) / gamesPerPair);
                while (failure == null && !stop.get() && outstanding < capacity + gamesPerPair && starting < maxStarting
                        && (!resumed.isEmpty() || state.next < total)) {
                    int j;
                    if (!resumed.isEmpty()) {
                        j = resumed.remove(0);
                    } else {
                        j = state.next;
                        Spsa.Step step = spsa.step(j, (double) state.history.size() / pairsPerIteration, state.theta);
                        state.pending.put(j, new Spsa.Step(j, spsa.played(step.plus()), spsa.played(step.minus()),
                                step.delta(), step.c(), step.r()));
                        state.next = j + 1;
                    }
                    launch.add(j);
                    starting++;
                }
                if (!appliedNow.isEmpty() || state.next > savedNext) {
                    state.save(statePath, config); // before the new pairs' games: a kill from here on resumes them
                    savedNext = state.next;
                }
                for (int j : launch) {
                    Slice slice = new Slice(j, executor, events);
                    running.put(j, slice);
                    Spsa.Step sent = state.pending.get(j);
                    threads.submit(() -> {
                        try {
                            events.add(new Done(j, pairs.play(j, sent, slice), null));
                        } catch (Throwable e) {
                            events.add(new Done(j, null, e));
                        }
                    });
                }
                for (int i = 0; i < done.size(); i++) {
                    Done d = done.get(i);
                    applied.applied(d.pair(), historyTheta(appliedNow.get(i)[1]), d.result(), appliedSteps.remove(d.pair()),
                            appliedNow.get(i)[1]);
                }
                done.clear();
                if (running.isEmpty()) {
                    break;
                }
                List<Object> events1 = new ArrayList<>();
                try {
                    Object first = events.poll(200, TimeUnit.MILLISECONDS);
                    if (first != null) {
                        events1.add(first);
                        events.drainTo(events1);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    stop.set(true);
                }
                boolean stopping = stop.get() || failure != null;
                for (Object event : events1) {
                    if (!(event instanceof Done d)) {
                        continue;
                    }
                    running.remove(d.pair());
                    if (d.error() != null) {
                        failure = failure == null ? d.error() : failure;
                        stopping = true;
                    } else if (d.result() == null) {
                        stop.set(true); // a pair ended without its games (a stop, Ctrl-C): send no more
                        stopping = true;
                    } else {
                        done.add(d);
                    }
                }
                if (stopping) {
                    running.keySet().forEach(pairs::stop);
                }
            }
        } finally {
            threads.shutdownNow();
        }
        if (failure != null) {
            if (failure instanceof IOException io) {
                throw io;
            }
            if (failure instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(failure);
        }
    }

    /** Theta after the {@code count}th applied pair. */
    private double[] historyTheta(int count) {
        double[] row = state.history.get(count - 1);
        return java.util.Arrays.copyOfRange(row, 1, row.length - 1);
    }

    /** The perturbation pair j was applied with (its c, for the no-signal warning). */
    private final Map<Integer, Spsa.Step> appliedSteps = new java.util.HashMap<>();

    /** Games submitted and not yet back, and pairs whose run has not yet submitted a game. */
    private synchronized int[] inFlight(Map<Integer, Slice> running) {
        int outstanding = 0;
        int starting = 0;
        for (Slice s : running.values()) {
            outstanding += s.submitted - s.back;
            starting += s.submitted == 0 ? 1 : 0;
        }
        return new int[] {outstanding, starting};
    }

    /** The barrier-free checkpoint. */
    static final class State {
        int next;
        double[] theta;
        final List<double[]> history = new ArrayList<>();
        final Map<Integer, Spsa.Step> pending = new LinkedHashMap<>();

        static State load(Path file, JsonNode config, double[] start, int n) throws IOException {
            State s = new State();
            s.theta = start.clone();
            JsonNode node = TuneState.readCheckpoint(file, config, true);
            if (node == null) {
                return s;
            }
            s.next = node.get("next").asInt();
            s.theta = doubles(node.get("theta"));
            for (JsonNode row : node.get("history")) {
                s.history.add(doubles(row));
            }
            for (JsonNode p : node.get("pending")) {
                int j = p.get("pair").asInt();
                int[] delta = new int[n];
                for (int i = 0; i < n; i++) {
                    delta[i] = p.get("delta").get(i).asInt();
                }
                s.pending.put(j, new Spsa.Step(j, doubles(p.get("plus")), doubles(p.get("minus")), delta,
                        doubles(p.get("c")), doubles(p.get("r"))));
            }
            return s;
        }

        private static double[] doubles(JsonNode a) {
            double[] d = new double[a.size()];
            for (int i = 0; i < d.length; i++) {
                d[i] = a.get(i).asDouble();
            }
            return d;
        }

        void save(Path file, JsonNode config) throws IOException {
            ObjectNode node = JSON.createObjectNode();
            node.put("mode", "async");
            node.put("next", next);
            node.set("theta", JSON.valueToTree(theta));
            ArrayNode rows = node.putArray("history");
            for (double[] r : history) {
                rows.add(JSON.valueToTree(r));
            }
            ArrayNode sent = node.putArray("pending");
            for (Spsa.Step step : pending.values()) {
                ObjectNode p = sent.addObject();
                p.put("pair", step.k());
                p.set("plus", JSON.valueToTree(step.plus()));
                p.set("minus", JSON.valueToTree(step.minus()));
                p.set("delta", JSON.valueToTree(step.delta()));
                p.set("c", JSON.valueToTree(step.c()));
                p.set("r", JSON.valueToTree(step.r()));
            }
            node.set("config", config);
            OwnFiles.replace(file, JSON.writeValueAsString(node));
        }
    }
}

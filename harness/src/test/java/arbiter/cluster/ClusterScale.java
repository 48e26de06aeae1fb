package arbiter.cluster;

import arbiter.execute.LocalExecutor;
import arbiter.execute.PlayerFactory;
import arbiter.play.Adjudication;
import arbiter.play.GameResult;
import arbiter.play.GameSpec;
import arbiter.play.GameTask;
import arbiter.play.Opening;
import arbiter.play.PlayedGame;
import arbiter.play.PlayedMove;
import arbiter.play.PlayerSpec;
import arbiter.play.Termination;
import arbiter.play.TimeLimits;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.collection.IQueue;
import com.hazelcast.core.HazelcastInstance;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A coordinator ({@link ClusterExecutor}, in this JVM) fed by many simulated workers: each a Hazelcast
 * client of its own that speaks the real protocol with the real {@link Signer} (signed announcement,
 * welcome with nonce, signed specs checked for run, incarnation and sequence, results in signed
 * {@link ResultBatch}es sent by the worker's own {@link Outbox}) but plays no engine: every spec is answered at once with a game of 80
 * moves. Measures the coordinator's CPU per game (its own threads only: the Hazelcast member's, the
 * results receiver and sender, and the submitting thread) and the dispatch latency (from submit to the spec in a
 * worker's hands). Used by {@code ClusterScaleTest} (small) and {@code bench/cluster-scale.sh}.
 *
 * <pre>java -cp ... [-Dscale.linger.ms=20] arbiter.cluster.ClusterScale WORKERS GAMES [WORKERS GAMES ...]</pre>
 *
 * {@code scale.linger.ms} is how long a worker's {@link Outbox} waits to batch results (the real
 * worker's 20 ms; 0 sends each game alone, so that every game costs the same messages whatever the
 * number of workers); {@code scale.rate} submits at most that many games a second (0: as fast as
 * the coordinator's capacity allows); {@code scale.apart} puts the simulated workers in a JVM of
 * their own ({@code --workers PORT N}).
 */
public final class ClusterScale {
    static final byte[] SECRET = "a cluster secret of enough bytes".getBytes(StandardCharsets.UTF_8);
    /** Every simulated game: 80 random legal plies from the start, drawn at the move cap (the coordinator replays it). */
    private static final int PLIES = 80;
    private static final List<PlayedMove> MOVES = legalGame();

    /** What one run measured. */
    record Figures(int workers, int games, double seconds, double coordinatorCpuMsPerGame, double latencyMedianMs,
                   double latencyP99Ms, long looked, long given, int gamesPerWorkerMin, double messagesPerGame) {
        @Override
        public String toString() {
            return String.format("%7d %7d %9.2f %9.0f %14.4f %10.2f %10.2f %8.3f %9d %8.2f", workers, games, seconds, games / seconds,
                    coordinatorCpuMsPerGame, latencyMedianMs, latencyP99Ms, (double) looked / given, gamesPerWorkerMin,
                    messagesPerGame);
        }

        static String header() {
            return String.format("%7s %7s %9s %9s %14s %10s %10s %8s %9s %8s", "workers", "games", "wall_s", "games/s",
                    "coord_ms/game", "lat_p50_ms", "lat_p99_ms", "looked/g", "min/wkr", "msgs/g");
        }
    }

    private ClusterScale() {
    }

    /** {@link #PLIES} random legal moves from the start of international draughts that do not end the game. */
    private static List<PlayedMove> legalGame() {
        arbiter.game.Rules rules = arbiter.game.Games.rules("international");
        for (long seed = 1; ; seed++) {
            java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
            arbiter.game.GameHistory game = new arbiter.game.GameHistory(rules.start());
            List<PlayedMove> moves = new ArrayList<>();
            while (moves.size() < PLIES && game.outcome() == null) {
                arbiter.game.Position p = game.current();
                List<arbiter.game.Move> legal = p.legalMoves();
                arbiter.game.Move m = legal.get(random.nextInt(legal.size()));
                moves.add(new PlayedMove(p.formatMove(m), null, 0, 1, null));
                game.play(m);
            }
            if (moves.size() == PLIES && game.outcome() == null) {
                return List.copyOf(moves);
            }
        }
    }

    public static void main(String[] args) throws Exception {
        org.apache.logging.log4j.core.config.Configurator.setRootLevel(org.apache.logging.log4j.Level.WARN);
        if (args.length == 3 && args[0].equals("--workers")) {
            workers(Integer.parseInt(args[1]), Integer.parseInt(args[2]));
            return;
        }
        System.out.println(Figures.header());
        for (int i = 0; i + 1 < args.length; i += 2) {
            System.out.println(run(Integer.parseInt(args[i]), Integer.parseInt(args[i + 1]), Math.max(500, Integer.parseInt(args[i + 1]) / 5)));
        }
        System.exit(0);
    }

    /** Plays {@code warmup} games then {@code games} measured ones on {@code workers} simulated workers of one slot each. */
    static Figures run(int workers, int games, int warmup) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Signer signer = new Signer(SECRET);
        Map<Integer, Long> submitted = new ConcurrentHashMap<>();
        long[] received = new long[warmup + games]; // when each game's spec reached a worker (System.nanoTime)
        List<FakeWorker> fakes = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(workers, 16));
        boolean apart = Boolean.getBoolean("scale.apart");
        Process others = null;
        try (ClusterExecutor coordinator = new ClusterExecutor("127.0.0.1:" + port, signer,
                new LocalExecutor(0, new PlayerFactory(Map.of())), 0, "scale")) {
            if (apart) { // the simulated workers in a JVM of their own, so that their threads do not share this one's
                others = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xss512k",
                        "-Dscale.linger.ms=" + Long.getLong("scale.linger.ms", 20), "-cp", System.getProperty("java.class.path"),
                        ClusterScale.class.getName(), "--workers", Integer.toString(port), Integer.toString(workers))
                        .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            } else {
                List<Future<FakeWorker>> starting = new ArrayList<>();
                for (int i = 0; i < workers; i++) {
                    int n = i;
                    starting.add(pool.submit(() -> new FakeWorker(port, n, signer, received)));
                }
                for (Future<FakeWorker> f : starting) {
                    fakes.add(f.get(120, TimeUnit.SECONDS));
                }
            }
            long until = System.currentTimeMillis() + 120_000;
            while (coordinator.workers().size() < workers) {
                if (System.currentTimeMillis() > until) {
                    throw new IllegalStateException(coordinator.workers().size() + " of " + workers + " workers joined");
                }
                Thread.sleep(20);
            }
            for (FakeWorker f : fakes) {
                f.start();
            }
            play(coordinator, submitted, 0, warmup);
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            Map<String, Long> before = cpuByThread(threads);
            long cpu0 = coordinatorCpu(threads);
            long looked0 = coordinator.dispatcher.looked;
            long given0 = coordinator.dispatcher.given;
            long messages0 = coordinator.specMessages() + coordinator.batchesIn.get();
            long t0 = System.nanoTime();
            play(coordinator, submitted, warmup, games);
            double seconds = (System.nanoTime() - t0) / 1e9;
            long cpu = coordinatorCpu(threads) - cpu0;
            if (Boolean.getBoolean("scale.threads")) {
                Map<String, Long> after = cpuByThread(threads);
                after.replaceAll((k, v) -> v - before.getOrDefault(k, 0L));
                after.entrySet().stream().filter(e -> e.getValue() > 0).sorted(Map.Entry.comparingByValue(java.util.Comparator.reverseOrder()))
                        .limit(12).forEach(e -> System.err.printf("  %-40s %8.4f ms/game%n", e.getKey(), e.getValue() / 1e6 / games));
            }
            int least = fakes.stream().mapToInt(f -> f.played).min().orElse(0);
            for (FakeWorker f : fakes) {
                f.close(); // before the coordinator, which would otherwise leave them complaining
            }
            if (others != null) { // its receipt times (same monotonic clock: one machine) and games per worker
                others.getOutputStream().close();
                List<String> lines = new String(others.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
                least = Integer.MAX_VALUE;
                for (String line : lines) {
                    String[] f = line.split(" ");
                    if (f[0].equals("played")) {
                        least = Math.min(least, Integer.parseInt(f[1]));
                    } else {
                        received[Integer.parseInt(f[0])] = Long.parseLong(f[1]);
                    }
                }
                others.waitFor(60, TimeUnit.SECONDS);
            }
            long[] measured = new long[games];
            for (int i = 0; i < games; i++) {
                measured[i] = received[warmup + i] - submitted.get(warmup + i);
            }
            Arrays.sort(measured);
            return new Figures(workers, games, seconds, cpu / 1e6 / games, measured[games / 2] / 1e6,
                    measured[(int) (games * 0.99)] / 1e6, coordinator.dispatcher.looked - looked0,
                    coordinator.dispatcher.given - given0, least,
                    (double) (coordinator.specMessages() + coordinator.batchesIn.get() - messages0) / games);
        } finally {
            for (FakeWorker f : fakes) {
                f.close();
            }
            pool.shutdownNow();
            if (others != null) {
                others.destroy();
            }
        }
    }

    /**
     * The simulated workers of {@code scale.apart}: {@code n} of them join the coordinator on {@code port}
     * and play until standard input closes; then each game's receipt time (System.nanoTime, one clock
     * for every process on this machine) and each worker's game count go to standard output.
     */
    private static void workers(int port, int n) throws Exception {
        Signer signer = new Signer(SECRET);
        long[] received = new long[4_000_000];
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(n, 16));
        List<Future<FakeWorker>> starting = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int k = i;
            starting.add(pool.submit(() -> new FakeWorker(port, k, signer, received)));
        }
        List<FakeWorker> fakes = new ArrayList<>();
        for (Future<FakeWorker> f : starting) {
            fakes.add(f.get(120, TimeUnit.SECONDS));
        }
        pool.shutdown();
        for (FakeWorker f : fakes) {
            f.start();
        }
        System.in.transferTo(java.io.OutputStream.nullOutputStream());
        for (FakeWorker f : fakes) {
            f.close();
        }
        StringBuilder out = new StringBuilder();
        for (int id = 0; id < received.length; id++) {
            if (received[id] != 0) {
                out.append(id).append(' ').append(received[id]).append('\n');
            }
        }
        for (FakeWorker f : fakes) {
            out.append("played ").append(f.played).append('\n');
        }
        System.out.print(out);
        System.out.flush();
        System.exit(0);
    }

    /**
     * Submits games {@code from}..{@code from + n - 1}, keeping the coordinator's capacity in flight, as a
     * run does; with {@code scale.rate} (games/s) no faster than that, evenly spaced.
     */
    private static void play(ClusterExecutor coordinator, Map<Integer, Long> submitted, int from, int n) throws Exception {
        Semaphore room = new Semaphore(coordinator.capacity());
        List<CompletableFuture<PlayedGame>> all = new ArrayList<>(n);
        long rate = Long.getLong("scale.rate", 0);
        long t0 = System.nanoTime();
        for (int i = from; i < from + n; i++) {
            if (rate > 0) {
                long due = t0 + (i - from) * 1_000_000_000L / rate;
                for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
                    java.util.concurrent.locks.LockSupport.parkNanos(wait);
                }
            }
            room.acquire();
            GameSpec spec = spec(i);
            submitted.put(i, System.nanoTime());
            CompletableFuture<PlayedGame> f = coordinator.submit(spec);
            f.whenComplete((g, e) -> room.release());
            all.add(f);
        }
        for (int i = 0; i < all.size(); i++) {
            PlayedGame g = all.get(i).get(120, TimeUnit.SECONDS);
            if (g == null || g.task().id() != from + i) {
                throw new IllegalStateException("game " + (from + i) + " came back as " + g);
            }
        }
    }

    /** Game {@code id} of a match between two built-in players (never played: the workers are simulated). */
    static GameSpec spec(int id) {
        PlayerSpec a = new PlayerSpec("a", "draughts-alphabeta", null, Map.of(), Map.of(), new TimeLimits(1, 0, 0, 0, 0, 0, 0));
        PlayerSpec b = new PlayerSpec("b", "draughts-alphabeta", null, Map.of(), Map.of(), new TimeLimits(1, 0, 0, 0, 0, 0, 0));
        GameTask task = new GameTask(id, 1, id, "a", "b", Opening.start(), 42 + id);
        return new GameSpec("scale/1", task, "international", Map.of(), a, b, new Adjudication(0, 0, 0, 0, 0, PLIES));
    }

    /** CPU time per kind of thread (numbers in names dropped). */
    private static Map<String, Long> cpuByThread(ThreadMXBean threads) {
        Map<String, Long> out = new java.util.TreeMap<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            String name = t == Thread.currentThread() ? "submitter" : t.getName().replaceAll("[0-9a-f]{8}|\\d+", "N");
            out.merge(name, Math.max(0, threads.getThreadCpuTime(t.getId())), Long::sum);
        }
        return out;
    }

    /** CPU time of the coordinator's threads: its Hazelcast member, its results receiver and sender, the submitting thread. */
    private static long coordinatorCpu(ThreadMXBean threads) {
        long sum = 0;
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            String name = e.getKey().getName();
            if (name.startsWith("hz.arbiter-coordinator") || name.startsWith("cluster-") || e.getKey() == Thread.currentThread()) {
                sum += Math.max(0, threads.getThreadCpuTime(e.getKey().getId()));
            }
        }
        return sum;
    }

    /** A worker that plays no engine: a Hazelcast client of its own answering every signed spec with a made-up game. */
    static final class FakeWorker implements AutoCloseable {
        private final HazelcastInstance hz;
        private final String id;
        private final Signer key;
        /** When each game's spec reached this worker, by game id (System.nanoTime). */
        private final long[] received;
        private final AtomicLong sequence = new AtomicLong();
        private final IQueue<Object> tasks;
        private final IQueue<Object> results;
        private String run;
        private String coordinator;
        private Sequence seen;
        private volatile boolean closed;
        private Thread thread;
        /** The real worker's batching sender (one signed batch per 20 ms or more). */
        private Outbox outbox;
        volatile int played;

        FakeWorker(int port, int n, Signer signer, long[] received) throws Exception {
            this.received = received;
            ClientConfig config = new ClientConfig();
            config.setClusterName(Hazelcasts.CLUSTER_NAME);
            config.setInstanceName("fake-worker-" + n + "-" + port);
            config.setProperty("hazelcast.logging.type", "log4j2");
            config.setProperty("hazelcast.phone.home.enabled", "false");
            config.setProperty("hazelcast.client.io.input.thread.count", "1");
            config.setProperty("hazelcast.client.io.output.thread.count", "1");
            config.setProperty("hazelcast.client.event.thread.count", "1");
            config.getMetricsConfig().setEnabled(false);
            config.getNetworkConfig().addAddress("127.0.0.1:" + port).setSmartRouting(false);
            hz = HazelcastClient.newHazelcastClient(config);
            id = hz.getLocalEndpoint().getUuid().toString();
            key = signer.forWorker(id);
            tasks = hz.getQueue(ClusterExecutor.TASKS + id);
            results = hz.getQueue(ClusterExecutor.RESULTS);
            String nonce = "nonce-" + n;
            ObjectNode hello = Wire.object().put("kind", "hello").put("worker", id).put("nonce", nonce)
                    .put("seq", sequence.incrementAndGet()).put("host", "fake").put("cores", 1).put("slots", 1);
            hello.putArray("engines");
            hz.getMap(ClusterExecutor.WORKERS).put(id, key.sign(Wire.text(hello)));
            JsonNode welcome = Wire.parse(key.open(tasks.poll(60, TimeUnit.SECONDS)));
            if (!"welcome".equals(welcome.path("kind").asText()) || !nonce.equals(welcome.path("nonce").asText())) {
                throw new IllegalStateException("not welcomed: " + welcome);
            }
            run = welcome.get("run").asText();
            coordinator = welcome.get("coordinator").asText();
            seen = new Sequence(welcome.get("seq").asLong());
        }

        void start() {
            outbox = new Outbox(key, id, sequence, () -> coordinator, Long.getLong("scale.linger.ms", 20) * 1_000_000L);
            Thread sender = new Thread(() -> outbox.run(results), "fake-sender-" + id.substring(0, 8));
            sender.setDaemon(true);
            sender.start();
            thread = new Thread(this::loop, "fake-" + id.substring(0, 8));
            thread.setDaemon(true);
            thread.start();
        }

        private void loop() {
            List<Object> specs = new ArrayList<>();
            while (!closed) {
                specs.clear();
                try {
                    Object first = tasks.poll(1, TimeUnit.SECONDS); // as the real worker when idle
                    if (first == null) {
                        continue;
                    }
                    specs.add(first);
                    tasks.drainTo(specs, 16);
                } catch (InterruptedException | RuntimeException e) {
                    return;
                }
                long now = System.nanoTime();
                for (Object o : specs) {
                    JsonNode m = Wire.parse(key.open(o));
                    String kind = m.path("kind").asText();
                    if (!kind.startsWith("spec") || !run.equals(m.path("run").asText())
                            || !coordinator.equals(m.path("coordinator").asText()) || !seen.take(m.path("seq").asLong(-1))) {
                        throw new IllegalStateException("a bad spec: " + m);
                    }
                    for (JsonNode g : kind.equals("spec") ? List.of(m) : m.get("games")) {
                        GameSpec spec = Wire.spec(g.get("spec"));
                        received[spec.task().id()] = now;
                        long lease = g.get("lease").asLong();
                        outbox.add(run, coordinator, ResultBatch.Entry.of(ResultBatch.Kind.STARTED, lease));
                        outbox.add(run, coordinator, ResultBatch.Entry.result(lease, new PlayedGame(spec.task(), null, MOVES, 0,
                                GameResult.DRAW, new Termination.Adjudicated("maximum of " + PLIES + " plies"), 1)));
                        played++;
                    }
                }
            }
        }

        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            if (outbox != null) {
                outbox.close();
            }
            hz.shutdown();
        }
    }
}

package arbiter.service;

import arbiter.play.GameTask;
import arbiter.service.protocol.Counts;
import arbiter.service.protocol.TokenFiles;
import arbiter.service.protocol.Wire;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A simulated fleet for bench/service-load.sh: {@code N} workers against one server, each reporting
 * one new pair (two games of PDN) every period, asking for a new task when its task is done (the
 * server sizes tasks to about ten reports), and beating once a period between its reports — the mix
 * of a real fleet. One async HTTP client; the workers are state, not threads.
 *
 * <pre>java -cp ... arbiter.service.ServiceLoad URL DATA_DIR WORKERS UPDATES_PER_S WARMUP_S MEASURE_S TESTS SERVER_PID [DB_USER]</pre>
 * With TESTS above 0 (first call on a fresh server): submits that many tests first, from ten users.
 * Prints one line of figures for the measured part, with the CPU time the server's process (and the
 * processes of DB_USER, PostgreSQL's server, when given) spent in it, from /proc.
 */
public final class ServiceLoad {
    /**
     * Four threads take the answers: the JDK client's default (a thread a connection, and a new thread per
     * completion where the common pool has one thread, as on two cores) spent the client's CPU making threads.
     */
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .executor(java.util.concurrent.Executors.newFixedThreadPool(4, r -> {
                Thread t = new Thread(r, "load-answers");
                t.setDaemon(true); // a failed main ends the JVM (and the script) instead of leaving it waiting
                return t;
            })).connectTimeout(Duration.ofSeconds(10)).build();

    private final String url;
    private final String token;
    private final Semaphore inFlight = new Semaphore(256);
    private volatile boolean measuring;
    private final ConcurrentLinkedQueue<Long> requestNanos = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Long> reportNanos = new ConcurrentLinkedQueue<>();
    private final AtomicLong reports = new AtomicLong();
    private final AtomicLong beats = new AtomicLong();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final AtomicLong skipped = new AtomicLong();
    private volatile String lastFailure = "";

    private ServiceLoad(String url, String token) {
        this.url = url;
        this.token = token;
    }

    private final class Sim {
        long id;
        Wire.Grant task;
        Counts held = Counts.ZERO;
        volatile boolean busy;
        int turn;
    }

    public static void main(String[] args) throws Exception {
        String url = args[0];
        Path data = Path.of(args[1]);
        int n = Integer.parseInt(args[2]);
        double rate = Double.parseDouble(args[3]);
        int warmup = Integer.parseInt(args[4]);
        int measure = Integer.parseInt(args[5]);
        int tests = Integer.parseInt(args[6]);
        long serverPid = Long.parseLong(args[7]);
        String dbUser = args.length > 8 ? args[8] : null;
        String admin = TokenFiles.read(data.resolve("admin.token"));
        ServiceLoad load = new ServiceLoad(url, TokenFiles.read(data.resolve("worker.token")));
        if (tests > 0) {
            submit(url, admin, tests);
        }
        List<Sim> fleet = new ArrayList<>();
        List<CompletableFuture<?>> registering = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Sim s = load.new Sim();
            fleet.add(s);
            load.inFlight.acquire();
            registering.add(load.send("/api/workers", Wire.write(new Wire.Hello(Wire.PROTOCOL, "load", "sim-" + i, 1, Map.of(), false)))
                    .whenComplete((r, e) -> {
                        load.inFlight.release();
                        if (e == null && r.statusCode() == 201) {
                            s.id = Wire.read(r.body(), Wire.Welcome.class).worker();
                        }
                    }));
        }
        CompletableFuture.allOf(registering.toArray(CompletableFuture[]::new)).join();
        // Each worker acts twice a period (a report, then a beat), spread evenly: the period gives `rate` reports a second.
        double periodNanos = n / rate * 1e9;
        long start = System.nanoTime();
        long warm = start + warmup * 1_000_000_000L;
        long end = warm + measure * 1_000_000_000L;
        long measuredFrom = 0;
        long cpuStart = 0;
        long ticks = 0;
        while (true) {
            long now = System.nanoTime();
            if (now >= end) {
                break;
            }
            if (!load.measuring && now >= warm) {
                load.measuring = true;
                measuredFrom = now;
                cpuStart = cpuMillis(serverPid, dbUser);
            }
            // every slot of the period due by now: worker i acts at start + (turn * n + i) * period / (2n)
            long due = (long) ((now - start) / (periodNanos / (2.0 * n)));
            for (; ticks < due; ticks++) {
                Sim s = fleet.get((int) (ticks % n));
                if (s.id == 0 || s.busy) {
                    load.skipped.incrementAndGet();
                    continue;
                }
                load.act(s);
            }
            Thread.sleep(1);
        }
        long seconds = (System.nanoTime() - measuredFrom) / 1_000_000;
        load.measuring = false;
        long cpu = cpuMillis(serverPid, dbUser) - cpuStart;
        double secs = seconds / 1000.0;
        System.out.printf(java.util.Locale.ROOT, "workers %d, offered %.0f reports/s: reports %.0f/s, beats %.0f/s, task requests "
                        + "%.1f/s; request-task p50 %.1f ms p99 %.1f ms (%d); report p50 %.1f ms p99 %.1f ms; server CPU %.2f cores, "
                        + "%.0f us a report; failures %d, skipped %d%s%n",
                n, rate, load.reports.get() / secs, load.beats.get() / secs, load.requests.get() / secs,
                pct(load.requestNanos, 0.5), pct(load.requestNanos, 0.99), load.requestNanos.size(), pct(load.reportNanos, 0.5),
                pct(load.reportNanos, 0.99), cpu / 1000.0 / secs, cpu * 1000.0 / Math.max(1, load.reports.get()),
                load.failures.get(), load.skipped.get(),
                load.lastFailure.isEmpty() ? "" : " (last: " + load.lastFailure + ")");
        System.exit(0);
    }

    /** CPU time (user + system, ms) of the process and, with {@code user}, of every process that user runs. */
    private static long cpuMillis(long pid, String user) throws java.io.IOException {
        long ticks = ticks(pid);
        if (user != null) {
            Process ps = new ProcessBuilder("ps", "-o", "pid=", "-u", user).start();
            for (String line : new String(ps.getInputStream().readAllBytes()).split("\\s+")) {
                if (!line.isBlank()) {
                    ticks += ticks(Long.parseLong(line.strip()));
                }
            }
        }
        return ticks * 10; // USER_HZ is 100 on Linux
    }

    private static long ticks(long pid) {
        try {
            String stat = java.nio.file.Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]); // utime, stime (fields 14 and 15)
        } catch (java.io.IOException | RuntimeException e) {
            return 0; // gone
        }
    }

    private static double pct(ConcurrentLinkedQueue<Long> q, double p) {
        long[] a = q.stream().mapToLong(Long::longValue).toArray();
        if (a.length == 0) {
            return Double.NaN;
        }
        Arrays.sort(a);
        return a[Math.min(a.length - 1, (int) (p * a.length))] / 1e6;
    }

    /** The worker's next call: a task when it has none, else alternately a report of one new pair and a beat. */
    private void act(Sim s) throws InterruptedException {
        s.busy = true;
        inFlight.acquire();
        long t0 = System.nanoTime();
        boolean m = measuring;
        CompletableFuture<HttpResponse<String>> f;
        int kind;
        if (s.task == null) {
            kind = 0;
            f = send("/api/workers/" + s.id + "/task", "{}");
        } else if (s.turn++ % 2 == 1) {
            kind = 2;
            f = send("/api/workers/" + s.id + "/beat", Wire.write(new Wire.Beat(List.of(s.task.task()))));
        } else {
            kind = 1;
            String pair = (s.held.pairs() % 3 == 0) ? "WL" : (s.held.pairs() % 3 == 1) ? "WD" : "DD";
            int p = s.task.firstPair() + (int) s.held.pairs();
            Counts next = s.held.plus(counts(pair));
            f = send("/api/tasks/" + s.task.task() + "/report",
                    Wire.write(new Wire.Report(s.id, next, pdn(p, pair), next.pairs() * 2000)));
        }
        f.whenComplete((r, e) -> {
            inFlight.release();
            long ns = System.nanoTime() - t0;
            try {
                if (e != null || r.statusCode() >= 300) {
                    failures.incrementAndGet();
                    lastFailure = e != null ? e.toString() : r.statusCode() + " " + r.body().strip();
                    s.task = kind == 1 || kind == 2 ? null : s.task;
                    s.held = Counts.ZERO;
                    return;
                }
                if (kind == 0) {
                    Wire.TaskAnswer a = Wire.read(r.body(), Wire.TaskAnswer.class);
                    s.task = a.task();
                    s.held = Counts.ZERO;
                    if (m) {
                        requests.incrementAndGet();
                        requestNanos.add(ns);
                    }
                } else if (kind == 1) {
                    Wire.ReportAnswer a = Wire.read(r.body(), Wire.ReportAnswer.class);
                    s.held = a.held();
                    if (a.stop()) {
                        s.task = null;
                    }
                    if (m) {
                        reports.incrementAndGet();
                        reportNanos.add(ns);
                    }
                } else if (m) {
                    beats.incrementAndGet();
                }
            } finally {
                s.busy = false;
            }
        });
    }

    private CompletableFuture<HttpResponse<String>> send(String path, String body) {
        return HTTP.sendAsync(HttpRequest.newBuilder(URI.create(url + path)).timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + token).header(Wire.PROTOCOL_HEADER, Integer.toString(Wire.PROTOCOL))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static Counts counts(String pair) {
        return switch (pair) {
            case "WL" -> new Counts(1, 1, 0, 1, new long[] {0, 0, 1, 0, 0});
            case "WD" -> new Counts(1, 1, 1, 0, new long[] {0, 0, 0, 1, 0});
            default -> new Counts(1, 0, 2, 0, new long[] {0, 0, 1, 0, 0});
        };
    }

    /** Two short International-draughts games of pair {@code p} with these results (the server checks form and results). */
    private static String pdn(int p, String pair) {
        StringBuilder sb = new StringBuilder();
        for (int g = 0; g < 2; g++) {
            char r = pair.charAt(g);
            boolean newWhite = g == 0;
            String result = r == 'D' ? "1-1" : (r == 'W') == newWhite ? "2-0" : "0-2";
            sb.append("[Event \"load\"]\n[Site \"Arbiter\"]\n[Date \"2026.11.28\"]\n[Round \"").append(p + 1)
                    .append("\"]\n[White \"").append(newWhite ? "new" : "old").append("\"]\n[Black \"").append(newWhite ? "old" : "new")
                    .append("\"]\n[Result \"").append(result).append("\"]\n[GameType \"20\"]\n[Game \"").append(GameTask.FIRST_ID + 2 * p + g)
                    .append("\"]\n\n1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 4. 41-37 5-10 5. 46-41 20-24 ").append(result)
                    .append("\n\n");
        }
        return sb.toString();
    }

    /** {@code count} tests of International draughts with random players, from ten users. */
    private static void submit(String url, String admin, int count) throws Exception {
        List<String> tokens = new ArrayList<>();
        for (int u = 0; u < 10; u++) {
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(url + "/api/users"))
                    .header("Authorization", "Bearer " + admin).POST(HttpRequest.BodyPublishers.ofString(
                            Wire.write(new Wire.NewUser("user" + u, "user")))).build(), HttpResponse.BodyHandlers.ofString());
            tokens.add(Wire.read(r.body(), Wire.Token.class).token());
        }
        for (int i = 0; i < count; i++) {
            String json = "{\"name\": \"load-" + i + "\", \"game\": {\"variant\": \"international\"}, \"limits\": {\"depth\": 1},"
                    + " \"players\": [{\"name\": \"new\", \"engine\": \"random\"}, {\"name\": \"old\", \"engine\": \"random\"}],"
                    + " \"schedule\": {\"type\": \"match\", \"players\": [\"new\", \"old\"], \"games\": 20000000}}";
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(url + "/api/tests"))
                    .header("Authorization", "Bearer " + tokens.get(i % 10)).POST(HttpRequest.BodyPublishers.ofString(json)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 201) {
                throw new IllegalStateException("submitting a test: " + r.statusCode() + " " + r.body());
            }
            Wire.Submitted submitted = Wire.read(r.body(), Wire.Submitted.class);
            if ("pending".equals(submitted.state())) { // a user's test waits for an approver: the admin
                HttpResponse<String> a = HTTP.send(HttpRequest.newBuilder(URI.create(url + "/api/tests/" + submitted.id() + "/approve"))
                        .header("Authorization", "Bearer " + admin).POST(HttpRequest.BodyPublishers.noBody()).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (a.statusCode() / 100 != 2) {
                    throw new IllegalStateException("approving a test: " + a.statusCode() + " " + a.body());
                }
            }
        }
    }
}

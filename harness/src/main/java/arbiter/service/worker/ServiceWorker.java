package arbiter.service.worker;

import arbiter.build.EngineBuild;
import arbiter.external.ExternalEngine;
import arbiter.service.protocol.ServiceClient;
import arbiter.service.protocol.TestDefinition;
import arbiter.service.protocol.Wire;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * A worker of the test service ({@code arbiter worker --server URL}): registers, asks for tasks while
 * it has free game slots, plays each task's pairs through the local executor ({@link TestPlan}),
 * reports each task's cumulative counts with the PDN of its new pairs (as often as the server says,
 * and at once when the task is complete), says it is alive when it has nothing to report, and stops a
 * task when the server says so (its test ended or its lease was lost), sending the whole pairs it has.
 * A server that cannot be reached is asked again with growing pauses; a report the server never
 * answered is sent again unchanged (the server takes a copy as a duplicate).
 *
 * <p>What it runs: built-in engines; the external engines this machine declares in its own config
 * (looked up by name); and, unless told {@code --no-builds}, an approved test's engines built from
 * their repository at their commit — code run on the test's word, by design, as on fishtest.
 */
public final class ServiceWorker implements AutoCloseable {
    private static final Logger LOG = LogManager.getLogger(ServiceWorker.class);
    /** At most this many pairs in one report (a report of long games stays well under the server's bound). */
    static final int MAX_REPORT_PAIRS = 100;
    private static final long MAX_PAUSE_MS = 30_000;

    private final ServiceClient client;
    private final Map<String, ExternalEngine> engines;
    private final int slots;
    private final boolean builds;
    private final String machine;
    private final PrintWriter out;
    private final Semaphore free;
    private final Map<Long, TestPlan> plans = new HashMap<>();
    private final List<TaskRun> runs = new ArrayList<>();
    private volatile boolean closed;
    private Wire.Welcome welcome;
    private long lastContact;
    private long nextRequest;

    public ServiceWorker(ServiceClient client, Map<String, ExternalEngine> engines, int slots, boolean builds, String machine,
                         PrintWriter out) {
        this.client = client;
        this.engines = Map.copyOf(engines);
        this.slots = slots;
        this.builds = builds;
        this.machine = machine;
        this.out = out;
        this.free = new Semaphore(slots);
    }

    /**
     * Plays until {@link #close}.
     *
     * @throws ServiceClient.Failed when the server refuses this worker (an old version, a bad token)
     */
    public void run() throws InterruptedException {
        try {
            register();
            loop();
        } finally {
            for (TestPlan p : plans.values()) {
                p.close();
            }
            plans.clear();
        }
    }

    private void loop() throws InterruptedException {
        while (!closed) {
            long now = System.currentTimeMillis();
            try {
                step(now);
                pause = 0;
            } catch (ServiceClient.Unreachable e) {
                backOff(e.getMessage());
                continue;
            } catch (ServiceClient.Failed e) {
                if (e.status() == 410 && e.getMessage().startsWith("worker ")) {
                    say("The server does not know this worker any more (" + e.getMessage() + "); registering again.");
                    register();
                    continue;
                }
                if (e.status() == 503) {
                    backOff(e.getMessage());
                    continue;
                }
                throw e;
            }
            Thread.sleep(20);
        }
    }

    private long pause;

    private void backOff(String why) throws InterruptedException {
        pause = Math.min(MAX_PAUSE_MS, Math.max(250, pause * 2));
        LOG.info("{}; trying again in {} ms", why, pause);
        Thread.sleep(pause);
    }

    private void register() throws InterruptedException {
        Map<String, String> declared = new LinkedHashMap<>();
        engines.forEach((name, e) -> declared.put(name, e.protocol().id()));
        Wire.Hello hello = new Wire.Hello(Wire.PROTOCOL, version(), machine, slots, declared, builds);
        while (!closed) {
            try {
                welcome = client.post("/api/workers", hello, Wire.Welcome.class);
                say("Registered with " + client.server() + " as worker " + welcome.worker() + ": " + slots + " games at once, "
                        + (declared.isEmpty() ? "built-in engines only" : "engines " + String.join(", ", declared.keySet()))
                        + (builds ? "" : ", no builds"));
                lastContact = System.currentTimeMillis();
                return;
            } catch (ServiceClient.Unreachable e) {
                backOff(e.getMessage());
            }
        }
    }

    /** One round of the control loop: report, beat, start tasks, feed game slots, let go of finished tasks. */
    private void step(long now) {
        for (TaskRun r : List.copyOf(runs)) {
            if (r.failure() != null && !r.stopped()) {
                fail(r, r.failure());
            } else if (r.hasNews() && (now - r.lastContact >= welcome.reportMillis() || r.stopped() || !r.hasUnsubmitted())) {
                report(r, now);
            }
        }
        if (!runs.isEmpty() && now - lastContact >= welcome.heartbeatMillis()) {
            beat(now);
        }
        boolean waiting = runs.stream().anyMatch(TaskRun::hasUnsubmitted);
        if (!waiting && free.availablePermits() > 0 && now >= nextRequest) {
            request(now);
        }
        for (TaskRun r : runs) {
            while (r.hasUnsubmitted() && free.tryAcquire()) {
                r.submitNext(free);
            }
        }
        for (Iterator<TaskRun> it = runs.iterator(); it.hasNext(); ) {
            TaskRun r = it.next();
            if ((r.complete() || r.stopped() && !r.hasNews() || r.failure() != null && r.stopped()) && r.idle()) {
                it.remove();
                release(r.plan);
            }
        }
    }

    private void request(long now) {
        Wire.TaskAnswer a = client.post("/api/workers/" + welcome.worker() + "/task", "{}", Wire.TaskAnswer.class);
        lastContact = now;
        if (a.task() == null) {
            nextRequest = now + a.retryMillis();
            LOG.debug("no task: {}", a.info());
            return;
        }
        Wire.Grant g = a.task();
        TestPlan plan;
        try {
            plan = plan(g.test());
        } catch (RuntimeException e) {
            String why = e instanceof EngineBuild.BuildException ? "the build failed: " + e.getMessage() : e.getMessage();
            say("Cannot play test " + g.test() + ": " + why);
            client.post("/api/tasks/" + g.task() + "/failure", Wire.write(new Wire.Failure(welcome.worker(), why)));
            return;
        }
        plan.running++;
        runs.add(new TaskRun(g, plan, now));
        LOG.info("task {}: pairs {}-{} of test {} ({})", g.task(), g.firstPair(), g.firstPair() + g.pairs() - 1, g.test(),
                plan.definition.name());
    }

    private TestPlan plan(long test) {
        TestPlan p = plans.get(test);
        if (p == null) {
            TestDefinition d = TestDefinition.read(Wire.tree(client.get("/api/tests/" + test + "/definition")));
            if (d.builds() && !builds) {
                throw new IllegalStateException("this worker was started with --no-builds");
            }
            p = new TestPlan(test, d, engines, slots);
            plans.put(test, p);
        }
        return p;
    }

    private void release(TestPlan plan) {
        if (--plan.running == 0) {
            plans.remove(plan.id);
            plan.close();
        }
    }

    private void report(TaskRun r, long now) {
        Wire.Report report = r.report(welcome.worker(), MAX_REPORT_PAIRS);
        Wire.ReportAnswer a;
        try {
            a = client.post("/api/tasks/" + r.grant.task() + "/report", report, Wire.ReportAnswer.class);
        } catch (ServiceClient.Failed e) {
            if (e.status() == 503) {
                throw e;
            }
            say("The server refused a report of task " + r.grant.task() + ": " + e.getMessage() + "; dropping the task.");
            stop(r);
            r.held(report.counts()); // nothing more of it will be sent
            return;
        }
        lastContact = now;
        r.lastContact = now;
        r.held(a.held());
        if (a.stop() && !r.stopped()) {
            if (a.info() != null) {
                LOG.info("task {}: {}", r.grant.task(), a.info());
            }
            stop(r);
        }
    }

    private void beat(long now) {
        List<Long> held = runs.stream().map(r -> r.grant.task()).toList();
        Wire.BeatAnswer a = client.post("/api/workers/" + welcome.worker() + "/beat", new Wire.Beat(held), Wire.BeatAnswer.class);
        lastContact = now;
        for (TaskRun r : runs) {
            if (a.stop().contains(r.grant.task()) && !r.stopped()) {
                LOG.info("task {}: the server says stop", r.grant.task());
                stop(r);
            }
        }
    }

    private void fail(TaskRun r, String why) {
        say("Giving up task " + r.grant.task() + " of test " + r.grant.test() + ": " + why);
        stop(r);
        try {
            client.post("/api/tasks/" + r.grant.task() + "/failure", Wire.write(new Wire.Failure(welcome.worker(), why)));
        } catch (ServiceClient.Failed e) {
            LOG.info("the server took no failure of task {}: {}", r.grant.task(), e.getMessage());
        }
    }

    /** Stops a task; when no other task of its test plays on, the test's games in progress are abandoned. */
    private void stop(TaskRun r) {
        r.stop();
        if (runs.stream().filter(x -> x.plan == r.plan).allMatch(TaskRun::stopped)) {
            r.plan.executor.cancelAll();
        }
    }

    private static String version() {
        String v = ServiceWorker.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    private void say(String line) {
        synchronized (out) {
            out.println(line);
            out.flush();
        }
        LOG.info(line);
    }

    /** Stops the loop (from any thread); {@link #run} then ends the games in progress and returns. */
    @Override
    public void close() {
        closed = true;
    }
}

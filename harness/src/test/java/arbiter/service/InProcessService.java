package arbiter.service;

import static org.junit.jupiter.api.Assertions.fail;

import arbiter.external.ExternalEngine;
import arbiter.service.api.ServiceHost;
import arbiter.service.protocol.ServiceClient;
import arbiter.service.protocol.TokenFiles;
import arbiter.service.protocol.Wire;
import arbiter.service.schedule.Board;
import arbiter.service.worker.ServiceWorker;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * {@code arbiter serve} and its workers in this JVM, on loopback: the server on an H2 file in a
 * temporary folder with short tasks, reports and leases, and workers of built-in engines on threads
 * of their own, each the real {@link ServiceWorker} over HTTP. For claims that need no process of their
 * own (ServiceEndToEndTest has the JVMs and the kills).
 */
public final class InProcessService implements AutoCloseable {
    /** Leases of 5 s, heartbeats and reports every 0.2 s, tasks of about 0.3 s of a worker's slots. */
    public static final Board.Settings FAST = new Board.Settings(5_000, 200, 200, 300, 100);

    private final ServiceHost host;
    private final Path data;
    private final ServiceClient admin;
    private final List<ServiceWorker> workers = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final StringWriter said = new StringWriter();

    public InProcessService(Path dir) {
        this.data = dir.resolve("data");
        this.host = ServiceHost.start("jdbc:h2:file:" + data.resolve("service").toAbsolutePath(), "127.0.0.1:0", data, FAST);
        this.admin = new ServiceClient(url(), TokenFiles.read(data.resolve(ServiceHost.ADMIN_TOKEN)));
    }

    public String url() {
        return "http://" + host.address();
    }

    /** The admin's client (the first start's API token). */
    public ServiceClient admin() {
        return admin;
    }

    /** The first start's worker token. */
    public String workerToken() {
        return TokenFiles.read(data.resolve(ServiceHost.WORKER_TOKEN));
    }

    /** Starts a worker of built-in engines with {@code slots} game slots on a thread of its own. */
    public void worker(String machine, int slots) {
        ServiceWorker w = new ServiceWorker(new ServiceClient(url(), workerToken()), Map.<String, ExternalEngine>of(), slots, false,
                machine, new PrintWriter(said, true));
        Thread t = new Thread(() -> {
            try {
                w.run();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "worker " + machine);
        t.setDaemon(true);
        workers.add(w);
        threads.add(t);
        t.start();
    }

    public Wire.TestView view(long id) {
        return admin.get("/api/tests/" + id, Wire.TestView.class);
    }

    public <T> T get(String path, TypeReference<T> type) {
        try {
            return new ObjectMapper().readValue(admin.get(path), type);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** Waits for a test to be over and its tasks let go. */
    public Wire.TestView awaitOver(long id, int seconds) throws InterruptedException {
        await("test " + id + " to end", seconds, () -> {
            Wire.TestView v = view(id);
            return !v.state().equals("active") && v.tasks() == 0;
        });
        return view(id);
    }

    public void await(String what, int seconds, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.currentTimeMillis() + seconds * 1000L;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > deadline) {
                fail("timed out waiting for " + what + "; the workers said:\n" + said);
            }
            Thread.sleep(50);
        }
    }

    @Override
    public void close() throws InterruptedException {
        workers.forEach(ServiceWorker::close);
        for (Thread t : threads) {
            t.join(10_000);
        }
        host.close();
    }
}

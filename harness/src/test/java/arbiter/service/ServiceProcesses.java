package arbiter.service;

import arbiter.TestJvms;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * {@code arbiter serve} and {@code arbiter worker --server} in JVMs of their own, on loopback, in a
 * temporary folder (the pattern of the cluster tests' ClusterProcesses). Ends only the processes it
 * started, by their handles.
 */
final class ServiceProcesses implements AutoCloseable {
    final Path dir;
    final int port = freePort();
    private final List<Process> started = new ArrayList<>();

    ServiceProcesses(Path dir) {
        this.dir = dir;
    }

    String url() {
        return "http://127.0.0.1:" + port;
    }

    Path data() {
        return dir.resolve("data");
    }

    /** The server, with short tasks, reports and leases so a test runs in seconds. */
    Process server(String name, double leaseSeconds) throws IOException {
        return start(name, List.of("serve", "--data", data().toString(), "--listen", "127.0.0.1:" + port, "--task-minutes", "0.0001",
                "--report-seconds", "0.3", "--heartbeat-seconds", "0.3", "--lease-seconds", Double.toString(leaseSeconds)));
    }

    /** A worker playing one game at a time with the first start's worker token. */
    Process worker(String name) throws IOException {
        return start(name, List.of("worker", "--server", url(), "--token-file", data().resolve("worker.token").toString(),
                "--concurrency", "1", "--log", dir.resolve(name + ".log").toString()));
    }

    /** {@code arbiter ARGS...} in a JVM of its own, its output in NAME.out. */
    Process start(String name, List<String> args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx192m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                "arbiter.cli.Main"));
        command.addAll(args);
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve(name + ".out").toFile())).start();
        started.add(p);
        return p;
    }

    /** {@code kill -9}: the process gets no chance to finish anything. */
    static void kill9(Process p) throws InterruptedException {
        p.destroyForcibly();
        p.waitFor();
    }

    String output(String name) throws IOException {
        Path f = dir.resolve(name + ".out");
        return Files.exists(f) ? Files.readString(f) : "";
    }

    void await(String what, int seconds, BooleanSupplier condition) throws Exception {
        TestJvms.await(dir, what, seconds, condition);
    }

    @Override
    public void close() {
        TestJvms.endAll(started);
    }

    private static int freePort() {
        return TestJvms.freePort();
    }
}

package arbiter;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * For tests that start JVMs of their own (a cluster, a service and its workers): a port, a wait that shows
 * their outputs when it times out, and the end of what they started.
 */
public final class TestJvms {
    private TestJvms() {
    }

    /** Ends every process a test started, and what each of them started, then waits for them. */
    public static void endAll(List<Process> started) {
        for (Process p : started) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        for (Process p : started) {
            try {
                p.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** A loopback port free at the time of asking. */
    public static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Waits for {@code condition}, failing after {@code seconds} with {@code what} and the last 4,000
     * characters of each {@code .out} and {@code .log} file in {@code dir} (the started processes' outputs).
     */
    public static void await(Path dir, String what, int seconds, BooleanSupplier condition) throws Exception {
        long deadline = System.currentTimeMillis() + seconds * 1000L;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > deadline) {
                StringBuilder sb = new StringBuilder("timed out waiting for " + what);
                try (var files = Files.list(dir)) {
                    for (Path f : files.filter(f -> f.toString().endsWith(".out") || f.toString().endsWith(".log")).sorted().toList()) {
                        String text = Files.readString(f);
                        sb.append("\n--- ").append(f.getFileName()).append(":\n")
                                .append(text.length() > 4000 ? text.substring(text.length() - 4000) : text);
                    }
                }
                fail(sb.toString());
            }
            Thread.sleep(50);
        }
    }
}

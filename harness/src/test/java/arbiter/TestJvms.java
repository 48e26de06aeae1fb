package arbiter;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;

/** For tests that start JVMs of their own (a cluster, a service and its workers): a port, and the end of what they started. */
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
}

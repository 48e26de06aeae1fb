package arbiter.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP forwarder on loopback, as an SSH tunnel's local end would be: connections to its port reach
 * the target port. {@link #pause} stops moving bytes without closing anything, as a network that
 * silently drops everything would.
 */
final class Forwarder implements AutoCloseable {
    private final ServerSocket server;
    private final int target;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private volatile boolean paused;

    Forwarder(int target) throws IOException {
        this.target = target;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread t = new Thread(this::accept, "forwarder");
        t.setDaemon(true);
        t.start();
    }

    int port() {
        return server.getLocalPort();
    }

    void pause() {
        paused = true;
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket in = server.accept();
                Socket out;
                try {
                    out = new Socket(InetAddress.getLoopbackAddress(), target);
                } catch (IOException targetDown) {
                    in.close(); // as an SSH tunnel does when its far end refuses: this connection only
                    continue;
                }
                sockets.add(in);
                sockets.add(out);
                pump(in, out);
                pump(out, in);
            } catch (IOException e) {
                return;
            }
        }
    }

    private void pump(Socket from, Socket to) {
        Thread t = new Thread(() -> {
            byte[] buffer = new byte[8192];
            try (InputStream i = from.getInputStream(); OutputStream o = to.getOutputStream()) {
                int n;
                while ((n = i.read(buffer)) >= 0) {
                    while (paused) {
                        Thread.sleep(100); // bytes held back, connection left open
                    }
                    o.write(buffer, 0, n);
                    o.flush();
                }
            } catch (IOException | InterruptedException e) {
                // one side closed
            }
        }, "pump");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket s : sockets) {
            s.close();
        }
    }
}

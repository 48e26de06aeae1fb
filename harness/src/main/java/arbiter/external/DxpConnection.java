package arbiter.external;

import arbiter.player.EngineException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * A DamExchange layer-1 SOCKET connection: messages of ASCII text, each followed by a NUL byte, over
 * TCP. Received messages are read on a reader thread so every receive has a timeout. Registered with
 * {@link ProcessRegistry} while open, so it never outlives the JVM.
 */
public final class DxpConnection implements AutoCloseable {
    private static final Logger LOG = LogManager.getLogger(DxpConnection.class);
    /** Messages are at most 127 characters; longer runs without a NUL are cut. */
    static final int MAX_MESSAGE = 1024;
    @SuppressWarnings("StringOperationCanBeSimplified")
    private static final String EOF = new String("<closed>");

    private final String name;
    private final Socket socket;
    private final OutputStream out;
    private final BlockingQueue<String> messages = new ArrayBlockingQueue<>(10_000);
    private volatile boolean closed;
    private boolean ended;

    private DxpConnection(String name, Socket socket) throws IOException {
        this.name = name;
        this.socket = socket;
        socket.setTcpNoDelay(true);
        this.out = socket.getOutputStream();
        ProcessRegistry.register(this);
        InputStream in = socket.getInputStream();
        EngineProcess.daemon("dxp-" + name, () -> pump(in));
    }

    /**
     * Connects to a DXP peer listening at host:port, retrying until {@code timeoutMs} has passed (the
     * peer may still be starting).
     */
    public static DxpConnection connect(String name, String host, int port, long timeoutMs) {
        long end = System.nanoTime() + timeoutMs * 1_000_000L;
        IOException last = null;
        while (System.nanoTime() < end) {
            Socket s = new Socket();
            try {
                s.connect(new InetSocketAddress(host, port), (int) Math.max(1, Math.min(timeoutMs, 2000)));
                LOG.info("dxp {}: connected to {}:{}", name, host, port);
                return new DxpConnection(name, s);
            } catch (IOException e) {
                last = e;
                try {
                    s.close();
                } catch (IOException ignored) {
                    // nothing to release
                }
                try {
                    Thread.sleep(50);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        throw new EngineException("engine " + name + ": cannot connect to DXP peer at " + host + ":" + port
                + " within " + timeoutMs + " ms" + (last == null ? "" : ": " + last.getMessage()));
    }

    /** Waits up to {@code timeoutMs} for a DXP peer to connect to the server socket. */
    public static DxpConnection accept(String name, ServerSocket server, long timeoutMs) {
        try {
            server.setSoTimeout((int) Math.max(1, Math.min(Integer.MAX_VALUE, timeoutMs)));
            Socket s = server.accept();
            LOG.info("dxp {}: peer connected from {}", name, s.getRemoteSocketAddress());
            return new DxpConnection(name, s);
        } catch (SocketTimeoutException e) {
            throw new arbiter.player.EngineStalledException(timeoutMs, "engine " + name + " did not connect to "
                    + server.getLocalSocketAddress() + " within " + timeoutMs + " ms");
        } catch (IOException e) {
            throw new EngineException("engine " + name + ": accepting a DXP connection failed: " + e.getMessage(), e);
        }
    }

    /** Opens a server socket for a DXP peer to connect to (reusing the address, so ports free up at once). */
    public static ServerSocket listen(String host, int port) {
        try {
            ServerSocket server = new ServerSocket();
            server.setReuseAddress(true);
            server.bind(new InetSocketAddress(host, port));
            return server;
        } catch (IOException e) {
            throw new EngineException("cannot listen for DXP on " + host + ":" + port + ": " + e.getMessage(), e);
        }
    }

    public boolean isOpen() {
        return !closed && !ended && !socket.isClosed();
    }

    public void send(DxpMessage message) {
        String text = message.encode();
        LOG.debug("{} < {}", name, text);
        try {
            synchronized (out) {
                out.write(text.getBytes(StandardCharsets.US_ASCII));
                out.write(0);
                out.flush();
            }
        } catch (IOException e) {
            throw new EngineException("engine " + name + " closed the DXP connection", e);
        }
    }

    /**
     * The next message text within {@code timeoutMs}, or null when none came.
     *
     * @throws EngineException when the connection has closed
     */
    public String receive(long timeoutMs) {
        if (ended) {
            throw new EngineException("engine " + name + " closed the DXP connection");
        }
        String m;
        try {
            m = messages.poll(Math.max(0, timeoutMs), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineException("interrupted while waiting for engine " + name);
        }
        if (m == null) {
            return null;
        }
        if (m == EOF) {
            ended = true;
            throw new EngineException("engine " + name + " closed the DXP connection");
        }
        LOG.debug("{} > {}", name, m);
        return m;
    }

    private void pump(InputStream in) {
        ByteArrayOutputStream message = new ByteArrayOutputStream();
        byte[] buffer = new byte[4096];
        try (in) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                for (int i = 0; i < n; i++) {
                    if (buffer[i] == 0) {
                        put(message.toString(StandardCharsets.ISO_8859_1));
                        message.reset();
                    } else if (message.size() < MAX_MESSAGE) {
                        message.write(buffer[i]);
                    }
                }
            }
        } catch (IOException e) {
            // closed
        }
        put(EOF);
    }

    private void put(String m) {
        try {
            while (!closed && !messages.offer(m, 100, TimeUnit.MILLISECONDS)) {
                // wait for the reader
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            socket.close();
        } catch (IOException e) {
            // already closed
        }
        ProcessRegistry.unregister(this);
    }

    @Override
    public String toString() {
        return "DXP connection of " + name;
    }
}

package arbiter.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A fault-injecting TCP relay, run as its own process between a worker and the coordinator (in a
 * network namespace of its own by {@link NetnsFaultTest}): connections to {@code LISTEN} reach
 * {@code TARGET}. Every chunk of bytes read is delivered {@code DELAY_MS} later (a delay line per
 * direction, so it is latency, not a throughput cap), and each connection, from a random generator
 * seeded with {@code SEED} and the connection's number, alternates healthy spells of 3-8 s with a
 * fault: a stall of 1-6 s (no byte moves either way, nothing is closed) or a cut (both sockets
 * closed). A negative seed injects no faults. Each event is one line on standard output, with the
 * seconds since the relay started.
 *
 * <pre>java arbiter.cluster.FaultRelay LISTEN_HOST:PORT TARGET_HOST:PORT DELAY_MS SEED</pre>
 *
 * In a test's own JVM, {@link #start} runs one and {@link #blackHole} makes every open connection a
 * half-open one whose far end is never told.
 */
final class FaultRelay implements AutoCloseable {
    private final InetSocketAddress target;
    private final long delayMs;
    private final long seed;
    private final long start = System.nanoTime();
    private final PrintStream out;
    private final ServerSocket server = new ServerSocket();
    private final List<Link> links = new CopyOnWriteArrayList<>();

    private FaultRelay(InetSocketAddress target, long delayMs, long seed, PrintStream out) throws IOException {
        this.target = target;
        this.delayMs = delayMs;
        this.seed = seed;
        this.out = out;
    }

    /** Starts relaying: connections to {@code listen} reach {@code target}. */
    static FaultRelay start(InetSocketAddress listen, InetSocketAddress target, long delayMs, long seed, PrintStream out)
            throws IOException {
        FaultRelay relay = new FaultRelay(target, delayMs, seed, out);
        relay.server.bind(listen, 50);
        relay.say("listening on " + relay.server.getLocalSocketAddress() + ", relaying to " + target + " with " + delayMs
                + " ms per chunk, " + (seed < 0 ? "no faults" : "seed " + seed));
        Thread t = new Thread(relay::accept, "relay-accept");
        t.setDaemon(true);
        t.start();
        return relay;
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            System.err.println("usage: FaultRelay LISTEN_HOST:PORT TARGET_HOST:PORT DELAY_MS SEED");
            System.exit(2);
        }
        start(address(args[0]), address(args[1]), Long.parseLong(args[2]), Long.parseLong(args[3]), System.out);
        Thread.currentThread().join(); // until killed
    }

    int port() {
        return server.getLocalPort();
    }

    private void accept() {
        for (int n = 1; !server.isClosed(); n++) {
            try {
                open(n, server.accept());
            } catch (IOException e) {
                return;
            }
        }
    }

    /**
     * Closes the client's side of every connection and leaves the target's side open and silent, as a
     * partition that heals only after the client gave its connection up: the target never hears that
     * the connection ended. New connections are relayed as before.
     */
    void blackHole() {
        for (Link l : links) {
            l.silent = true;
            close(l.a);
            say("connection " + l.n + ": client side closed, target side left open and silent");
        }
    }

    @Override
    public void close() {
        close(server);
        for (Link l : links) {
            l.silent = false;
            l.end();
        }
    }

    private static InetSocketAddress address(String text) {
        int colon = text.lastIndexOf(':');
        return new InetSocketAddress(text.substring(0, colon), Integer.parseInt(text.substring(colon + 1)));
    }

    synchronized void say(String line) {
        out.printf("%.3f %s%n", (System.nanoTime() - start) / 1e9, line);
        out.flush();
    }

    private void open(int n, Socket in) {
        Socket out;
        try {
            out = new Socket();
            out.connect(target, 5000);
        } catch (IOException e) {
            say("connection " + n + ": target refused (" + e.getMessage() + "); closed");
            close(in);
            return;
        }
        say("connection " + n + " from " + in.getRemoteSocketAddress());
        Link link = new Link(n, in, out, new Random(seed * 1_000_003L + n));
        links.add(link);
        link.pump(in, out, "up");
        link.pump(out, in, "down");
        if (seed >= 0) {
            Thread faults = new Thread(link::faults, "faults-" + n);
            faults.setDaemon(true);
            faults.start();
        }
    }

    private static void close(java.io.Closeable s) {
        try {
            s.close();
        } catch (IOException e) {
            // closed already
        }
    }

    private record Chunk(long due, byte[] bytes) {
    }

    /** One relayed connection: two delay lines and its fault schedule. */
    private final class Link {
        private final int n;
        private final Socket a;
        private final Socket b;
        private final Random random;
        private final AtomicBoolean closed = new AtomicBoolean();
        private volatile long stalledUntil;
        /** Black-holed: nothing more reaches the target, and its socket is not closed. */
        private volatile boolean silent;

        Link(int n, Socket a, Socket b, Random random) {
            this.n = n;
            this.a = a;
            this.b = b;
            this.random = random;
        }

        void faults() {
            try {
                while (!closed.get()) {
                    Thread.sleep(3000 + random.nextInt(5001));
                    if (closed.get()) {
                        return;
                    }
                    if (random.nextInt(3) < 2) {
                        long ms = 1000 + random.nextInt(5001);
                        say("connection " + n + ": stall " + ms + " ms");
                        stalledUntil = System.nanoTime() + ms * 1_000_000L;
                        Thread.sleep(ms);
                    } else {
                        say("connection " + n + ": cut");
                        end();
                    }
                }
            } catch (InterruptedException e) {
                end();
            }
        }

        void end() {
            if (silent) {
                close(a);
                return;
            }
            if (closed.compareAndSet(false, true)) {
                links.remove(this);
                close(a);
                close(b);
                say("connection " + n + " closed");
            }
        }

        private void holdWhileStalled() throws InterruptedException {
            long wait;
            while ((wait = stalledUntil - System.nanoTime()) > 0) {
                Thread.sleep(Math.max(1, wait / 1_000_000L));
            }
        }

        void pump(Socket from, Socket to, String direction) {
            LinkedBlockingQueue<Chunk> line = new LinkedBlockingQueue<>();
            Thread reader = new Thread(() -> {
                byte[] buffer = new byte[16384];
                try {
                    InputStream i = from.getInputStream(); // not closed here: closing it would close the socket (end() does)
                    int n;
                    while ((n = i.read(buffer)) >= 0) {
                        line.put(new Chunk(System.nanoTime() + delayMs * 1_000_000L, Arrays.copyOf(buffer, n)));
                        holdWhileStalled();
                    }
                } catch (IOException | InterruptedException e) {
                    // closed
                }
                line.add(new Chunk(0, null));
            }, "read-" + n + "-" + direction);
            Thread writer = new Thread(() -> {
                try {
                    OutputStream o = to.getOutputStream();
                    while (true) {
                        Chunk c = line.take();
                        if (c.bytes == null) {
                            break;
                        }
                        long wait = c.due - System.nanoTime();
                        if (wait > 0) {
                            Thread.sleep(wait / 1_000_000L, (int) (wait % 1_000_000L));
                        }
                        holdWhileStalled();
                        if (silent && to == b) {
                            continue; // black-holed: dropped
                        }
                        o.write(c.bytes);
                        o.flush();
                    }
                } catch (IOException | InterruptedException e) {
                    // closed
                }
                end();
            }, "write-" + n + "-" + direction);
            reader.setDaemon(true);
            writer.setDaemon(true);
            reader.start();
            writer.start();
        }
    }
}

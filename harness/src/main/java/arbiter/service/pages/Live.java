package arbiter.service.pages;

import arbiter.dashboard.EventStreams;
import io.javalin.http.Context;
import io.javalin.http.sse.SseClient;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The pages' live feed ({@code GET /live}, server-sent events): a {@code change} event with the
 * service's version whenever a change was committed — at most one a second, however many there were
 * — and a {@code ping} every {@link #PING_MILLIS} otherwise, so a page notices a lost server. A page
 * then fetches itself again and swaps its live sections (service.js): one renderer for the first view
 * and every update. The event carries no data of any test or person.
 */
final class Live {
    static final long TICK_MILLIS = 1000;
    static final long PING_MILLIS = 5000;
    /** Pages listening at most: more are refused (503) rather than let a flood of streams hold the server's threads. */
    static final int MAX_CLIENTS = 1000;

    private final LongSupplier version;
    private final List<SseClient> clients = new CopyOnWriteArrayList<>();
    private final ScheduledExecutorService ticker;
    private long sent;
    private long quietSince = System.currentTimeMillis();

    Live(LongSupplier version) {
        this.version = version;
        this.sent = version.getAsLong();
        ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "pages-live");
            t.setDaemon(true);
            return t;
        });
        ticker.scheduleWithFixedDelay(this::tick, TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** Opens a stream (as the dashboard does: Javalin's own handler wants {@code Accept: text/event-stream}). */
    void open(Context ctx) {
        if (clients.size() >= MAX_CLIENTS) {
            ctx.status(503).contentType("text/plain; charset=utf-8").result("too many live pages: reload later\n");
            return;
        }
        EventStreams.open(ctx, clients, false, client -> client.sendEvent("hello", Long.toString(version.getAsLong())));
    }

    private void tick() {
        long v = version.getAsLong();
        long now = System.currentTimeMillis();
        if (v != sent) {
            sent = v;
            quietSince = now;
            send("change", Long.toString(v));
        } else if (now - quietSince >= PING_MILLIS) {
            quietSince = now;
            send("ping", Long.toString(v));
        }
    }

    private void send(String event, String data) {
        for (SseClient c : clients) {
            try {
                c.sendEvent(event, data);
            } catch (RuntimeException e) {
                clients.remove(c);
            }
        }
    }

    void close() {
        ticker.shutdownNow();
        for (SseClient c : clients) {
            try {
                c.close();
            } catch (RuntimeException e) {
                // gone already
            }
        }
        clients.clear();
    }
}

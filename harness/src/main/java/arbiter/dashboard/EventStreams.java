package arbiter.dashboard;

import io.javalin.http.Context;
import io.javalin.http.sse.SseClient;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Collection;
import java.util.function.Consumer;

/**
 * Server-sent events for any client, for the dashboard and the test service's pages: Javalin's own
 * handler answers an empty 200 unless the request says {@code Accept: text/event-stream}, so the stream
 * is opened here as its handler does otherwise.
 */
public final class EventStreams {
    private EventStreams() {
    }

    /**
     * Opens the stream of {@code ctx}, adds its client to {@code clients} until it closes and hands it to
     * {@code first} for its first event.
     *
     * @param closeConnection the connection ends with the stream (not kept for another request)
     */
    public static void open(Context ctx, Collection<SseClient> clients, boolean closeConnection, Consumer<SseClient> first) {
        HttpServletResponse res = ctx.res();
        res.setStatus(200);
        res.setCharacterEncoding("UTF-8");
        res.setContentType("text/event-stream");
        if (closeConnection) {
            res.addHeader("Connection", "close");
        }
        res.addHeader("Cache-Control", "no-cache");
        res.addHeader("X-Accel-Buffering", "no");
        try {
            res.flushBuffer();
        } catch (java.io.IOException e) {
            return; // the client left already
        }
        ctx.async(config -> config.timeout = 0, () -> {
            SseClient client = new SseClient(ctx);
            client.onClose(() -> clients.remove(client));
            clients.add(client);
            first.accept(client);
            client.keepAlive();
        });
    }
}

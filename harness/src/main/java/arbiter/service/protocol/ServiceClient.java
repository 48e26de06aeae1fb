package arbiter.service.protocol;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A client of the service's HTTP API, for workers and for the {@code submit}, {@code tests} and
 * {@code users} commands: it sends the token as a bearer token (never anywhere else), the worker
 * protocol's version, and JSON; an answer of 4xx or 5xx becomes a {@link Failed} with the server's
 * one line.
 */
public final class ServiceClient {
    private final HttpClient http;
    private final URI base;
    private final String token;

    public ServiceClient(String server, String token) {
        String url = server.endsWith("/") ? server.substring(0, server.length() - 1) : server;
        if (!url.matches("https?://[^/\\s]+(/\\S*)?")) {
            throw new IllegalArgumentException("--server " + server + ": give the server's URL, e.g. http://127.0.0.1:7700");
        }
        this.base = URI.create(url);
        this.token = token;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
    }

    public String server() {
        return base.toString();
    }

    /** An answer of 4xx or 5xx: the status and the server's one line. */
    public static final class Failed extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int status;

        public Failed(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }

        public int status() {
            return status;
        }
    }

    /** The server cannot be reached (refused, reset, timed out). */
    public static final class Unreachable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public Unreachable(String message) {
            super(message, null, false, false);
        }
    }

    public String get(String path) {
        return send(HttpRequest.newBuilder(uri(path)).GET(), Duration.ofSeconds(60));
    }

    public <T> T get(String path, Class<T> type) {
        return Wire.read(get(path), type);
    }

    /** A GET whose body is streamed to {@code out}. */
    public void download(String path, Path out) {
        try {
            HttpResponse<InputStream> r = http.send(authorised(HttpRequest.newBuilder(uri(path)).GET()).timeout(Duration.ofMinutes(10))
                    .build(), HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream in = r.body()) {
                if (r.statusCode() >= 400) {
                    throw failed(r.statusCode(), new String(in.readNBytes(4096), StandardCharsets.UTF_8));
                }
                Files.copy(in, out, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new Unreachable("the server at " + base + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Unreachable("interrupted");
        }
    }

    public String post(String path, String json) {
        return send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json == null ? "{}" : json, StandardCharsets.UTF_8)), Duration.ofSeconds(60));
    }

    public <T> T post(String path, Object body, Class<T> type) {
        return Wire.read(post(path, body instanceof String s ? s : Wire.write(body)), type);
    }

    public String delete(String path) {
        return send(HttpRequest.newBuilder(uri(path)).DELETE(), Duration.ofSeconds(60));
    }

    private URI uri(String path) {
        return URI.create(base + path);
    }

    private HttpRequest.Builder authorised(HttpRequest.Builder b) {
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return b.header(Wire.PROTOCOL_HEADER, Integer.toString(Wire.PROTOCOL));
    }

    private String send(HttpRequest.Builder request, Duration timeout) {
        try {
            HttpResponse<String> r = http.send(authorised(request).timeout(timeout).build(),
                    HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            if (r.statusCode() >= 400) {
                throw failed(r.statusCode(), r.body());
            }
            return r.body();
        } catch (IOException e) {
            throw new Unreachable("the server at " + base + " cannot be reached: "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Unreachable("interrupted");
        }
    }

    private static Failed failed(int status, String body) {
        String line = body == null ? "" : body.strip().lines().findFirst().orElse("");
        return new Failed(status, line.isEmpty() ? "HTTP " + status : line);
    }
}

package arbiter.service.pages;

import arbiter.service.api.ServiceServer.Route;
import arbiter.service.api.ServiceServer.Who;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A visitor of the service's pages in tests, as a browser would be: it keeps the session cookie the
 * server sets, follows no redirect (tests look at them), posts forms with the page's CSRF token, and
 * calls the API with a bearer token. Answers are read whole, up to 4 MiB (a live stream: its first
 * bytes only).
 */
public final class WebClient {
    private static final Pattern CSRF = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"");
    private static final Pattern COOKIE = Pattern.compile(Sessions.COOKIE + "=([A-Za-z0-9_-]+)");

    /** An answer: its status, the Location of a redirect (or null) and its body. */
    public record Answer(int status, String location, String body) {
        /** Refused for who is asking: 401, 403, or sent to log in. */
        public boolean refused() {
            return status == 401 || status == 403 || status == 303 && location != null && location.startsWith("/login");
        }
    }

    /** The docs' tables: {@code | METHOD | /path | who may call it |}. */
    private static final Pattern ROW = Pattern.compile("^\\|\\s*(GET|POST|DELETE|PUT)\\s*\\|\\s*(/\\S*)\\s*\\|\\s*(.+?)\\s*\\|\\s*$");
    private static final Pattern ROLE = Pattern.compile("\\b(anyone|worker|user|approver|admin)\\b");

    /** Who may call each route, as docs/service.md says: the first role its third column names. */
    public static List<Route> documented() throws IOException {
        Path docs = Path.of("..", "docs", "service.md");
        if (!Files.exists(docs)) {
            docs = Path.of("docs", "service.md");
        }
        List<Route> out = new ArrayList<>();
        for (String line : Files.readAllLines(docs)) {
            Matcher m = ROW.matcher(line);
            if (m.matches()) {
                Matcher who = ROLE.matcher(m.group(3));
                if (!who.find()) {
                    throw new AssertionError("a row of docs/service.md names no role: " + line);
                }
                out.add(new Route(m.group(1), m.group(2), Who.valueOf(who.group(1).equals("anyone") ? "ANYONE"
                        : who.group(1).toUpperCase(Locale.ROOT))));
            }
        }
        return out;
    }

    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(10)).build();
    private final String base;
    private String cookie;

    public WebClient(String base) {
        this.base = base;
    }

    /** The session cookie now (null before the first answer). */
    public String cookie() {
        return cookie;
    }

    public Answer get(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET());
    }

    /** Posts a form with the CSRF token of this visitor's cookie (fetched from a page first). */
    public Answer post(String path, Map<String, String> fields) {
        Map<String, String> all = new LinkedHashMap<>(fields);
        all.put("csrf", csrf());
        return postRaw(path, all);
    }

    /** Posts a form as given (no CSRF token added). */
    public Answer postRaw(String path, Map<String, String> fields) {
        StringBuilder body = new StringBuilder();
        fields.forEach((k, v) -> body.append(body.length() == 0 ? "" : "&").append(URLEncoder.encode(k, StandardCharsets.UTF_8))
                .append('=').append(URLEncoder.encode(v, StandardCharsets.UTF_8)));
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString())));
    }

    /** The CSRF token of this visitor's forms (from a page that has one). */
    public String csrf() {
        Matcher m = CSRF.matcher(get("/login").body());
        if (!m.find()) {
            throw new AssertionError("no CSRF token on /login");
        }
        return m.group(1);
    }

    /** Logs in through the form; true when the server took it. */
    public boolean login(String name, String password) {
        Answer a = post("/login", Map.of("name", name, "password", password, "next", "/"));
        return a.status() == 303 && "/".equals(a.location());
    }

    /** An API call with a bearer token (null: none) and a JSON body (null: none). */
    public Answer api(String method, String path, String token, String json) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).method(method,
                json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        b.header("Arbiter-Protocol", Integer.toString(arbiter.service.protocol.Wire.PROTOCOL));
        return send(b);
    }

    private Answer send(HttpRequest.Builder b) {
        if (cookie != null) {
            b.header("Cookie", Sessions.COOKIE + "=" + cookie);
        }
        try {
            HttpResponse<InputStream> r = http.send(b.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofInputStream());
            for (String c : r.headers().allValues("Set-Cookie")) {
                Matcher m = COOKIE.matcher(c);
                if (m.find()) {
                    cookie = m.group(1);
                }
            }
            boolean stream = r.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream");
            String body;
            try (InputStream in = r.body()) {
                body = new String(stream ? in.readNBytes(8) : in.readNBytes(4 << 20), StandardCharsets.UTF_8);
            }
            return new Answer(r.statusCode(), r.headers().firstValue("Location").orElse(null), body);
        } catch (IOException e) {
            throw new AssertionError("the server at " + base + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}

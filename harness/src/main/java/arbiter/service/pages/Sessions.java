package arbiter.service.pages;

import io.javalin.http.Context;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Who a page's visitor is, by a cookie: every visitor gets one ({@value #COOKIE}: 256 random bits,
 * {@code HttpOnly}, {@code SameSite=Strict}, {@code Secure} over HTTPS), and logging in swaps it for a
 * new one that names a session (so a cookie planted before the login is worth nothing after it). The
 * server keeps only each session's SHA-256, in memory: a restart logs everyone out. A session ends on
 * logging out, after {@link #IDLE_MILLIS} unused or {@link #MAX_MILLIS} in all.
 *
 * <p>Every form carries a CSRF token, the HMAC-SHA256 of the visitor's cookie under a key made at
 * start: another site can neither read the cookie nor make the token, and a form posted without it
 * (or with another visitor's) is refused. The cookie is {@code SameSite=Strict} besides, so a browser
 * does not send it with another site's form at all.
 */
final class Sessions {
    static final String COOKIE = "arbiter_session";
    static final long IDLE_MILLIS = 7L * 24 * 3600 * 1000;
    static final long MAX_MILLIS = 30L * 24 * 3600 * 1000;
    /** Sessions kept at most (the least recently used go first). */
    static final int MAX_SESSIONS = 100_000;
    private static final SecureRandom RANDOM = new SecureRandom();

    private static final class Session {
        final long userId;
        final long created;
        volatile long used;

        Session(long userId, long created) {
            this.userId = userId;
            this.created = created;
            this.used = created;
        }
    }

    private final Map<String, Session> sessions = new ConcurrentHashMap<>();
    private final byte[] key = random(32);
    private final LongSupplier clock;

    Sessions(LongSupplier clock) {
        this.clock = clock;
    }

    /** The visitor's cookie; a visitor without one (or with a malformed one) gets a new one now. */
    String cookie(Context ctx) {
        String c = ctx.attribute(COOKIE); // set in this response already
        if (c == null) {
            c = ctx.cookie(COOKIE);
        }
        if (c == null || !c.matches("[A-Za-z0-9_-]{43}")) {
            c = Base64.getUrlEncoder().withoutPadding().encodeToString(random(32));
            set(ctx, c);
        }
        return c;
    }

    /** The user the visitor is logged in as, or null. */
    Long user(Context ctx) {
        String c = ctx.cookie(COOKIE);
        if (c == null) {
            return null;
        }
        String h = hash(c);
        Session s = sessions.get(h);
        long now = clock.getAsLong();
        if (s == null) {
            return null;
        }
        if (now - s.used > IDLE_MILLIS || now - s.created > MAX_MILLIS) {
            sessions.remove(h);
            return null;
        }
        s.used = now;
        return s.userId;
    }

    /** The CSRF token of the visitor's forms. */
    String csrf(Context ctx) {
        return mac(cookie(ctx));
    }

    /** True when {@code token} is the CSRF token of the cookie this request came with. */
    boolean csrfValid(Context ctx, String token) {
        String c = ctx.cookie(COOKIE);
        return c != null && token != null && MessageDigest.isEqual(mac(c).getBytes(StandardCharsets.US_ASCII),
                token.getBytes(StandardCharsets.US_ASCII));
    }

    /** Logs the visitor in as {@code userId}: a new cookie, naming a new session. */
    void login(Context ctx, long userId) {
        logout(ctx);
        if (sessions.size() >= MAX_SESSIONS) {
            sessions.entrySet().stream().min(Comparator.comparingLong(e -> e.getValue().used))
                    .ifPresent(e -> sessions.remove(e.getKey()));
        }
        String c = Base64.getUrlEncoder().withoutPadding().encodeToString(random(32));
        sessions.put(hash(c), new Session(userId, clock.getAsLong()));
        set(ctx, c);
    }

    /** Ends the visitor's session (its cookie names nothing any more). */
    void logout(Context ctx) {
        String c = ctx.cookie(COOKIE);
        if (c != null) {
            sessions.remove(hash(c));
        }
    }

    /** Ends every session of a user (a blocked account, a new password). */
    void end(long userId) {
        sessions.values().removeIf(s -> s.userId == userId);
    }

    private static void set(Context ctx, String value) {
        ctx.attribute(COOKIE, value);
        boolean https = "https".equalsIgnoreCase(ctx.scheme());
        ctx.res().addHeader("Set-Cookie", COOKIE + "=" + value + "; Path=/; HttpOnly; SameSite=Strict" + (https ? "; Secure" : ""));
    }

    private String mac(String cookie) {
        try {
            Mac m = Mac.getInstance("HmacSHA256");
            m.init(new SecretKeySpec(key, "HmacSHA256"));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(m.doFinal(cookie.getBytes(StandardCharsets.US_ASCII)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e); // every JVM has HmacSHA256
        }
    }

    private static String hash(String cookie) {
        try {
            return Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256")
                    .digest(cookie.getBytes(StandardCharsets.US_ASCII)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] random(int n) {
        byte[] b = new byte[n];
        RANDOM.nextBytes(b);
        return b;
    }
}

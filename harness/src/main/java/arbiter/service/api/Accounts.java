package arbiter.service.api;

import arbiter.service.schedule.Refused;
import arbiter.service.store.Rows;
import arbiter.service.store.Store;
import arbiter.service.store.Writes;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Who may call the service: users (role {@code admin} or {@code user}) and their tokens — {@code api}
 * tokens for a person's scripts, {@code worker} tokens for a machine's workers. A token is 256 random
 * bits (SecureRandom), shown once when made and kept only as its SHA-256 (a random token needs no slow
 * hash: nothing can be guessed from it); revoked tokens stop working at once. Tokens are never logged.
 * Changed on the group commit's thread; read by any request thread (to authenticate without queueing).
 * Issue 34 adds passwords and approvals on the same tables ({@code users.password_hash}, {@code state}).
 */
public final class Accounts {
    public static final String API = "api";
    public static final String WORKER = "worker";
    public static final String ADMIN = "admin";
    public static final String USER = "user";
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");
    private static final SecureRandom RANDOM = new SecureRandom();

    /** A caller: the user and the token it came with. */
    public record Caller(Rows.User user, Rows.Token token) {
        public boolean admin() {
            return user.admin();
        }

        public boolean worker() {
            return WORKER.equals(token.kind());
        }
    }

    private final Map<Long, Rows.User> users = new ConcurrentHashMap<>();
    private final Map<String, Rows.Token> byHash = new ConcurrentHashMap<>();
    private final Map<Long, Rows.Token> byId = new ConcurrentHashMap<>();
    private volatile long nextUser;
    private volatile long nextToken;

    /** Replaces everything with what the database holds. */
    void load(Store.Loaded l) {
        users.clear();
        byHash.clear();
        byId.clear();
        l.users().forEach(u -> users.put(u.id(), u));
        l.tokens().forEach(t -> {
            byHash.put(t.hash(), t);
            byId.put(t.id(), t);
        });
        nextUser = l.next().user();
        nextToken = l.next().token();
    }

    boolean empty() {
        return users.isEmpty();
    }

    /** The caller a bearer token belongs to, or null (unknown, revoked, or its user disabled). */
    public Caller authenticate(String token) {
        if (token == null || token.isEmpty() || token.length() > 200) {
            return null;
        }
        Rows.Token t = byHash.get(hash(token));
        Rows.User u = t == null ? null : users.get(t.userId());
        return u == null || !"active".equals(u.state()) ? null : new Caller(u, t);
    }

    public String userName(long id) {
        Rows.User u = users.get(id);
        return u == null ? "#" + id : u.name();
    }

    Rows.User user(String name, String role, long now, Writes w) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new Refused(Refused.Kind.BAD, "a user name is 1 to 64 letters, digits, '_', '.' or '-', starting with a letter or digit");
        }
        if (!ADMIN.equals(role) && !USER.equals(role)) {
            throw new Refused(Refused.Kind.BAD, "a role is admin or user, not '" + role + "'");
        }
        if (users.values().stream().anyMatch(u -> u.name().equalsIgnoreCase(name))) {
            throw new Refused(Refused.Kind.CONFLICT, "there is a user " + name + " already");
        }
        Rows.User u = new Rows.User(nextUser++, name, role, "active", null, now);
        users.put(u.id(), u);
        w.newUser(u);
        return u;
    }

    /** A new token of {@code kind} for the user; its text is returned once and not kept. */
    String token(long userId, String kind, String label, long now, Writes w, long[] idOut) {
        if (!API.equals(kind) && !WORKER.equals(kind)) {
            throw new Refused(Refused.Kind.BAD, "a token's kind is api or worker, not '" + kind + "'");
        }
        String safeLabel = label == null || label.isBlank() ? kind : label.strip();
        if (safeLabel.length() > 100 || safeLabel.chars().anyMatch(Character::isISOControl)) {
            throw new Refused(Refused.Kind.BAD, "a token's label is at most 100 characters, without control characters");
        }
        byte[] bits = new byte[32];
        RANDOM.nextBytes(bits);
        String text = "arb_" + Base64.getUrlEncoder().withoutPadding().encodeToString(bits);
        Rows.Token t = new Rows.Token(nextToken++, userId, kind, safeLabel, hash(text), now, null);
        byHash.put(t.hash(), t);
        byId.put(t.id(), t);
        w.newToken(t);
        idOut[0] = t.id();
        return text;
    }

    /** Revokes a token: its owner's, or anyone's for an admin. */
    void revoke(Caller caller, long tokenId, long now, Writes w) {
        Rows.Token t = byId.get(tokenId);
        if (t == null) {
            throw new Refused(Refused.Kind.UNKNOWN, "no valid token " + tokenId);
        }
        if (t.userId() != caller.user().id() && !caller.admin()) {
            throw new Refused(Refused.Kind.FORBIDDEN, "token " + tokenId + " is another user's");
        }
        byHash.remove(t.hash());
        byId.remove(t.id());
        Rows.Token revoked = new Rows.Token(t.id(), t.userId(), t.kind(), t.label(), t.hash(), t.created(), now);
        w.token(revoked);
    }

    static String hash(String token) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e); // every JVM has SHA-256
        }
    }
}

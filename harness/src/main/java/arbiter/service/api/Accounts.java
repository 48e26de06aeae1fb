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
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Who may call the service: people — role {@code user}, {@code approver} or {@code admin}; state
 * {@code pending} (registered, until an approver enables the account), {@code active} or
 * {@code blocked} — and their tokens: {@code api} tokens for a person's scripts, {@code worker}
 * tokens, one per machine, for its workers. A token is 256 random bits (SecureRandom), shown once when
 * made and kept only as its SHA-256 (a random token needs no slow hash: nothing can be guessed from
 * it); revoked tokens stop working at once, blocked ones until unblocked. Passwords are kept as
 * {@link Passwords} hashes. Tokens and passwords are never logged.
 *
 * <p>Who may change whom: an approver enables pending accounts and blocks users; only an admin blocks
 * or enables an approver or admin, or changes a role; nobody blocks or re-roles themselves.
 * Changed on the group commit's thread; read by any request thread (to authenticate without queueing).
 */
public final class Accounts {
    public static final String API = "api";
    public static final String WORKER = "worker";
    public static final String ADMIN = "admin";
    public static final String APPROVER = "approver";
    public static final String USER = "user";
    public static final String PENDING = "pending";
    public static final String ACTIVE = "active";
    public static final String BLOCKED = "blocked";
    /** Registrations waiting at once: more are refused until an approver has looked (a flood fills no database). */
    static final int MAX_PENDING = 200;
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");
    private static final SecureRandom RANDOM = new SecureRandom();

    /** A caller: the user and the token it came with (null for a person logged in to the pages). */
    public record Caller(Rows.User user, Rows.Token token) {
        public boolean admin() {
            return user.admin();
        }

        /** An approver or an admin. */
        public boolean approver() {
            return user.approver();
        }

        public boolean worker() {
            return token != null && WORKER.equals(token.kind());
        }

        public long id() {
            return user.id();
        }
    }

    private final Map<Long, Rows.User> users = new ConcurrentHashMap<>();
    private final Map<String, Rows.User> byName = new ConcurrentHashMap<>();
    private final Map<String, Rows.Token> byHash = new ConcurrentHashMap<>();
    private final Map<Long, Rows.Token> byId = new ConcurrentHashMap<>();
    private volatile long nextUser;
    private volatile long nextToken;

    /** Replaces everything with what the database holds. */
    void load(Store.Loaded l) {
        users.clear();
        byName.clear();
        byHash.clear();
        byId.clear();
        l.users().forEach(this::put);
        l.tokens().forEach(t -> {
            byHash.put(t.hash(), t);
            byId.put(t.id(), t);
        });
        nextUser = l.next().user();
        nextToken = l.next().token();
    }

    private void put(Rows.User u) {
        users.put(u.id(), u);
        byName.put(u.name().toLowerCase(Locale.ROOT), u);
    }

    boolean empty() {
        return users.isEmpty();
    }

    /**
     * The caller a bearer token belongs to, or null when it is unknown or revoked. A blocked token or
     * a user who is not active still comes back: the server says which.
     */
    public Caller authenticate(String token) {
        if (token == null || token.isEmpty() || token.length() > 200) {
            return null;
        }
        Rows.Token t = byHash.get(hash(token));
        Rows.User u = t == null ? null : users.get(t.userId());
        return u == null ? null : new Caller(u, t);
    }

    /** A user by id, or null. */
    public Rows.User user(long id) {
        return users.get(id);
    }

    /** A user by name (any case), or null. */
    public Rows.User user(String name) {
        return name == null ? null : byName.get(name.toLowerCase(Locale.ROOT));
    }

    public String userName(long id) {
        Rows.User u = users.get(id);
        return u == null ? "#" + id : u.name();
    }

    /** Every user, pending ones first, then by name. */
    public List<Rows.User> users() {
        return users.values().stream().sorted(Comparator.comparing((Rows.User u) -> !PENDING.equals(u.state()))
                .thenComparing(u -> u.name().toLowerCase(Locale.ROOT))).toList();
    }

    /** A user's valid tokens (those not revoked), oldest first. */
    public List<Rows.Token> tokens(long userId) {
        return byId.values().stream().filter(t -> t.userId() == userId).sorted(Comparator.comparingLong(Rows.Token::id)).toList();
    }

    /** Every valid worker token: the machines. */
    public List<Rows.Token> workerTokens() {
        return byId.values().stream().filter(t -> WORKER.equals(t.kind())).sorted(Comparator.comparingLong(Rows.Token::id)).toList();
    }

    public Rows.Token token(long id) {
        return byId.get(id);
    }

    /**
     * True when {@code userId} is an active approver or admin and no one else is: the only person who
     * could approve, whose own tests then start at once (a server of one, as on a fresh clone).
     */
    boolean soleApprover(long userId) {
        Rows.User u = users.get(userId);
        return u != null && u.active() && u.approver()
                && users.values().stream().noneMatch(o -> o.id() != userId && o.active() && o.approver());
    }

    /** A new user: active (made by an admin) or pending (registered), with a password hash or none. */
    Rows.User user(String name, String role, String state, String passwordHash, long now, Writes w) {
        checkName(name);
        checkRole(role);
        if (user(name) != null) {
            throw new Refused(Refused.Kind.CONFLICT, "there is a user " + name + " already");
        }
        if (PENDING.equals(state) && users.values().stream().filter(u -> PENDING.equals(u.state())).count() >= MAX_PENDING) {
            throw new Refused(Refused.Kind.CONFLICT, MAX_PENDING + " registrations wait for an approver already: try later");
        }
        Rows.User u = new Rows.User(nextUser++, name, role, state, passwordHash, now);
        put(u);
        w.newUser(u);
        return u;
    }

    static void checkName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new Refused(Refused.Kind.BAD, "a user name is 1 to 64 letters, digits, '_', '.' or '-', starting with a letter or digit");
        }
    }

    private static void checkRole(String role) {
        if (!ADMIN.equals(role) && !APPROVER.equals(role) && !USER.equals(role)) {
            throw new Refused(Refused.Kind.BAD, "a role is user, approver or admin, not '" + role + "'");
        }
    }

    /** The user an approver or admin acts on: it exists, is not the caller, and is the caller's to change. */
    private Rows.User other(Caller caller, String name, String what) {
        Rows.User u = user(name);
        if (u == null) {
            throw new Refused(Refused.Kind.UNKNOWN, "no user " + name);
        }
        if (u.id() == caller.id()) {
            throw new Refused(Refused.Kind.FORBIDDEN, "you cannot " + what + " your own account");
        }
        if (!caller.approver() || u.approver() && !caller.admin()) {
            throw new Refused(Refused.Kind.FORBIDDEN, "only " + (u.approver() ? "an admin" : "an approver") + " may " + what
                    + " " + u.name());
        }
        return u;
    }

    /** Sets a user's state (enable: active; block: blocked); returns the user as changed. */
    Rows.User state(Caller caller, String name, String state, Writes w) {
        Rows.User u = other(caller, name, ACTIVE.equals(state) ? "enable" : "block");
        return change(new Rows.User(u.id(), u.name(), u.role(), state, u.passwordHash(), u.created()), w);
    }

    Rows.User role(Caller caller, String name, String role, Writes w) {
        checkRole(role);
        if (!caller.admin()) {
            throw new Refused(Refused.Kind.FORBIDDEN, "only an admin may change a role");
        }
        Rows.User u = other(caller, name, "change the role of");
        return change(new Rows.User(u.id(), u.name(), role, u.state(), u.passwordHash(), u.created()), w);
    }

    Rows.User password(long userId, String passwordHash, Writes w) {
        Rows.User u = users.get(userId);
        return change(new Rows.User(u.id(), u.name(), u.role(), u.state(), passwordHash, u.created()), w);
    }

    private Rows.User change(Rows.User u, Writes w) {
        put(u);
        w.user(u);
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
    Rows.Token revoke(Caller caller, long tokenId, long now, Writes w) {
        Rows.Token t = byId.get(tokenId);
        if (t == null) {
            throw new Refused(Refused.Kind.UNKNOWN, "no valid token " + tokenId);
        }
        if (t.userId() != caller.id() && !caller.admin()) {
            throw new Refused(Refused.Kind.FORBIDDEN, "token " + tokenId + " is another user's");
        }
        byHash.remove(t.hash());
        byId.remove(t.id());
        Rows.Token revoked = new Rows.Token(t.id(), t.userId(), t.kind(), t.label(), t.hash(), t.created(), now, t.blocked());
        w.token(revoked);
        return revoked;
    }

    /** Blocks or unblocks a machine (a worker token): an approver's to do. */
    Rows.Token block(Caller caller, long tokenId, boolean blocked, Writes w) {
        if (!caller.approver()) {
            throw new Refused(Refused.Kind.FORBIDDEN, "only an approver may block a machine");
        }
        Rows.Token t = byId.get(tokenId);
        if (t == null || !WORKER.equals(t.kind())) {
            throw new Refused(Refused.Kind.UNKNOWN, "no machine (valid worker token) " + tokenId);
        }
        Rows.Token changed = new Rows.Token(t.id(), t.userId(), t.kind(), t.label(), t.hash(), t.created(), null, blocked);
        byHash.put(changed.hash(), changed);
        byId.put(changed.id(), changed);
        w.token(changed);
        return changed;
    }

    static String hash(String token) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e); // every JVM has SHA-256
        }
    }
}

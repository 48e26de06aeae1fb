package arbiter.service.api;

import arbiter.service.protocol.Wire;
import arbiter.service.schedule.Refused;
import arbiter.service.store.Rows;
import arbiter.service.store.Store;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * What the handlers call about people and machines: the first start's admin, registration and log
 * in, passwords, enabling and blocking accounts, roles, tokens, blocking machines, and the event log.
 * Each change is a step of the service's group commit with its line of the event log; passwords are
 * hashed on the caller's thread before the step (a hash takes a fifth of a second of a core). Logged
 * by name and id only: never a password, a token or a session.
 */
public final class People {
    private static final Logger LOG = LogManager.getLogger(People.class);

    private final Service service;
    private final Store store;

    People(Service service, Store store) {
        this.service = service;
        this.store = store;
    }

    private Accounts accounts() {
        return service.accounts();
    }

    /** The first start: an admin, its API token and a worker token (texts returned once); null when users exist. */
    public String[] bootstrap() {
        return service.run((s, w) -> {
            if (!s.accounts().empty()) {
                return null;
            }
            long now = System.currentTimeMillis();
            Rows.User admin = s.accounts().user("admin", Accounts.ADMIN, Accounts.ACTIVE, null, now, w);
            long[] id = new long[1];
            String api = s.accounts().token(admin.id(), Accounts.API, "made at the first start", now, w, id);
            String worker = s.accounts().token(admin.id(), Accounts.WORKER, "made at the first start", now, w, id);
            w.event(Rows.Event.of(now, null, null, "registered", "first start: the user admin, an API token and a worker token"));
            return new String[] {api, worker};
        });
    }

    /** An admin makes an active user, with an API token (returned once). */
    public Wire.Token newUser(Accounts.Caller caller, Wire.NewUser u) {
        if (!caller.admin()) {
            throw new Refused(Refused.Kind.FORBIDDEN, "only an admin may make users");
        }
        return service.run((s, w) -> {
            long now = System.currentTimeMillis();
            String role = u.role() == null ? Accounts.USER : u.role();
            Rows.User user = s.accounts().user(u.name(), role, Accounts.ACTIVE, null, now, w);
            long[] id = new long[1];
            String text = s.accounts().token(user.id(), Accounts.API, "made with the user", now, w, id);
            w.event(Rows.Event.of(now, caller.id(), null, "registered", "user " + user.name() + " (" + role + ") made by "
                    + caller.user().name()));
            return new Wire.Token(id[0], user.name(), Accounts.API, text);
        });
    }

    /**
     * Someone registers: a pending user with a password, who logs in once an approver has enabled
     * the account.
     */
    public Rows.User register(String name, String password) {
        Accounts.checkName(name);
        String problem = Passwords.problem(name, password);
        if (problem != null) {
            throw new Refused(Refused.Kind.BAD, problem);
        }
        if (accounts().user(name) != null) { // before the slow hash; the step checks again
            throw new Refused(Refused.Kind.CONFLICT, "there is a user " + name + " already");
        }
        String hash = Passwords.hash(password);
        Rows.User u = service.run((s, w) -> {
            long now = System.currentTimeMillis();
            Rows.User user = s.accounts().user(name, Accounts.USER, Accounts.PENDING, hash, now, w);
            w.event(Rows.Event.of(now, user.id(), null, "registered", user.name() + " registered, waiting for an approver"));
            return user;
        });
        LOG.info("{} registered (user {}), waiting for an approver", u.name(), u.id());
        return u;
    }

    /**
     * The user whose name and password these are (in any state: the caller says what a pending or
     * blocked one may do), or null. An unknown name costs the time a wrong password does.
     */
    public Rows.User login(String name, String password) {
        Rows.User u = accounts().user(name);
        if (u == null || u.passwordHash() == null) {
            Passwords.waste(password);
            return null;
        }
        return Passwords.verify(password, u.passwordHash()) ? u : null;
    }

    /** Sets the caller's own password. */
    public void password(Accounts.Caller caller, String password) {
        String problem = Passwords.problem(caller.user().name(), password);
        if (problem != null) {
            throw new Refused(Refused.Kind.BAD, problem);
        }
        String hash = Passwords.hash(password);
        service.run((s, w) -> {
            long now = System.currentTimeMillis();
            s.accounts().password(caller.id(), hash, w);
            w.event(Rows.Event.of(now, caller.id(), null, "password", caller.user().name() + " set a new password"));
            return null;
        });
    }

    /** An approver enables a pending or blocked account ({@code enable}) or blocks one. */
    public void state(Accounts.Caller caller, String name, boolean enable) {
        service.run((s, w) -> {
            long now = System.currentTimeMillis();
            Rows.User u = s.accounts().state(caller, name, enable ? Accounts.ACTIVE : Accounts.BLOCKED, w);
            w.event(Rows.Event.of(now, caller.id(), null, enable ? "enabled" : "blocked", u.name() + (enable ? " enabled" : " blocked")
                    + " by " + caller.user().name()));
            return null;
        });
    }

    /** An admin changes a user's role. */
    public void role(Accounts.Caller caller, String name, String role) {
        service.run((s, w) -> {
            long now = System.currentTimeMillis();
            Rows.User u = s.accounts().role(caller, name, role, w);
            w.event(Rows.Event.of(now, caller.id(), null, "role", u.name() + " is now " + role + " (by " + caller.user().name() + ")"));
            return null;
        });
    }

    /** A new token of the caller's own (returned once). */
    public Wire.Token newToken(Accounts.Caller caller, Wire.NewToken t) {
        return service.run((s, w) -> {
            long now = System.currentTimeMillis();
            long[] id = new long[1];
            String text = s.accounts().token(caller.id(), t.kind(), t.label(), now, w, id);
            w.event(Rows.Event.of(now, caller.id(), null, "token", caller.user().name() + " made " + t.kind() + " token " + id[0]));
            return new Wire.Token(id[0], caller.user().name(), t.kind(), text);
        });
    }

    /** Revokes a token: the caller's own, or anyone's for an admin. */
    public void revoke(Accounts.Caller caller, long tokenId) {
        service.run((s, w) -> {
            long now = System.currentTimeMillis();
            Rows.Token t = s.accounts().revoke(caller, tokenId, now, w);
            w.event(Rows.Event.of(now, caller.id(), null, "token", t.kind() + " token " + t.id() + " of "
                    + s.accounts().userName(t.userId()) + " revoked by " + caller.user().name()));
            return null;
        });
    }

    /** An approver blocks or unblocks a machine (its worker token). */
    public void machine(Accounts.Caller caller, long tokenId, boolean blocked) {
        service.run((s, w) -> {
            long now = System.currentTimeMillis();
            Rows.Token t = s.accounts().block(caller, tokenId, blocked, w);
            w.event(Rows.Event.of(now, caller.id(), null, "machine", "machine " + t.id() + " (" + t.label() + ") of "
                    + s.accounts().userName(t.userId()) + (blocked ? " blocked" : " unblocked") + " by " + caller.user().name()));
            return null;
        });
    }

    /** The latest lines of the event log, newest first: of one test, or of all ({@code test} null). */
    public List<Rows.Event> events(Long test, int limit) {
        return store.events(test, limit);
    }

    /** Each machine's (worker token's) latest worker start, newest first. */
    public List<Rows.Worker> latestWorkers() {
        return store.latestWorkers();
    }
}

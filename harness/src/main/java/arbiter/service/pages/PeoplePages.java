package arbiter.service.pages;

import static arbiter.service.pages.Html.esc;

import arbiter.service.api.Accounts;
import arbiter.service.store.Rows;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The pages about people and machines: log in, register, one's account (tokens, password), the users
 * (for approvers: enable, block; for admins: roles) and the machines (each worker token, its latest
 * start; approvers block and unblock).
 */
final class PeoplePages {
    private PeoplePages() {
    }

    static String message(String text, boolean error) {
        return text == null ? "" : "<p class=\"" + (error ? "error" : "done") + "\" id=\"message\">" + esc(text) + "</p>";
    }

    static String login(Html.Visitor v, String name, String next, String message) {
        return "<h1>Log in</h1>" + message(message, true) + Html.form("/login", v,
                "<input type=\"hidden\" name=\"next\" value=\"" + esc(next) + "\">"
                        + Html.input("Name", "name", "text", name, "autocomplete=\"username\" required maxlength=\"64\"")
                        + Html.input("Password", "password", "password", "", "autocomplete=\"current-password\" required maxlength=\"128\""),
                "Log in", "stacked") + "<p>No account? " + Html.link("/register", "Register") + ": an approver enables it.</p>";
    }

    static String register(Html.Visitor v, String name, String message, boolean error) {
        return "<h1>Register</h1>" + message(message, error) + Html.form("/register", v,
                Html.input("Name", "name", "text", name, "autocomplete=\"username\" required maxlength=\"64\"")
                        + Html.input("Password (8 to 128 characters)", "password", "password", "",
                        "autocomplete=\"new-password\" required minlength=\"8\" maxlength=\"128\"")
                        + Html.input("The password again", "password2", "password", "",
                        "autocomplete=\"new-password\" required minlength=\"8\" maxlength=\"128\""),
                "Register", "stacked")
                + "<p class=\"note\">Your account waits until an approver enables it; then you log in and submit tests, which run "
                + "once an approver other than you has approved each.</p>";
    }

    /** One's account: tokens (a new one shown once, in {@code shown}), a new password. */
    static String account(Html.Visitor v, List<Rows.Token> tokens, String shown, String message, boolean error) {
        Rows.User u = v.user();
        StringBuilder sb = new StringBuilder("<h1>Account " + esc(u.name()) + "</h1>");
        sb.append("<p>Role <b id=\"account-role\">").append(esc(u.role())).append("</b>, ").append(esc(u.state())).append(", since ")
                .append(esc(Html.time(u.created()))).append(" UTC.</p>").append(message(message, error));
        if (shown != null) {
            sb.append("<p class=\"done\">Your new token, shown this once (the server keeps only its hash): <code id=\"new-token\">")
                    .append(esc(shown)).append("</code></p>");
        }
        List<List<String>> rows = new ArrayList<>();
        for (Rows.Token t : tokens) {
            rows.add(List.of(String.valueOf(t.id()), esc(t.kind()), esc(t.label()), esc(Html.time(t.created())),
                    t.blocked() ? "blocked" : "", Html.form("/account/tokens/" + t.id() + "/revoke", v, "", "Revoke", "inline")));
        }
        sb.append("<section><h2>Tokens</h2>").append(Html.table("tokens-table", List.of("#", "Kind", "Label", "Made (UTC)", "", ""),
                rows, "No token.")).append("<p class=\"note\">An api token is for your scripts (arbiter submit, arbiter tests); a "
                + "worker token for one machine's workers (arbiter worker --server URL --token-file F): make one per machine, so "
                + "a machine can be blocked or revoked alone.</p>");
        sb.append(Html.form("/account/tokens", v, "<label>Kind <select name=\"kind\"><option value=\"worker\">worker</option>"
                + "<option value=\"api\">api</option></select></label>" + Html.input("Label", "label", "text", "",
                "maxlength=\"100\" placeholder=\"the machine's name\""), "Make a token", "inline")).append("</section>");
        sb.append("<section><h2>Password</h2>").append(Html.form("/account/password", v,
                Html.input("Current password", "current", "password", "", "autocomplete=\"current-password\" maxlength=\"128\"")
                        + Html.input("New password", "password", "password", "", "autocomplete=\"new-password\" minlength=\"8\" maxlength=\"128\"")
                        + Html.input("Again", "password2", "password", "", "autocomplete=\"new-password\" minlength=\"8\" maxlength=\"128\""),
                "Set the password", "stacked")).append("</section>");
        return sb.toString();
    }

    static String users(Html.Visitor v, List<Rows.User> users, String message) {
        List<List<String>> rows = new ArrayList<>();
        for (Rows.User u : users) {
            StringBuilder acts = new StringBuilder();
            boolean mine = u.id() == v.user().id();
            boolean may = !mine && (!u.approver() || v.admin());
            if (may && !u.active()) {
                acts.append(Html.form("/users/" + u.name() + "/enable", v, "", u.state().equals("pending") ? "Enable" : "Unblock", "inline"));
            }
            if (may && !u.state().equals(Accounts.BLOCKED)) {
                acts.append(Html.form("/users/" + u.name() + "/block", v, "", "Block", "inline"));
            }
            if (!mine && v.admin()) {
                StringBuilder select = new StringBuilder("<select name=\"role\">");
                for (String r : List.of(Accounts.USER, Accounts.APPROVER, Accounts.ADMIN)) {
                    select.append("<option").append(r.equals(u.role()) ? " selected" : "").append(">").append(r).append("</option>");
                }
                acts.append(Html.form("/users/" + u.name() + "/role", v, select.append("</select>").toString(), "Set role", "inline"));
            }
            rows.add(List.of(esc(u.name()), esc(u.role()), "<span class=\"state " + esc(u.state()) + "\">" + esc(u.state()) + "</span>",
                    esc(Html.time(u.created())), u.passwordHash() == null ? "tokens only" : "password", acts.toString()));
        }
        return "<h1>Users</h1>" + message(message, false) + Html.live("users", Html.table("users-table",
                List.of("Name", "Role", "State", "Since (UTC)", "Logs in with", ""), rows, "No user."))
                + "<p class=\"note\">Approvers enable registrations and block users; only an admin blocks an approver or admin, "
                + "or changes a role. Nobody changes their own account here.</p>";
    }

    /** The machines: every valid worker token with its owner and its latest start. */
    static String machines(Html.Visitor v, List<Rows.Token> tokens, Map<Long, Rows.Worker> latest, Accounts accounts) {
        List<List<String>> rows = new ArrayList<>();
        for (Rows.Token t : tokens) {
            Rows.Worker w = latest.get(t.id());
            String action = !v.approver() ? "" : Html.form("/machines/" + t.id() + (t.blocked() ? "/unblock" : "/block"), v, "",
                    t.blocked() ? "Unblock" : "Block", "inline");
            rows.add(List.of(String.valueOf(t.id()), esc(t.label()), esc(accounts.userName(t.userId())),
                    w == null ? "never started" : esc(w.machine()), w == null ? "" : esc(w.version()),
                    w == null ? "" : String.valueOf(w.slots()), w == null ? "" : esc(engines(w.engines())),
                    w == null ? "" : esc(Html.time(w.registered())), t.blocked() ? "<span class=\"state blocked\">blocked</span>" : "active",
                    action));
        }
        return "<h1>Machines</h1>" + Html.live("machines", Html.table("machines-table", List.of("Token", "Label", "Owner", "Machine",
                "Version", "Slots", "Engines", "Last start (UTC)", "State", ""), rows, "No machine yet."))
                + "<p class=\"note\">A machine is a worker token: its workers share it. A blocked machine gets no work and its "
                + "reports are refused until an approver unblocks it; its leases run out and their pairs go to others.</p>";
    }

    /** A worker's declared engines as stored ({@code +} first when it builds): "builds; stockfish (uci)". */
    private static String engines(String stored) {
        boolean builds = stored.startsWith("+");
        String list = (builds ? stored.substring(1) : stored).replace(":", " (").replace(",", "), ");
        String declared = list.isEmpty() ? "built-in only" : "built-in, " + list + ")";
        return builds ? "builds; " + declared : declared;
    }
}

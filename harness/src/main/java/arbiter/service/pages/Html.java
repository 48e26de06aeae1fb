package arbiter.service.pages;

import arbiter.service.store.Rows;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * The pages' HTML: every text that came from anyone — names, descriptions, options, reasons, machine
 * names — goes through {@link #esc} and nothing else builds markup from it, so a stored
 * {@code <script>} is shown as text. The frame of every page: its head (the service's own CSS and
 * scripts only: nothing from elsewhere), the menu, and who is logged in.
 */
final class Html {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneOffset.UTC);

    private Html() {
    }

    /** Who looks at a page (null user: nobody logged in) and the CSRF token its forms carry. */
    record Visitor(Rows.User user, String csrf) {
        boolean in() {
            return user != null;
        }

        boolean approver() {
            return user != null && user.approver();
        }

        boolean admin() {
            return user != null && user.admin();
        }
    }

    /** Text as HTML: {@code & < > " '} escaped (safe in text and in quoted attributes). */
    static String esc(Object o) {
        String s = o == null ? "" : o.toString();
        StringBuilder sb = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    static String time(long millis) {
        return TIME.format(Instant.ofEpochMilli(millis));
    }

    static String time(Long millis) {
        return millis == null ? "" : time(millis.longValue());
    }

    static String link(String href, String text) {
        return "<a href=\"" + esc(href) + "\">" + esc(text) + "</a>";
    }

    /** A form posting to {@code action} with the visitor's CSRF token, {@code fields} (HTML) and a button. */
    static String form(String action, Visitor v, String fields, String button, String cssClass) {
        return "<form method=\"post\" action=\"" + esc(action) + "\" class=\"" + esc(cssClass) + "\">"
                + "<input type=\"hidden\" name=\"csrf\" value=\"" + esc(v.csrf()) + "\">" + fields
                + "<button type=\"submit\">" + esc(button) + "</button></form>";
    }

    /** A labelled input (its value escaped). */
    static String input(String label, String name, String type, String value, String extra) {
        return "<label>" + esc(label) + " <input type=\"" + type + "\" name=\"" + esc(name) + "\" value=\"" + esc(value) + "\""
                + (extra.isEmpty() ? "" : " " + extra) + "></label>";
    }

    /** A table: head cells are text, row cells HTML already made safe. */
    static String table(String id, List<String> head, List<List<String>> rows, String empty) {
        StringBuilder sb = new StringBuilder("<table id=\"" + esc(id) + "\"><thead><tr>");
        head.forEach(h -> sb.append("<th>").append(esc(h)).append("</th>"));
        sb.append("</tr></thead><tbody>");
        if (rows.isEmpty()) {
            sb.append("<tr class=\"empty\"><td colspan=\"").append(head.size()).append("\">").append(esc(empty)).append("</td></tr>");
        }
        for (List<String> r : rows) {
            sb.append("<tr>");
            r.forEach(c -> sb.append("<td>").append(c).append("</td>"));
            sb.append("</tr>");
        }
        return sb.append("</tbody></table>").toString();
    }

    /** A section the page renews when the service changes (service.js swaps it by its id). */
    static String live(String id, String inner) {
        return "<section id=\"" + esc(id) + "\" data-live>" + inner + "</section>";
    }

    /** A whole page: head, menu, the visitor's name or the log in links, and {@code body}; {@code scripts} after it. */
    static String page(String title, Visitor v, String body, List<String> scripts) {
        StringBuilder sb = new StringBuilder(body.length() + 2048);
        sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>").append(esc(title))
                .append(" · Arbiter</title><link rel=\"icon\" href=\"data:,\"><link rel=\"stylesheet\" href=\"/assets/service.css\">")
                .append("</head><body><header><a class=\"brand\" href=\"/\">Arbiter test service</a><nav>")
                .append(link("/", "Tests"));
        if (v.in()) {
            sb.append(link("/submit", "Submit"));
        }
        sb.append(link("/machines", "Machines"));
        if (v.approver()) {
            sb.append(link("/users", "Users"));
        }
        sb.append(link("/events", "Events")).append("</nav><div class=\"who\">");
        if (v.in()) {
            sb.append("<a id=\"me\" href=\"/account\">").append(esc(v.user().name())).append("</a> <span class=\"role\">")
                    .append(esc(v.user().role())).append("</span> ")
                    .append(form("/logout", v, "", "Log out", "inline"));
        } else {
            sb.append(link("/login", "Log in")).append(' ').append(link("/register", "Register"));
        }
        sb.append("</div></header><main>").append(body).append("</main>");
        for (String s : scripts) {
            sb.append("<script src=\"").append(esc(s)).append("\"></script>");
        }
        return sb.append("</body></html>\n").toString();
    }
}

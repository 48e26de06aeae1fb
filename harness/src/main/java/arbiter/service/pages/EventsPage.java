package arbiter.service.pages;

import static arbiter.service.pages.Html.esc;

import arbiter.service.api.Accounts;
import arbiter.service.store.Rows;
import java.util.ArrayList;
import java.util.List;

/** The event log ({@code GET /events}, and each test's own on its page): who did what, newest first. */
final class EventsPage {
    private EventsPage() {
    }

    static String render(List<Rows.Event> events, Accounts accounts) {
        return "<h1>Events</h1>" + Html.live("events", table("event-log", events, accounts));
    }

    static String table(String id, List<Rows.Event> events) {
        return table(id, events, null);
    }

    private static String table(String id, List<Rows.Event> events, Accounts accounts) {
        List<List<String>> rows = new ArrayList<>();
        for (Rows.Event e : events) {
            List<String> r = new ArrayList<>(List.of(esc(Html.time(e.at())), esc(e.kind())));
            if (accounts != null) {
                r.add(e.userId() == null ? "<span class=\"of\">the service</span>" : esc(accounts.userName(e.userId())));
                r.add(e.testId() == null ? "" : Html.link("/tests/" + e.testId(), "test " + e.testId()));
            }
            r.add(esc(e.text()));
            rows.add(r);
        }
        List<String> head = accounts != null ? List.of("Time (UTC)", "Event", "By", "Test", "What") : List.of("Time (UTC)", "Event", "What");
        return Html.table(id, head, rows, "Nothing yet.");
    }
}

package arbiter.service.pages;

import static arbiter.service.pages.Html.esc;

import arbiter.results.MatchReading;
import arbiter.service.protocol.Wire;
import java.util.ArrayList;
import java.util.List;

/**
 * The tests list ({@code GET /}): pending approval, active, finished — each test's games, Elo ± and
 * LLR at a glance, as fishtest's front page; an approver approves another's pending test from here.
 */
final class TestsPage {
    private TestsPage() {
    }

    static String render(List<Wire.TestView> tests, Html.Visitor v) {
        List<Wire.TestView> pending = new ArrayList<>();
        List<Wire.TestView> active = new ArrayList<>();
        List<Wire.TestView> over = new ArrayList<>();
        for (Wire.TestView t : tests) {
            (t.state().equals("pending") ? pending : t.state().equals("active") ? active : over).add(t);
        }
        return "<h1>Tests</h1>"
                + Html.live("pending", "<h2>Pending approval (" + pending.size() + ")</h2>" + table("pending-tests", pending, v, true))
                + Html.live("active", "<h2>Active (" + active.size() + ")</h2>" + table("active-tests", active, v, false))
                + Html.live("finished", "<h2>Finished (" + over.size() + ")</h2>" + table("finished-tests", over, v, false));
    }

    private static String table(String id, List<Wire.TestView> tests, Html.Visitor v, boolean pending) {
        List<List<String>> rows = new ArrayList<>();
        for (Wire.TestView t : tests) {
            MatchReading r = Figures.reading(t.counts(), null, false);
            Wire.Sprt s = t.sprt();
            String llr = s == null ? "no SPRT: " + t.pairs() + (t.pairs() == 1 ? " pair" : " pairs")
                    : Figures.f2(s.llr()) + " [" + Figures.f2(s.lower()) + ", " + Figures.f2(s.upper()) + "]";
            String state = t.result() != null ? esc(t.result()) : esc(t.state());
            if (pending && v.approver() && !t.user().equals(v.user().name())) {
                state += Html.form("/tests/" + t.id() + "/approve", v, "", "Approve", "inline");
            }
            rows.add(List.of(String.valueOf(t.id()), Html.link("/tests/" + t.id(), t.name()), esc(t.user()), esc(t.variant()),
                    t.counts().games() + " <span class=\"of\">/ " + 2L * t.pairs() + "</span>", esc(Figures.elo(r)), esc(llr),
                    state));
        }
        return Html.table(id, List.of("#", "Test", "By", "Game", "Games", "Elo ± (95%)", "LLR [H0, H1]", "State"), rows,
                pending ? "No test waits for an approver." : "None.");
    }
}

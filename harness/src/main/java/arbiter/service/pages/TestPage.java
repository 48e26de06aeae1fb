package arbiter.service.pages;

import static arbiter.service.pages.Html.esc;

import arbiter.build.EngineBuild;
import arbiter.config.RunConfig;
import arbiter.report.SvgChart;
import arbiter.results.MatchReading;
import arbiter.service.protocol.Counts;
import arbiter.service.protocol.TestDefinition;
import arbiter.service.protocol.Wire;
import arbiter.service.store.Rows;
import arbiter.stats.MatchStats;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A test's page ({@code GET /tests/ID}): where it stands and what its author or an approver may do
 * with it; its figures (W/D/L, pentanomial, Elo ±, LLR, and fishtest's median-unbiased Elo once the
 * SPRT stopped it) and the live SPRT chart; its conditions, with a link to the diff of the two
 * commits when both engines are built from one GitHub repository; its tasks (worker, games, crashes,
 * time losses, residual); its latest games, opened in the dashboard's viewer, and the PDN; its events.
 */
final class TestPage {
    /** A GitHub repository, the only kind the page links a diff of (any other is named as text). */
    private static final Pattern GITHUB = Pattern.compile("https://github\\.com/([A-Za-z0-9_.-]+)/([A-Za-z0-9_.-]+?)(\\.git)?/?");
    private static final Pattern REF = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._/-]{0,99}");

    /** What the page shows of a test. */
    record Data(Wire.TestView view, TestDefinition definition, List<Rows.Task> tasks, Map<Long, Rows.Worker> workers,
                GameFacts.Facts facts, List<Rows.Event> events, Map<Long, String> machines) {
    }

    private TestPage() {
    }

    static String render(Data d, Html.Visitor v) {
        Wire.TestView t = d.view();
        StringBuilder sb = new StringBuilder();
        sb.append("<h1>Test ").append(t.id()).append(" · <span id=\"test-name\">").append(esc(t.name())).append("</span></h1>");
        sb.append(Html.live("status", status(t)));
        sb.append(actions(t, v));
        sb.append("<div class=\"columns\">");
        sb.append(Html.live("results", results(d)));
        sb.append(Html.live("chart", chart(d)));
        sb.append("</div>");
        sb.append(conditions(d));
        sb.append(Html.live("tasks", tasks(d)));
        sb.append("<div class=\"columns\">");
        sb.append(Html.live("games", games(t, d.facts())));
        sb.append(viewer());
        sb.append("</div>");
        sb.append(Html.live("test-events", "<h2>Events</h2>" + EventsPage.table("test-log", d.events())));
        return sb.toString();
    }

    private static String status(Wire.TestView t) {
        String state = "<span class=\"state " + esc(t.state()) + "\" id=\"test-state\">" + esc(t.state()) + "</span>";
        String line = t.result() != null ? " <span id=\"test-result\">" + esc(t.result()) + "</span>"
                : t.state().equals("pending") ? " waiting for an approver other than " + esc(t.user())
                : t.state().equals("active") ? String.format(Locale.ROOT, " · %.1f%% of the workers now · %d live tasks",
                        100 * t.share(), t.tasks()) : "";
        return "<p class=\"status\">" + state + line + "</p>";
    }

    private static String actions(Wire.TestView t, Html.Visitor v) {
        if (!v.in() || t.state().equals("finished") || t.state().equals("stopped")) {
            return "";
        }
        boolean own = t.user().equals(v.user().name());
        StringBuilder sb = new StringBuilder("<section id=\"actions\" class=\"actions\">");
        if (t.state().equals("pending") && v.approver() && !own) {
            sb.append(Html.form("/tests/" + t.id() + "/approve", v, "", "Approve", "inline"));
        }
        if (own || v.approver()) {
            sb.append(Html.form("/tests/" + t.id() + "/stop", v, "", "Stop", "inline"));
            sb.append(Html.form("/tests/" + t.id() + "/modify", v,
                    Html.input("Priority", "priority", "number", String.valueOf(t.priority()), "min=\"-100\" max=\"100\"")
                            + Html.input("Throughput %", "throughput", "number", String.valueOf(t.throughput()), "min=\"1\" max=\"500\""),
                    "Modify", "inline"));
        }
        return sb.append("</section>").toString();
    }

    private static String results(Data d) {
        Wire.TestView t = d.view();
        Counts c = t.counts();
        RunConfig.Sprt s = d.definition() == null ? null : d.definition().sprt();
        MatchReading r = Figures.reading(c, arbiter.results.Scoreboard.sprt(s), c.pairs() >= t.pairs());
        List<String[]> facts = new ArrayList<>();
        facts.add(new String[] {"Games", c.games() + " (" + c.pairs() + " pairs of " + t.pairs() + ")", "test-games"});
        facts.add(new String[] {"W – D – L", Figures.wdl(c), "test-wdl"});
        facts.add(new String[] {"Pentanomial [LL, LD, WL+DD, WD, WW]", Figures.penta(c), "test-penta"});
        if (r != null) {
            MatchStats m = r.verdict().stats();
            facts.add(new String[] {(r.unbiased() != null ? "Elo (plain) ± " : "Elo ± ") + "(" + r.errorKind() + ")", Figures.elo(r),
                    "test-elo"});
            if (r.unbiased() != null) {
                facts.add(new String[] {"Elo (median-unbiased, after the SPRT stop)", r.unbiasedElo(), "test-elo-unbiased"});
                facts.add(new String[] {"95% interval (median-unbiased)", r.unbiasedInterval(), "test-interval-unbiased"});
            }
            facts.add(new String[] {"nElo ± (95%)", Figures.f2(m.nElo()) + " ± " + Figures.f2(m.nEloError()), "test-nelo"});
            facts.add(new String[] {"LOS", String.format(Locale.ROOT, "%.1f%%", 100 * m.los()), "test-los"});
        }
        if (t.sprt() != null) {
            Wire.Sprt w = t.sprt();
            facts.add(new String[] {"SPRT", "[" + Figures.f2(w.elo0()) + ", " + Figures.f2(w.elo1()) + "] " + (s != null && s.normalized()
                    ? "normalized" : "logistic") + " Elo, α " + w.alpha() + ", β " + w.beta(), "test-sprt"});
            facts.add(new String[] {"LLR", Figures.f3(w.llr()) + " [" + Figures.f3(w.lower()) + ", " + Figures.f3(w.upper()) + "]",
                    "test-llr"});
            boolean going = r != null && r.status() != null && r.status().equals("continue");
            facts.add(new String[] {"SPRT status", r == null || r.status() == null ? w.verdict()
                    : going ? r.status() + ", " + r.llrProgress() : r.status(), "test-sprt-status"});
        }
        if (t.late().pairs() > 0) {
            facts.add(new String[] {"After the stop (not counted)", t.late().games() + " games, W – D – L " + Figures.wdl(t.late()),
                    "test-late"});
        }
        StringBuilder sb = new StringBuilder("<h2>Results</h2><table class=\"facts\" id=\"test-figures\"><tbody>");
        for (String[] f : facts) {
            sb.append("<tr><th>").append(esc(f[0])).append("</th><td id=\"").append(f[2]).append("\">").append(esc(f[1]))
                    .append("</td></tr>");
        }
        return sb.append("</tbody></table>").toString();
    }

    private static String chart(Data d) {
        Wire.Sprt s = d.view().sprt();
        if (s == null) {
            return "<h2>SPRT</h2><p class=\"note\">A fixed number of pairs: no SPRT.</p>";
        }
        return "<h2>SPRT</h2><div class=\"chart\" id=\"llr-chart\">" + SvgChart.llr(d.facts().llr(), s.lower(), s.upper())
                + "</div><p class=\"note\">The LLR over the counted games in the order of their pairs (a pair still being "
                + "played leaves a gap that later fills).</p>";
    }

    private static String conditions(Data d) {
        Wire.TestView t = d.view();
        TestDefinition def = d.definition();
        StringBuilder sb = new StringBuilder("<section id=\"conditions\"><h2>Conditions</h2><table class=\"facts\"><tbody>");
        row(sb, "Submitted by", t.user() + ", " + Html.time(t.created()) + " UTC");
        row(sb, "Game", t.variant());
        row(sb, "Priority, throughput", t.priority() + ", " + t.throughput() + "%");
        if (def == null) {
            return sb.append("</tbody></table><p>This version cannot read the test's definition.</p></section>").toString();
        }
        JsonNode json = def.json();
        if (json.hasNonNull("description")) {
            row(sb, "Description", json.get("description").asText());
        }
        for (JsonNode p : json.path("players")) {
            String name = p.path("name").asText();
            String role = name.equals(def.tested()) ? "Tested: " : name.equals(def.base()) ? "Base: " : "Player: ";
            row(sb, role + name, compact(p));
        }
        RunConfig c = def.config();
        String limits = c.limits() == null ? "" : c.limits().describe();
        row(sb, "Limits", limits.isBlank() ? "each player's own" : limits);
        row(sb, "Openings", compact(json.path("openings")));
        if (json.has("adjudication")) {
            row(sb, "Adjudication", compact(json.get("adjudication")));
        }
        sb.append("<tr><th>Diff</th><td id=\"test-diff\">").append(diff(def)).append("</td></tr>");
        sb.append("</tbody></table><details><summary>The definition as submitted</summary><pre id=\"definition\">")
                .append(esc(json.toPrettyString())).append("</pre></details></section>");
        return sb.toString();
    }

    private static void row(StringBuilder sb, String head, String text) {
        sb.append("<tr><th>").append(esc(head)).append("</th><td>").append(esc(text)).append("</td></tr>");
    }

    /** A player's or block's settings as one line of JSON, without its name. */
    private static String compact(JsonNode n) {
        if (n.isObject()) {
            com.fasterxml.jackson.databind.node.ObjectNode o = n.deepCopy();
            o.remove("name");
            return o.toString();
        }
        return n.isMissingNode() ? "" : n.toString();
    }

    /**
     * The diff of the two engines' commits: a link to GitHub's compare page when both are built from
     * one github.com repository, else the command that shows it; nothing when they are not built.
     */
    static String diff(TestDefinition def) {
        List<RunConfig.PlayerConfig> players = def.players();
        EngineBuild.Spec tested = players.get(0).build();
        EngineBuild.Spec base = players.get(1).build();
        if (tested == null || base == null) {
            return "none: the engines are not built from git";
        }
        boolean refs = REF.matcher(tested.ref()).matches() && REF.matcher(base.ref()).matches();
        Matcher m = GITHUB.matcher(tested.repo());
        if (refs && tested.repo().equals(base.repo()) && m.matches()) {
            String url = "https://github.com/" + m.group(1) + "/" + m.group(2) + "/compare/" + base.ref() + "..." + tested.ref();
            return "<a id=\"diff-link\" href=\"" + esc(url) + "\" rel=\"noopener noreferrer\">" + esc(base.ref() + "..." + tested.ref())
                    + "</a>";
        }
        return esc("git diff " + base.ref() + " " + tested.ref() + " (base in " + base.repo() + ", tested in " + tested.repo() + ")");
    }

    private static String tasks(Data d) {
        List<List<String>> rows = new ArrayList<>();
        for (Rows.Task k : d.tasks()) {
            Rows.Worker w = d.workers().get(k.workerId());
            String worker = w == null ? "#" + k.workerId() : w.machine() + " #" + k.workerId();
            String machine = w == null ? "" : d.machines().getOrDefault(w.tokenId(), "");
            rows.add(List.of(String.valueOf(k.id()), esc(worker) + (machine.isEmpty() ? "" : " <span class=\"of\">" + esc(machine)
                    + "</span>"), k.firstPair() + "–" + (k.firstPair() + k.pairCount() - 1), esc(k.state()),
                    String.valueOf(k.counts().games()), esc(Figures.wdl(k.counts())),
                    String.valueOf(d.facts().crashes().getOrDefault(k.id(), 0)),
                    String.valueOf(d.facts().timeLosses().getOrDefault(k.id(), 0)), esc(residual(k)),
                    esc(Html.time(k.updated()))));
        }
        return "<h2>Tasks</h2>" + Html.table("tasks-table", List.of("Task", "Worker", "Pairs", "State", "Games", "W – D – L",
                "Crashes", "Time losses", "Residual", "Updated (UTC)"), rows, "No task yet.");
    }

    /**
     * A task's residual against the other tasks of its test (fishtest's chi-square check of bad
     * workers, issue 34's third part): "–" until that check is here.
     */
    static String residual(Rows.Task task) {
        return "–";
    }

    private static String games(Wire.TestView t, GameFacts.Facts f) {
        StringBuilder sb = new StringBuilder("<h2>Games</h2><p><a id=\"pdn-link\" href=\"/api/tests/" + t.id()
                + "/pdn\" download>Download the PDN</a> (every game; those after the stop tagged [Counted \"after stop\"])</p>");
        List<List<String>> rows = new ArrayList<>();
        for (GameFacts.Game g : f.latest()) {
            rows.add(List.of("<span class=\"game\" data-game=\"/api/tests/" + t.id() + "/games/" + g.number() + "\" data-id=\""
                    + g.number() + "\">" + g.number() + "</span>", esc(g.white()), esc(g.black()), esc(g.result()), esc(g.termination())));
        }
        sb.append(Html.table("games-table", List.of("Game", "White", "Black", "Result", "Termination"), rows, "No game yet."));
        return sb.append("<p class=\"note\">Click a game to replay it.</p>").toString();
    }

    /** The dashboard's game viewer, its elements as viewer.js finds them. */
    private static String viewer() {
        return "<section id=\"viewer-section\" hidden><h2 id=\"viewer-title\">Game</h2><div id=\"viewer-board\" class=\"board\"></div>"
                + "<div id=\"viewer-ply\" class=\"board\"></div><div class=\"controls\">"
                + "<button id=\"viewer-first\" title=\"start\">|&lt;</button><button id=\"viewer-back\" title=\"back one ply\">&lt;</button>"
                + "<button id=\"viewer-play\">play</button><button id=\"viewer-forward\" title=\"forward one ply\">&gt;</button>"
                + "<button id=\"viewer-last\" title=\"end\">&gt;|</button></div></section>";
    }
}

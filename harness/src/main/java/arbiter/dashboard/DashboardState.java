package arbiter.dashboard;

import arbiter.config.RunConfig;
import arbiter.game.Games;
import arbiter.game.Rules;
import arbiter.play.GameTask;
import arbiter.play.PlayedGame;
import arbiter.play.PlayedMove;
import arbiter.results.MatchReading;
import arbiter.results.MatchVerdict;
import arbiter.results.Scoreboard;
import arbiter.stats.Elo;
import arbiter.stats.MatchStats;
import arbiter.stats.PlayerRating;
import arbiter.stats.Ratings;
import arbiter.stats.Sprt;
import arbiter.stats.SprtEstimate;
import arbiter.pdn.PdnWriter;
import arbiter.tournament.ConsoleText;
import arbiter.tournament.RunListener;
import arbiter.tournament.RunReports;
import arbiter.tournament.Tournament;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * What the dashboard shows. Events (coordinator thread) only record facts under the lock; {@link #refresh}
 * (the dashboard's thread) copies them and computes ratings, the match block and the JSON.
 */
final class DashboardState {
    /**
     * No bootstrap for the live error bars: the likelihood's curvature gives them at a cost that does
     * not grow with the games (once the run has ended, the page shows the report's bootstrap).
     */
    private static final int BOOTSTRAP = 0;
    private static final int FINISHED_SHOWN = 20;
    /** Games in progress sent to the page (it draws 8 boards); a cluster may play hundreds at once. */
    private static final int LIVE_SHOWN = 12;
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Points of the Elo-over-games and LLR-over-games series at most (thinned as the run goes on, see {@link Thinned}). */
    static final int SERIES_POINTS = 200;

    /** A game in progress; {@code task} is kept until its position is known (the first refresh that shows it). */
    private record Live(int id, String white, String black, String worker, String position, int plies, String last,
                        GameTask task) {
    }

    private record Finished(int id, String white, String black, String result, String termination) {
    }

    private final Object lock = new Object();
    private final AtomicBoolean dirty = new AtomicBoolean(true);
    private RunConfig config;
    /** By player, the name and version its engine gave at the run's pre-flight (RunStart.engines). */
    private Map<String, String> ownNames = Map.of();
    private Rules rules;
    private int total;
    private int resumed;
    private long startNanos = System.nanoTime();
    private Instant startedAt = Instant.now();
    /** This session's games lost on time, by a crash, an illegal move or a stall, per player. */
    private final Losses losses = new Losses();
    private int playedHere;
    /**
     * The run's scoreboard as games finish (a copy of the coordinator's at the start, then fed the same
     * games), so a refresh costs the same after 100 games or a million and shows the figures the
     * console and the report show.
     */
    private Scoreboard board;
    private final Map<Integer, Live> live = new LinkedHashMap<>();
    private final Deque<Finished> finished = new ArrayDeque<>();
    private boolean ended;
    private String stopReason;
    private volatile boolean staysAfterRun;
    private Supplier<List<Map<String, Object>>> workers;
    private final List<String> tuneNames = new ArrayList<>();
    private final List<double[]> tuneSteps = new ArrayList<>();

    /** Computed on the refresh thread only. */
    private final Thinned llrHistory = new Thinned(SERIES_POINTS);
    private final Thinned eloHistory = new Thinned(SERIES_POINTS);
    private List<String> eloSeries = List.of();
    private long lastWorkersRefresh;

    void workers(Supplier<List<Map<String, Object>>> supplier) {
        this.workers = supplier;
    }

    void runStarted(RunListener.RunStart start) {
        synchronized (lock) {
            config = start.config();
            ownNames = start.tally() == null ? Map.of() : new java.util.LinkedHashMap<>(start.tally().engines());
            rules = Games.rules(config.game().variant(), config.game().rules());
            total = start.tasks().size();
            resumed = start.resumed();
            board = start.scoreboard().copy();
            live.clear();
            playedHere = 0;
            startNanos = System.nanoTime();
            startedAt = Instant.now();
            losses.clear();
            ended = false;
            stopReason = null;
        }
        llrReset = true;
        dirty.set(true);
    }

    private volatile boolean llrReset;

    /** Records the game only; its board (the opening replayed) is drawn at the next refresh, if still playing. */
    void gameStarted(GameTask task, String worker) {
        synchronized (lock) {
            live.put(task.id(), new Live(task.id(), task.white(), task.black(), worker, null, task.opening().moves().size(), null, task));
        }
        dirty.set(true);
    }

    /** {@code ply}: the game's ply after the move (0 when not known: then one more than the last one seen). */
    void moveMade(GameTask task, PlayedMove move, String position, int ply) {
        synchronized (lock) {
            Live l = live.get(task.id());
            if (l != null) {
                live.put(task.id(), new Live(l.id(), l.white(), l.black(), l.worker(), position, ply > 0 ? ply : l.plies() + 1,
                        move.text(), null));
            }
        }
        dirty.set(true);
    }

    void gameFinished(RunListener.GameEnd end) {
        PlayedGame g = end.game();
        GameTask t = g.task();
        synchronized (lock) {
            live.remove(t.id());
            board.add(t.white(), t.black(), g.result(), t.pair());
            playedHere++;
            losses.add(g);
            // the console's line of the game: the record's result token (draughts 2-0, 1-1) and fastchess's words
            finished.addFirst(new Finished(t.id(), t.white(), t.black(), PdnWriter.resultToken(g.result(), rules.family()),
                    ConsoleText.annotation(g, rules.family(), ConsoleText.Style.FASTCHESS)));
            while (finished.size() > FINISHED_SHOWN) {
                finished.removeLast();
            }
        }
        dirty.set(true);
    }

    void runEnded(Tournament.Summary summary) {
        synchronized (lock) {
            ended = true;
            stopReason = summary.stopReason();
            live.clear();
        }
        dirty.set(true);
    }

    void staysAfterRun(boolean stays) {
        staysAfterRun = stays;
        dirty.set(true);
    }

    void tuneStep(int step, List<String> names, double[] values) {
        synchronized (lock) {
            if (!tuneNames.equals(names)) {
                tuneNames.clear();
                tuneNames.addAll(names);
                tuneSteps.clear();
            }
            double[] row = new double[values.length + 1];
            row[0] = step;
            System.arraycopy(values, 0, row, 1, values.length);
            tuneSteps.add(row);
        }
        dirty.set(true);
    }

    /** The state as JSON when something changed since the last call (or the workers may have), else null. */
    ObjectNode refresh() {
        long now = System.nanoTime();
        boolean workersDue = workers != null && now - lastWorkersRefresh > 2_000_000_000L;
        if (!dirty.getAndSet(false) && !workersDue) {
            return null;
        }
        lastWorkersRefresh = now;
        return json();
    }

    /** The state now, computed from a copy of what the events recorded. */
    ObjectNode json() {
        RunConfig c;
        Scoreboard sb;
        List<Live> ls;
        int playing;
        Rules rl;
        List<Finished> fs;
        int tot;
        int res;
        int here;
        long since;
        boolean over;
        String stop;
        List<String> tn;
        List<double[]> ts;
        Instant started;
        Losses lost;
        Map<String, String> own;
        synchronized (lock) {
            own = ownNames;
            started = startedAt;
            lost = losses.copy();
            c = config;
            sb = board == null ? null : board.copy();
            ls = live.values().stream().limit(LIVE_SHOWN).toList();
            playing = live.size();
            rl = rules;
            fs = new ArrayList<>(finished);
            tot = total;
            res = resumed;
            here = playedHere;
            since = startNanos;
            over = ended;
            stop = stopReason;
            tn = new ArrayList<>(tuneNames);
            ts = new ArrayList<>(tuneSteps);
        }
        ObjectNode root = JSON.createObjectNode();
        root.put("name", c == null ? "" : c.name());
        root.put("variant", c == null ? "" : c.game().variant());
        int games = sb == null ? 0 : sb.games();
        root.put("schedule", c == null ? "" : c.schedule().type().id());
        root.put("total", tot);
        root.put("done", games);
        root.put("resumed", res);
        double minutes = (System.nanoTime() - since) / 60e9;
        double rate = minutes > 0 && here > 0 ? here / minutes : 0;
        root.put("gamesPerMinute", rate);
        if (rate > 0 && !over) {
            root.put("etaSeconds", (long) ((tot - games) / rate * 60));
        } else {
            root.putNull("etaSeconds");
        }
        root.put("startedAt", started.truncatedTo(ChronoUnit.SECONDS).toString());
        root.put("elapsedSeconds", (System.nanoTime() - since) / 1_000_000_000L);
        root.put("ended", over);
        root.put("stopReason", stop);
        root.put("staysAfterRun", staysAfterRun);
        if (llrReset) {
            llrHistory.clear();
            eloHistory.clear();
            eloSeries = List.of();
            llrReset = false;
        }
        if (c != null) {
            RunFacts.conditions(root, c);
            RunFacts.engines(root, c, own);
            lost.write((ArrayNode) root.get("engines"));
            ratings(root, c, sb, over);
            match(root, sb, tot > 0 && games >= tot);
        }
        if (sb != null && sb.sprt() != null) {
            llrHistory.write(root.putArray("llr"), -1);
        } else {
            root.putNull("llr"); // no SPRT: no LLR to chart
        }
        ObjectNode eh = root.putObject("eloHistory");
        ArrayNode sn = eh.putArray("series");
        eloSeries.forEach(sn::add);
        eloHistory.write(eh.putArray("points"), 2);
        root.put("playing", playing);
        ArrayNode lv = root.putArray("live");
        for (Live l : ls) {
            if (l.position() == null && l.task() != null) {
                l = new Live(l.id(), l.white(), l.black(), l.worker(), openingPosition(rl, l.task()), l.plies(), l.last(), null);
                remember(l);
            }
            ObjectNode n = lv.addObject();
            n.put("id", l.id()).put("white", l.white()).put("black", l.black()).put("worker", l.worker())
                    .put("position", l.position()).put("plies", l.plies()).put("last", l.last());
        }
        ArrayNode fn = root.putArray("finished");
        for (Finished f : fs) {
            fn.addObject().put("id", f.id()).put("white", f.white()).put("black", f.black()).put("result", f.result())
                    .put("termination", f.termination());
        }
        ArrayNode ws = root.putArray("workers");
        if (workers != null) {
            for (Map<String, Object> w : workers.get()) {
                ws.add(JSON.valueToTree(w));
            }
        }
        ObjectNode tune = root.putObject("tune");
        ArrayNode names = tune.putArray("names");
        tn.forEach(names::add);
        ArrayNode steps = tune.putArray("steps");
        for (double[] row : ts) {
            ArrayNode r = steps.addArray();
            for (double v : row) {
                r.add(v);
            }
        }
        return root;
    }

    private static String openingPosition(Rules rules, GameTask task) {
        try {
            return task.opening().replay(rules).current().toText();
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** Keeps a position computed at refresh, unless the game has moved or finished meanwhile. */
    private void remember(Live computed) {
        synchronized (lock) {
            Live now = live.get(computed.id());
            if (now != null && now.task() != null) {
                live.put(computed.id(), computed);
            }
        }
    }

    /** The final rating list (bootstrap, as the report's) and the games it was computed at. */
    private Ratings finalRatings;
    private int finalGames = -1;

    /**
     * The rating list: by the likelihood's curvature while the run plays; once it has ended, by the
     * report's bootstrap (its samples and seed), computed once, so the last page shows the report's
     * figures.
     */
    private void ratings(ObjectNode root, RunConfig c, Scoreboard sb, boolean over) {
        ArrayNode table = root.putArray("ratings");
        if (sb.counts().totalGames() == 0) {
            return;
        }
        Ratings ratings;
        try {
            if (over) {
                if (finalRatings == null || finalGames != sb.games()) {
                    finalRatings = sb.ratings(c.anchors(), RunReports.BOOTSTRAP, c.seed(), Scoreboard.ratingModel(c));
                    finalGames = sb.games();
                }
                ratings = finalRatings;
            } else {
                ratings = sb.ratings(c.anchors(), BOOTSTRAP, c.seed(), Scoreboard.ratingModel(c));
            }
        } catch (RuntimeException e) {
            return; // e.g. games that cannot be rated yet: the table fills at the next refresh
        }
        root.put("ratingsError", over ? "95% bootstrap" : "95% curvature");
        if (!c.schedule().match()) {
            // Elo over games: each player's rating, the players in config order (at most 8 lines on the chart)
            List<String> names = c.players().stream().map(RunConfig.PlayerConfig::name).limit(8).toList();
            if (!names.equals(eloSeries)) {
                eloHistory.clear();
                eloSeries = names;
            }
            double[] values = new double[names.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = Double.NaN;
                for (PlayerRating p : ratings.players()) {
                    if (p.name().equals(names.get(i)) && p.games() > 0) {
                        values[i] = p.rating();
                    }
                }
            }
            eloHistory.offer(sb.games(), values);
        }
        int rank = 0;
        for (PlayerRating p : ratings.players()) {
            if (p.games() == 0) {
                continue;
            }
            table.addObject().put("rank", ++rank).put("name", p.name()).put("elo", p.rating()).put("error", p.error())
                    .put("games", p.games()).put("score", p.score()).put("draws", p.games() == 0 ? 0 : (double) p.draws() / p.games());
        }
    }

    /**
     * The match block, in the reading the report's match block prints ({@link MatchReading}): the same
     * Elo and "+-" with its kind, "all won"/"all lost" with the bound instead of clamp values, the SPRT
     * only when the run has one, and after its stop fishtest's median-unbiased estimate.
     */
    private void match(ObjectNode root, Scoreboard sb, boolean capReached) {
        MatchVerdict v = sb.verdict();
        if (v == null) {
            root.putNull("match");
            return;
        }
        ObjectNode m = root.putObject("match");
        m.put("a", v.player()).put("b", v.opponent()).put("w", v.wins()).put("d", v.draws()).put("l", v.losses());
        ArrayNode pn = m.putArray("pentanomial");
        for (long x : v.pentanomial()) {
            pn.add(x);
        }
        if (v.games() == 0) {
            return;
        }
        MatchReading reading = MatchReading.of(v, capReached);
        MatchStats stats = v.stats();
        m.put("statistics", stats.pentanomial() ? "pentanomial" : "trinomial");
        m.put("eloText", reading.eloText()).put("eloErrorText", reading.errorText())
                .put("errorKind", reading.errorKind());
        finite(m, "los", stats.los());
        if (reading.perfect() != null) {
            m.put("perfect", reading.perfect()).put("eloBound", reading.bound());
        } else {
            finite(m, "elo", stats.elo());
            finite(m, "eloError", stats.eloError());
            finite(m, "nElo", stats.nElo());
            finite(m, "nEloError", stats.nEloError());
        }
        finite(m, "drawRatio", stats.drawRatio());
        m.put("drawRatioKind", MatchReading.drawRatioKind(stats));
        if (v.paired()) {
            // the pair ratio: pairs won (WW, WD) over pairs lost (LL, LD)
            long[] p = v.pentanomial();
            m.put("pairs", p[0] + p[1] + p[2] + p[3] + p[4]);
            finite(m, "pairRatio", p[0] + p[1] == 0 ? Double.NaN : (double) (p[3] + p[4]) / (p[0] + p[1]));
        }
        List<String> series = List.of(v.player());
        if (!series.equals(eloSeries)) {
            eloHistory.clear();
            eloSeries = series;
        }
        if (reading.perfect() == null && Double.isFinite(stats.elo()) && Double.isFinite(stats.eloError())) {
            // the band is the page's Elo +- its error; with an interval end at the clamp (its score beyond 0.999 or
            // 0.001) it is no figure: a gap in the band, never 1199.83
            boolean clamped = Elo.atClamp(stats.eloLow()) || Elo.atClamp(stats.eloHigh());
            eloHistory.offer(v.games(), stats.elo(), clamped ? Double.NaN : stats.elo() - stats.eloError(),
                    clamped ? Double.NaN : stats.elo() + stats.eloError());
        }
        Sprt sprt = v.sprt();
        if (sprt == null) {
            return;
        }
        Sprt.Result r = v.sprtResult();
        ObjectNode s = m.putObject("sprt");
        s.put("elo0", sprt.elo0()).put("elo1", sprt.elo1()).put("alpha", sprt.alpha()).put("beta", sprt.beta())
                .put("model", sprt.model().label()).put("llr", r.llr());
        s.putObject("lower").put("label", "H0").put("llr", r.lower());
        s.putObject("upper").put("label", "H1").put("llr", r.upper());
        finite(s, "percent", reading.llrPercent());
        s.put("toward", reading.toward()).put("status", reading.status());
        if (reading.unbiased() != null) {
            ObjectNode u = s.putObject("unbiased");
            SprtEstimate.Estimate e = reading.unbiased();
            // an end at fishtest's search limit is no estimate: null, and "> 1000" in the text
            unbiased(u, "elo", e.elo());
            unbiased(u, "low", e.ciLower());
            unbiased(u, "high", e.ciUpper());
            finite(u, "los", e.los());
            u.put("eloText", reading.unbiasedElo()).put("intervalText", reading.unbiasedInterval());
        }
        // the flat fields the page script reads today (the same values as sprt.*)
        m.put("elo0", sprt.elo0()).put("elo1", sprt.elo1()).put("llr", r.llr()).put("lower", r.lower())
                .put("upper", r.upper()).put("verdict", reading.status());
        if (Double.isFinite(r.llr())) {
            llrHistory.offer(v.games(), r.llr());
        }
    }

    private static void unbiased(ObjectNode node, String key, double elo) {
        finite(node, key, MatchReading.atSearchLimit(elo) ? Double.NaN : elo);
    }

    /** A number, or null when it is none (JSON has no NaN): e.g. the figures of a match with undecided games only. */
    private static void finite(ObjectNode node, String key, double value) {
        if (Double.isFinite(value)) {
            node.put(key, value);
        } else {
            node.putNull(key);
        }
    }
}

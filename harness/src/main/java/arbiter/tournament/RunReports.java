package arbiter.tournament;

import arbiter.config.RunConfig;
import arbiter.config.RunConfig.PlayerConfig;
import arbiter.game.Games;
import arbiter.game.Rules;
import arbiter.io.OwnFiles;
import arbiter.pdn.GameRecord;
import arbiter.play.Adjudication;
import arbiter.play.GameTask;
import arbiter.play.TimeLimits;
import arbiter.report.RatingReport;
import arbiter.results.MatchReading;
import arbiter.results.MatchVerdict;
import arbiter.results.Scoreboard;
import arbiter.report.RunReport;
import arbiter.report.SvgChart;
import arbiter.report.Table;
import arbiter.stats.MatchStats;
import arbiter.stats.Ratings;
import arbiter.stats.Sprt;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The report of a run, built from what the run recorded ({@code games.pdn} and {@code state.json}),
 * so a resumed or extended run reports all its games, not just this session's: the conditions,
 * the players, the match block with its SPRT, the rating list, crosstable, head-to-head, LOS
 * matrix, terminations per player, time/depth/nodes per move, and the charts. Written as
 * {@code report.md|tex|html|json}, one CSV per section and one SVG per chart.
 */
public final class RunReports {
    /** Bootstrap samples for the error bars: enough for stable bars, cheap for small runs (the ended page's too). */
    public static final int BOOTSTRAP = 400;
    /** Points of the LLR chart: between this and twice this for a long SPRT (thinned evenly; the last point kept). */
    private static final int LLR_POINTS = 1000;
    private static final ObjectMapper JSON = new ObjectMapper();

    private RunReports() {
    }

    /** The version that wrote the report: the jar's, or "development build" when run from classes. */
    public static String version() {
        String v = RunReports.class.getPackage().getImplementationVersion();
        return v == null ? "development build" : v;
    }

    /**
     * Writes every report file into the run's folder, from the tally of all its games (those of
     * earlier sessions included: the run read them back when it resumed).
     */
    static RunReport write(RunConfig config, List<GameTask> tasks, ReportTally tally, String stopReason)
            throws IOException {
        Path dir = config.output();
        String created = null;
        Path state = dir.resolve("state.json");
        if (Files.exists(state)) {
            JsonNode c = JSON.readTree(Files.readString(state)).get("created");
            created = c == null ? null : c.asText();
        }
        RunReport report = build(config, tasks, tally, created, Instant.now(), stopReason);
        OwnFiles.replace(dir.resolve("report.md"), report.markdown());
        OwnFiles.replace(dir.resolve("report.tex"), report.latex());
        OwnFiles.replace(dir.resolve("report.html"), report.html());
        OwnFiles.replace(dir.resolve("report.json"), report.json());
        for (Map.Entry<String, String> csv : report.csvFiles().entrySet()) {
            OwnFiles.replace(dir.resolve(csv.getKey()), csv.getValue());
        }
        for (RunReport.Chart c : report.charts()) {
            OwnFiles.replace(dir.resolve("report-" + c.id() + ".svg"), c.svg());
        }
        return report;
    }

    /**
     * The report of {@code games} (the run's records, in file order).
     *
     * @param created when the run was first started (state.json), or null
     * @param stopReason why the run stopped early, or null
     */
    public static RunReport build(RunConfig config, List<GameTask> tasks, Iterable<GameRecord> games, String created,
                                  Instant now, String stopReason) {
        ReportTally t = new ReportTally(config, Games.rules(config.game().variant(), config.game().rules()), tasks);
        for (GameRecord g : games) {
            t.add(g);
        }
        return build(config, tasks, t, created, now, stopReason);
    }

    /** The report of the games in {@code t}. */
    static RunReport build(RunConfig config, List<GameTask> tasks, ReportTally t, String created, Instant now,
                           String stopReason) {
        List<String> order = t.order;
        List<RunReport.Section> sections = new ArrayList<>();
        sections.add(conditions(config, tasks.size(), t.games, t.timeForfeits, created, now, stopReason));
        sections.add(new RunReport.Section("players", players(config, t.engines)));
        MatchVerdict verdict = t.games > 0 ? t.scoreboard.verdict() : null;
        if (verdict != null) {
            sections.add(matchBlock(MatchReading.of(verdict, t.games >= tasks.size())));
        }
        List<RunReport.Chart> charts = new ArrayList<>();
        if (t.games > 0) {
            Ratings ratings = t.scoreboard.ratings(config.anchors(), BOOTSTRAP, config.seed(), Scoreboard.ratingModel(config));
            sections.add(new RunReport.Section("ratings", RatingReport.ratingTable(ratings)));
            sections.add(new RunReport.Section("crosstable", RatingReport.crosstable(ratings)));
            sections.add(new RunReport.Section("head-to-head", RatingReport.headToHead(ratings, order)));
            sections.add(new RunReport.Section("los", RatingReport.losMatrix(ratings)));
            charts.add(new RunReport.Chart("ratings", "Ratings with their 95% intervals", SvgChart.ratings(ratings)));
        }
        sections.add(new RunReport.Section("terminations", terminations(t)));
        sections.add(new RunReport.Section("moves", moves(t)));
        sections.add(RatingReport.errorKinds());
        if (verdict != null && t.llr != null) {
            Sprt.Result r = verdict.sprtResult();
            charts.add(new RunReport.Chart("llr", "SPRT log-likelihood ratio over games, with the bounds of H0 and H1",
                    SvgChart.llr(t.llr.points(t.scoreboard), r.lower(), r.upper())));
        }
        return new RunReport(config.name(), sections, charts);
    }

    private static RunReport.Section conditions(RunConfig c, int scheduled, int played, int timeForfeits, String created,
                                                Instant now, String stopReason) {
        List<String[]> items = new ArrayList<>();
        items.add(new String[] {"name", "Run", c.name()});
        JsonNode description = c.json() == null ? null : c.json().get("description");
        if (description != null && description.isTextual()) {
            items.add(new String[] {"description", "Description", description.asText()});
        }
        items.add(new String[] {"started", "Started", created == null ? "-" : seconds(created)});
        items.add(new String[] {"reported", "Reported", now.truncatedTo(ChronoUnit.SECONDS).toString()});
        items.add(new String[] {"game", "Game", c.game().variant()});
        items.add(new String[] {"rules", "Rule overrides", c.game().rules().isEmpty() ? "none" : join(c.game().rules())});
        items.add(new String[] {"schedule", "Schedule", schedule(c)});
        items.add(new String[] {"openings", "Openings", openings(c.openings())});
        items.add(new String[] {"limits", "Limits", runLimits(c)});
        items.add(new String[] {"adjudication", "Adjudication", adjudication(c.adjudication())});
        items.add(new String[] {"concurrency", "Concurrency", c.concurrency() + " games at once"});
        items.add(new String[] {"cores", "Cores", Integer.toString(Runtime.getRuntime().availableProcessors())});
        items.add(new String[] {"cpu", "CPU", cpuModel(Path.of("/proc/cpuinfo"))});
        MachineLoad load = MachineLoad.now();
        items.add(new String[] {"load", "Machine load", load == null ? "unknown (no " + MachineLoad.LOADAVG + ")"
                : load.describe() + " when reported" + (load.overloaded() ? ": overloaded" : "")});
        items.add(new String[] {"time_forfeits", "Time forfeits", timeForfeits + " of " + played + " games"
                + (timeForfeits > 0 && load != null && load.overloaded()
                        ? ", on an overloaded machine: some may be the machine's, not the engines'" : "")});
        items.add(new String[] {"seed", "Seed", Long.toString(c.seed())});
        items.add(new String[] {"games", "Games played", Integer.toString(played)});
        items.add(new String[] {"scheduled", "Games scheduled", Integer.toString(scheduled)});
        if (stopReason != null) {
            items.add(new String[] {"stopped", "Stopped", stopReason});
        }
        items.add(new String[] {"version", "Arbiter", version()});
        items.add(new String[] {"java", "Java", System.getProperty("java.version")});
        return RunReport.Section.items("conditions", "Conditions", items);
    }

    private static String seconds(String instant) {
        try {
            return Instant.parse(instant).truncatedTo(ChronoUnit.SECONDS).toString();
        } catch (java.time.format.DateTimeParseException e) {
            return instant;
        }
    }

    /** The schedule as the report (and the page) words it, with its SPRT. */
    public static String schedule(RunConfig c) {
        RunConfig.Schedule s = c.schedule();
        StringBuilder sb = new StringBuilder(s.type().id());
        switch (s.type()) {
            case MATCH -> sb.append(": ").append(s.players().get(0)).append(" vs ").append(s.players().get(1))
                    .append(", ").append(s.games()).append(s.sprt() != null ? " games at most" : " games");
            case GAUNTLET -> sb.append(": ").append(String.join(", ", s.players())).append(" against every other player, ")
                    .append(s.rounds()).append(s.rounds() == 1 ? " round" : " rounds");
            case ROUND_ROBIN -> sb.append(", ").append(s.rounds()).append(s.rounds() == 1 ? " round" : " rounds");
        }
        RunConfig.Sprt sprt = s.sprt();
        if (sprt != null) {
            sb.append(String.format(Locale.ROOT, "; SPRT elo0 %s, elo1 %s, alpha %s, beta %s (%s)", num(sprt.elo0()),
                    num(sprt.elo1()), num(sprt.alpha()), num(sprt.beta()), Sprt.Model.of(sprt.normalized()).label()));
        }
        return sb.toString();
    }

    /** The openings as the report (and the page) words them. */
    public static String openings(RunConfig.Openings o) {
        StringBuilder sb = new StringBuilder(o.file() == null ? "the start position" : o.file().getFileName().toString());
        if (o.file() != null) {
            sb.append(" (").append(o.order()).append(" order)");
        }
        if (o.randomPlies() > 0) {
            sb.append(", then ").append(o.randomPlies()).append(" random plies");
        }
        sb.append(o.pairs() ? "; each played twice, colours reversed" : "; single games");
        return sb.toString();
    }

    /** The run's limits; when every player has its own (as `match` writes them), theirs: one if all agree. */
    public static String runLimits(RunConfig c) {
        java.util.Set<String> own = new java.util.LinkedHashSet<>();
        for (RunConfig.PlayerConfig p : c.players()) {
            if (p.limits() == null) {
                return limits(c.limits());
            }
            own.add(limits(p.limits()));
        }
        return own.size() == 1 ? own.iterator().next() : "each player's own (see the players)";
    }

    /**
     * Every limit of a time control: depth, nodes, move time, clock, and the margin past the clock
     * or move time an engine may take before it forfeits (only when there is a clock or move time).
     */
    public static String limits(TimeLimits l) {
        if (l == null) {
            return "the run's";
        }
        String d = l.describe();
        if (l.hasClock() || l.moveTimeMs() > 0) {
            d += " margin=" + l.marginMs() + "ms";
        }
        return d.isEmpty() ? "none" : d;
    }

    /**
     * The machine's processor: the first "model name" of {@code cpuinfo} (Linux's /proc/cpuinfo),
     * else the JVM's os.arch (another system, or no model name, as on some ARM kernels).
     */
    static String cpuModel(Path cpuinfo) {
        try {
            for (String line : Files.readAllLines(cpuinfo)) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).strip().equals("model name")) {
                    String model = line.substring(colon + 1).strip().replaceAll("\\s+", " ");
                    if (!model.isEmpty()) {
                        return model;
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or not readable: the architecture is all we know
        }
        return System.getProperty("os.arch") + " (model unknown)";
    }

    /** The adjudication rules as the report (and the page) words them. */
    public static String adjudication(Adjudication a) {
        if (a == null) {
            return "none";
        }
        List<String> parts = new ArrayList<>();
        if (a.drawMoves() > 0) {
            parts.add("draw when both |score| <= " + a.drawScore() + " for " + a.drawMoves() + " moves after ply "
                    + a.drawMinPlies());
        }
        if (a.resignMoves() > 0) {
            parts.add("resign when an engine's score is <= -" + a.resignScore() + " for " + a.resignMoves() + " moves"
                    + (a.resignTwoSided() ? " and its opponent's >= " + a.resignScore() : ""));
        }
        if (a.maxPlies() > 0) {
            parts.add("draw after " + a.maxPlies() + " plies");
        }
        return parts.isEmpty() ? "none" : String.join("; ", parts);
    }

    /**
     * A player's engine as the report (and the page) words it: built-in, or the name and version the
     * engine gave itself ({@code own}, null when none) with its protocol and command, e.g.
     * {@code Stockfish 15.1 (uci: /usr/games/stockfish)}.
     */
    public static String engine(PlayerConfig p, String own) {
        if (!p.external()) {
            return p.engine() + " (built-in)";
        }
        String how = p.protocol() + (p.command().isEmpty() ? " (already running)" : ": " + String.join(" ", p.command()));
        return own == null ? how : own + " (" + how + ")";
    }

    private static Table players(RunConfig c, Map<String, String> engines) {
        List<Table.Column> cols = List.of(new Table.Column("Player", "player", false),
                new Table.Column("Engine", "engine", false), new Table.Column("Options", "options", false),
                new Table.Column("Weights", "weights", false), new Table.Column("Limits", "limits", false));
        List<List<String>> rows = new ArrayList<>();
        for (PlayerConfig p : c.players()) {
            String engine = engine(p, engines.get(p.name()));
            rows.add(List.of(p.name(), engine, p.options() == null || p.options().isEmpty() ? "-" : join(p.options()),
                    p.weights() == null || p.weights().isEmpty() ? "-" : join(p.weights()),
                    p.limits() == null ? limits(c.limits()) + " (the run's)" : limits(p.limits())));
        }
        return new Table("Players", cols, rows, List.of());
    }

    /**
     * The match block: the schedule's first player against its second, as the console's match lines,
     * in the reading the page shows ({@link MatchReading}).
     */
    private static RunReport.Section matchBlock(MatchReading reading) {
        MatchVerdict v = reading.verdict();
        MatchStats m = v.stats();
        long[] penta = v.pentanomial();
        boolean paired = m.pentanomial();
        List<String[]> items = new ArrayList<>();
        items.add(new String[] {"player", "Player", v.player()});
        items.add(new String[] {"opponent", "Opponent", v.opponent()});
        items.add(new String[] {"games", "Games", Long.toString(v.games())});
        items.add(new String[] {"wins", "Wins", Long.toString(v.wins())});
        items.add(new String[] {"draws", "Draws", Long.toString(v.draws())});
        items.add(new String[] {"losses", "Losses", Long.toString(v.losses())});
        if (paired) {
            items.add(new String[] {"pentanomial", "Pentanomial [LL, LD, WL+DD, WD, WW]",
                    "[" + penta[0] + ", " + penta[1] + ", " + penta[2] + ", " + penta[3] + ", " + penta[4] + "]"});
        }
        items.add(new String[] {"statistics", "Statistics", paired ? "pentanomial (game pairs)" : "trinomial (games)"});
        items.add(new String[] {"score_pct", "Score%", f(100 * m.score(), 1)});
        boolean perfect = reading.perfect() != null;
        boolean unbiased = reading.unbiased() != null;
        items.add(new String[] {"elo", unbiased ? "Elo (plain estimate, biased by the SPRT's stop)" : "Elo",
                reading.eloText()});
        items.add(new String[] {"elo_error", "Elo \u00b1 " + reading.errorKind(), reading.errorText()});
        if (unbiased) {
            items.add(new String[] {"elo_unbiased", "Elo, median-unbiased after the SPRT stop (fishtest)",
                    reading.unbiasedElo()});
            items.add(new String[] {"elo_unbiased_interval", "Elo 95% interval, median-unbiased (fishtest)",
                    reading.unbiasedInterval()});
        }
        items.add(new String[] {"los_pct", "LOS%", f(100 * m.los(), 1)});
        items.add(new String[] {"draw_ratio_pct", "Draw ratio% (" + MatchReading.drawRatioKind(m) + ")",
                f(100 * m.drawRatio(), 1)});
        // a perfect score has no spread, so its normalized Elo divides by zero: no finite figure
        items.add(new String[] {"nelo", "nElo", perfect ? reading.perfect() : f(m.nElo(), 2)});
        items.add(new String[] {"nelo_error", "nElo \u00b1 " + reading.errorKind(), perfect ? "-" : f(m.nEloError(), 2)});
        Sprt sprt = v.sprt();
        if (sprt != null) {
            Sprt.Result r = v.sprtResult();
            items.add(new String[] {"sprt", "SPRT", String.format(Locale.ROOT, "elo0 %s, elo1 %s, alpha %s, beta %s (%s)",
                    num(sprt.elo0()), num(sprt.elo1()), num(sprt.alpha()), num(sprt.beta()), sprt.model().label())});
            items.add(new String[] {"llr", "LLR", f(r.llr(), 3)});
            items.add(new String[] {"llr_lower", "LLR lower bound (H0)", f(r.lower(), 3)});
            items.add(new String[] {"llr_upper", "LLR upper bound (H1)", f(r.upper(), 3)});
            items.add(new String[] {"llr_progress", "LLR progress", reading.llrProgress()});
            items.add(new String[] {"verdict", "Verdict", reading.status()});
        }
        return RunReport.Section.items("match", "Match: " + v.player() + " vs " + v.opponent() + " (from "
                + v.player() + "'s side)", items);
    }

    /** W/D/L of each player by how its games ended (the Termination tag). */
    private static Table terminations(ReportTally tally) {
        Map<String, TreeMap<String, int[]>> byPlayer = tally.terminations;
        List<List<String>> rows = new ArrayList<>();
        for (Map.Entry<String, TreeMap<String, int[]>> p : byPlayer.entrySet()) {
            for (Map.Entry<String, int[]> t : p.getValue().entrySet()) {
                int[] wdl = t.getValue();
                rows.add(List.of(p.getKey(), t.getKey(), Integer.toString(wdl[0] + wdl[1] + wdl[2]),
                        Integer.toString(wdl[0]), Integer.toString(wdl[1]), Integer.toString(wdl[2])));
            }
        }
        return new Table("Terminations (games of each player by how they ended, with its wins, draws and losses)",
                List.of(new Table.Column("Player", "player", false), new Table.Column("Termination", "termination", false),
                        new Table.Column("Games", "games", true), new Table.Column("W", "wins", true),
                        new Table.Column("D", "draws", true), new Table.Column("L", "losses", true)),
                rows, List.of("normal: the rules ended the game (no legal move, mate, repetition, ...); the others are "
                        + "the referee's: adjudication, time forfeit, illegal move, engine crash, ..."));
    }

    /** Per player: its moves' time, depth and nodes as the records' comments give them. */
    private static Table moves(ReportTally tally) {
        Map<String, double[]> sums = tally.moveSums;
        List<List<String>> rows = new ArrayList<>();
        for (Map.Entry<String, double[]> e : sums.entrySet()) {
            double[] s = e.getValue();
            rows.add(List.of(e.getKey(), Long.toString((long) s[0]), s[0] > 0 ? f(s[1] / s[0], 3) : "-",
                    s[0] > 0 ? f(s[2], 3) : "-", s[3] > 0 ? f(s[4] / s[3], 1) : "-",
                    s[5] > 0 ? Long.toString(Math.round(s[6] / s[5])) : "-",
                    s[5] > 0 && s[1] > 0 ? Long.toString(Math.round(s[6] / s[1])) : "-"));
        }
        return new Table("Moves (searched moves of each player: time, depth and nodes as the engines reported them)",
                List.of(new Table.Column("Player", "player", false), new Table.Column("Moves", "moves", true),
                        new Table.Column("Time/move (s)", "time_per_move_s", true),
                        new Table.Column("Max time (s)", "max_time_s", true),
                        new Table.Column("Depth", "depth", true), new Table.Column("Nodes/move", "nodes_per_move", true),
                        new Table.Column("Nodes/s", "nps", true)),
                rows, List.of("opening moves are not counted; depth and nodes average over the moves that reported them"));
    }

    /** The LLR after each game (trinomial) or each complete pair (pentanomial), in the order recorded. */
    static List<double[]> llrSeries(RunConfig config, Map<Integer, GameTask> byId, Iterable<GameRecord> games) {
        Scoreboard scoreboard = Scoreboard.of(config);
        LlrSeries series = new LlrSeries();
        int n = 0;
        for (GameRecord g : games) {
            GameTask t = byId.get(ReportTally.parseInt(g.tag("Game")));
            scoreboard.add(g.tag("White"), g.tag("Black"), g.result(), t == null ? -1 : t.pair());
            series.added(++n, scoreboard);
        }
        return series.points(scoreboard);
    }

    /**
     * The SPRT's LLR over the games, as the scoreboard's verdict gives it after each new sample (a
     * game, or a complete pair when paired), kept to at most {@code 2 * LLR_POINTS} points however long
     * the test: when full, every other point is dropped and the LLR is taken half as often.
     */
    static final class LlrSeries {
        private final List<double[]> points = new ArrayList<>();
        private int n;
        private long samples;
        private long stride = 1;
        private long plotted = -1;

        /** The scoreboard after the {@code n}-th game in log order. */
        void added(int n, Scoreboard scoreboard) {
            this.n = n;
            long now = scoreboard.matchSamples();
            if (now == samples) {
                return; // not a game of the match, or the first game of a pair
            }
            samples = now;
            if (samples % stride == 0) {
                point(scoreboard);
                if (points.size() >= 2 * LLR_POINTS) {
                    List<double[]> kept = new ArrayList<>();
                    for (int i = 1; i < points.size(); i += 2) {
                        kept.add(points.get(i));
                    }
                    points.clear();
                    points.addAll(kept);
                    stride *= 2;
                }
            }
        }

        private void point(Scoreboard scoreboard) {
            double llr = scoreboard.verdict().sprtResult().llr();
            if (Double.isFinite(llr)) {
                points.add(new double[] {n, llr});
                plotted = samples;
            }
        }

        /** The points, the last sample's always among them. */
        List<double[]> points(Scoreboard scoreboard) {
            if (samples > 0 && plotted != samples) {
                point(scoreboard);
            }
            return points;
        }
    }

    private static String join(Map<String, ?> m) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, ?> e : m.entrySet()) {
            sb.append(sb.length() == 0 ? "" : ", ").append(e.getKey()).append('=').append(
                    e.getValue() instanceof Double d ? num(d) : String.valueOf(e.getValue()));
        }
        return sb.toString();
    }

    private static String num(double x) {
        return x == Math.rint(x) && Math.abs(x) < 1e15 ? Long.toString((long) x) : Double.toString(x);
    }

    private static String f(double x, int digits) {
        if (Double.isNaN(x)) {
            return "-";
        }
        String s = String.format(Locale.ROOT, "%." + digits + "f", x);
        return s.matches("-0\\.0*") ? s.substring(1) : s;
    }
}

package arbiter.tournament;

import arbiter.config.RunConfig;
import arbiter.report.Format;
import arbiter.report.RatingReport;
import arbiter.stats.GameCounts;
import arbiter.stats.MatchStats;
import arbiter.stats.RatingList;
import arbiter.stats.RatingOptions;
import arbiter.stats.Ratings;
import arbiter.stats.Sprt;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The run's standings: a rating table with error bars for round robins and gauntlets; for a match,
 * W/D/L, pentanomial counts, Elo +- error, LOS and, with an SPRT, the LLR against its bounds. With
 * {@code anchors} in the config the rating table holds those players at their given Elo and rates
 * the others against them (a calibration); otherwise it is centred on 0. At the end it writes the
 * run's report files ({@link RunReports}, from the recorded games).
 */
public final class StandingsReporter implements RunListener {
    /** Bootstrap samples for the error bars: enough for stable bars, cheap for small runs. */
    private static final int BOOTSTRAP = 400;

    private PrintWriter out;
    private final boolean print;

    /** Prints standings every {@code reportEvery} games and at the end, and writes the report files. */
    public StandingsReporter() {
        this(true);
    }

    /** @param print false: only the report files at the end (for {@code --quiet}) */
    public StandingsReporter(boolean print) {
        this.print = print;
    }

    @Override
    public void gameFinished(GameEnd end) {
        if (print && !end.stopping() && end.moreToPlay() && end.standings().games() % this.config.reportEvery() == 0) {
            standings(this.config, end.standings(), false);
        }
    }

    private RunConfig config;
    private List<arbiter.play.GameTask> tasks;
    private ReportTally tally;

    @Override
    public void runStarted(RunStart start) {
        this.config = start.config();
        this.tasks = start.tasks();
        this.tally = start.tally();
        this.out = start.console();
    }

    @Override
    public void runEnded(Tournament.Summary summary) throws IOException {
        if (!print) {
            RunReports.write(config, tasks, tally, summary.stopReason());
            return;
        }
        standings(config, summary.standings(), true);
        RunReports.write(config, tasks, tally, summary.stopReason());
        if (summary.stopReason() != null) {
            out.println("Stopped: " + summary.stopReason());
        }
        out.flush();
    }

    private void standings(RunConfig config, Standings standings, boolean last) {
        out.printf("%n%s after %d games%n", last ? "Final standings" : "Standings", standings.games());
        if (standings.games() == 0) {
            return;
        }
        Ratings ratings = ratings(config, standings);
        out.print(RatingReport.render(ratings, Format.TEXT, List.of(RatingReport.Part.RATINGS)));
        if (config.schedule().type().equals("match")) {
            out.print(matchSummary(config, standings));
        }
        out.flush();
    }

    private static Ratings ratings(RunConfig config, Standings standings) {
        GameCounts counts = new GameCounts();
        for (String p : standings.players()) {
            counts.player(p);
        }
        for (Standings.Result r : standings.results()) {
            counts.add(r.white(), r.black(), r.result());
        }
        return RunReports.ratings(config, counts);
    }

    /** The match block: first player of the schedule against the second. */
    static String matchSummary(RunConfig config, Standings standings) {
        String a = config.schedule().players().get(0);
        String b = config.schedule().players().get(1);
        int[] wdl = standings.wdl(a, b);
        int[] penta = standings.pentanomial(a, b);
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%s vs %s: W %d  D %d  L %d%n", a, b, wdl[0], wdl[1], wdl[2]));
        MatchStats stats;
        long pairs = (long) penta[0] + penta[1] + penta[2] + penta[3] + penta[4];
        if (config.openings().pairs() && pairs > 0) {
            sb.append(String.format(Locale.ROOT, "pentanomial [LL, LD, WL+DD, WD, WW]: [%d, %d, %d, %d, %d]%n",
                    penta[0], penta[1], penta[2], penta[3], penta[4]));
            stats = MatchStats.ofPentanomial(penta[0], penta[1], penta[2], penta[3], penta[4]);
        } else {
            stats = MatchStats.ofWdl(wdl[0], wdl[1], wdl[2]);
        }
        sb.append(RatingReport.matchLine(stats)).append('\n');
        RunConfig.Sprt sprt = config.schedule().sprt();
        if (sprt != null) {
            Sprt.Result r = SprtStop.result(config, standings);
            sb.append(String.format(Locale.ROOT, "sprt: elo0 %.2f elo1 %.2f, llr %.3f [%.3f, %.3f]: %s%n",
                    sprt.elo0(), sprt.elo1(), r.llr(), r.lower(), r.upper(), r.verdict()));
        }
        return sb.toString();
    }
}

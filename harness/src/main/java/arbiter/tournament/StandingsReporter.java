package arbiter.tournament;

import arbiter.config.RunConfig;
import arbiter.report.Format;
import arbiter.report.RatingReport;
import arbiter.results.MatchVerdict;
import arbiter.results.Scoreboard;
import arbiter.stats.Ratings;
import arbiter.stats.Sprt;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * The run's standings. For a match, every {@code reportEvery} games and at the end, the block of the
 * tool the user chose ({@link ConsoleText}: fastchess's {@code Results of A vs B (...)} block, or
 * cutechess-cli's {@code Elo difference} and {@code SPRT} lines). Then, and for round robins and
 * gauntlets every {@code reportEvery} games, Arbiter's standings: a rating table with error bars for round robins and gauntlets; for a match,
 * W/D/L, pentanomial counts, Elo +- error, LOS and, with an SPRT, the LLR against its bounds: all
 * read from the run's {@link Scoreboard} (its match verdict), as the page and the report do. With
 * {@code anchors} in the config the rating table holds those players at their given Elo and rates
 * the others against them (a calibration); otherwise it is centred on 0. At the end it writes the
 * run's report files ({@link RunReports}, from the recorded games).
 */
public final class StandingsReporter implements RunListener {
    private PrintWriter out;
    private final boolean print;
    private final ConsoleText.Style style;
    private long startedNanos;

    /** Prints standings every {@code reportEvery} games and at the end, and writes the report files. */
    public StandingsReporter() {
        this(true);
    }

    /** @param print false: only the report files at the end (for {@code --quiet}) */
    public StandingsReporter(boolean print) {
        this(print, ConsoleText.Style.FASTCHESS);
    }

    /**
     * @param print false: only the report files at the end (for {@code --quiet})
     * @param style the layout of a match's block
     */
    public StandingsReporter(boolean print, ConsoleText.Style style) {
        this.print = print;
        this.style = style;
    }

    @Override
    public void gameFinished(GameEnd end) {
        if (print && !end.stopping() && end.moreToPlay() && end.scoreboard().games() % this.config.reportEvery() == 0) {
            if (end.scoreboard().match()) {
                matchBlock(end.scoreboard());
            } else {
                standings(this.config, end.scoreboard(), false);
            }
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
        this.startedNanos = System.nanoTime();
    }

    @Override
    public void runEnded(Tournament.Summary summary) throws IOException {
        if (!print) {
            RunReports.write(config, tasks, tally, summary.stopReason());
            return;
        }
        MatchVerdict match = summary.scoreboard().match() ? summary.scoreboard().verdict() : null;
        if (match != null && summary.scoreboard().games() > 0) {
            matchBlock(summary.scoreboard());
        }
        if (summary.stopReason() == null || match != null && match.sprtDecided()) {
            // An interrupted run is not finished: its "Stopped:" line comes instead, last.
            out.print(ConsoleText.ended(style, match, (System.nanoTime() - startedNanos) / 1_000_000));
        }
        standings(config, summary.scoreboard(), true);
        RunReports.write(config, tasks, tally, summary.stopReason());
        if (summary.stopReason() != null) {
            out.println("Stopped: " + summary.stopReason());
        }
        out.flush();
    }

    private void standings(RunConfig config, Scoreboard scoreboard, boolean last) {
        out.printf("%n%s after %d games%n", last ? "Final standings" : "Standings", scoreboard.games());
        if (scoreboard.games() == 0) {
            return;
        }
        Ratings ratings = scoreboard.ratings(config.anchors(), RunReports.BOOTSTRAP, config.seed(), Scoreboard.ratingModel(config));
        out.print(RatingReport.render(ratings, Format.TEXT, List.of(RatingReport.Part.RATINGS)));
        if (scoreboard.match()) {
            out.print(matchSummary(scoreboard.verdict()));
        }
        out.flush();
    }

    /** The match's block in the chosen tool's layout (nothing before the first game). */
    private void matchBlock(Scoreboard scoreboard) {
        MatchVerdict v = scoreboard.verdict();
        if (v.games() == 0) {
            return;
        }
        out.print(style == ConsoleText.Style.CUTECHESS ? ConsoleText.cutechessBlock(v)
                : ConsoleText.fastchessBlock(v, ConsoleText.matchup(config, v.player(), v.opponent(), tally.engineOptions)));
        out.flush();
    }

    /** The match block: first player of the schedule against the second, from the scoreboard's verdict. */
    static String matchSummary(MatchVerdict v) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%s vs %s: W %d  D %d  L %d%n", v.player(), v.opponent(), v.wins(),
                v.draws(), v.losses()));
        long[] penta = v.pentanomial();
        if (v.stats().pentanomial()) {
            sb.append(String.format(Locale.ROOT, "pentanomial [LL, LD, WL+DD, WD, WW]: [%d, %d, %d, %d, %d]%n",
                    penta[0], penta[1], penta[2], penta[3], penta[4]));
        }
        sb.append(RatingReport.matchLine(v.stats())).append('\n');
        Sprt sprt = v.sprt();
        if (sprt != null) {
            Sprt.Result r = v.sprtResult();
            sb.append(String.format(Locale.ROOT, "sprt: elo0 %.2f elo1 %.2f, llr %.3f [%.3f, %.3f]: %s%n",
                    sprt.elo0(), sprt.elo1(), r.llr(), r.lower(), r.upper(), r.verdict()));
        }
        return sb.toString();
    }
}

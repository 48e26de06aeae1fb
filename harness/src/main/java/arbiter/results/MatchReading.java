package arbiter.results;

import arbiter.report.RatingReport;
import arbiter.stats.Elo;
import arbiter.stats.MatchStats;
import arbiter.stats.Sprt;
import arbiter.stats.SprtEstimate;
import java.util.Locale;

/**
 * How a match's verdict reads, the one reading the report's match block and the page's match JSON
 * both print: the Elo and its "+-" with the kind named, or for a perfect score "all won" / "all
 * lost" with the 95% bound (never a clamp value); the SPRT's status ("undecided (game cap reached)"
 * when the run played every game without crossing a bound), the LLR as a percentage of the way to
 * the bound it approaches; and after an SPRT stop fishtest's median-unbiased Elo with its 95%
 * interval ({@link SprtEstimate}, on the counts the SPRT tested: pairs when paired, else games).
 *
 * @param verdict    the verdict read
 * @param eloText    the Elo cell: two decimals, or "all won" / "all lost"
 * @param errorText  the "+-" cell: two decimals, or the bound as "&gt;= x" / "&lt;= x" (one decimal)
 * @param errorKind  what the "+-" is: "95% pentanomial" or "95% trinomial"
 * @param perfect    "all won", "all lost", or null for a record with a finite estimate
 * @param bound      for a perfect score the 95% bound on the Elo (lower when all won, upper when all lost), else NaN
 * @param status     the SPRT's state: "H0 accepted", "H1 accepted", "continue", "undecided (game cap reached)";
 *                   null without an SPRT
 * @param llrPercent the LLR as a percentage of the bound it approaches (its sign's), NaN without an SPRT
 * @param toward     "H1" when the LLR is at or above 0, else "H0"; null without an SPRT
 * @param unbiased   fishtest's median-unbiased estimate after an SPRT stop, else null
 */
public record MatchReading(MatchVerdict verdict, String eloText, String errorText, String errorKind, String perfect,
                           double bound, String status, double llrPercent, String toward,
                           SprtEstimate.Estimate unbiased) {

    /** The status of an SPRT that played every scheduled game without crossing a bound. */
    public static final String UNDECIDED = "undecided (game cap reached)";

    /**
     * The reading of a verdict with at least one game.
     *
     * @param capReached the run has played every game it may play (its schedule's cap)
     */
    public static MatchReading of(MatchVerdict v, boolean capReached) {
        MatchStats m = v.stats();
        String[] cells = RatingReport.eloCells(m);
        boolean isPerfect = cells[0].startsWith("all ");
        double bound = Double.NaN;
        if (isPerfect) {
            bound = Elo.fromScore(Math.pow(0.025, 1.0 / m.samples()));
            bound = cells[0].equals("all won") ? bound : -bound;
        }
        String status = null;
        double percent = Double.NaN;
        String toward = null;
        SprtEstimate.Estimate unbiased = null;
        Sprt sprt = v.sprt();
        Sprt.Result r = v.sprtResult();
        if (sprt != null && r != null) {
            status = r.verdict() == Sprt.Verdict.CONTINUE && capReached ? UNDECIDED : r.verdict().toString();
            toward = r.llr() >= 0 ? "H1" : "H0";
            percent = Double.isFinite(r.llr()) ? 100 * r.llr() / (r.llr() >= 0 ? r.upper() : r.lower()) : Double.NaN;
            if (v.sprtDecided()) {
                long[] counts = v.paired() ? v.pentanomial() : new long[] {v.losses(), v.draws(), v.wins()};
                try {
                    unbiased = SprtEstimate.of(counts, sprt.elo0(), sprt.elo1(), sprt.alpha(), sprt.beta(), sprt.model());
                } catch (IllegalArgumentException e) {
                    unbiased = null; // no game of the tested kind: nothing to estimate
                }
            }
        }
        return new MatchReading(v, isPerfect ? cells[0] : f2(m.elo()), isPerfect ? cells[1] : f2(m.eloError()),
                RatingReport.errorKind(m), isPerfect ? cells[0] : null, bound, status, percent, toward, unbiased);
    }

    /**
     * What a match's draw ratio ({@link MatchStats#drawRatio()}, fastchess's) counts: "pairs scored 1-1"
     * over complete pairs (pentanomial), or "draws over games".
     */
    public static String drawRatioKind(MatchStats m) {
        return m.pentanomial() ? "pairs scored 1-1" : "draws over games";
    }

    /** The LLR's place as text: "72.4% of the way to H1" ("-" for no finite LLR); null without an SPRT. */
    public String llrProgress() {
        if (toward == null) {
            return null;
        }
        return Double.isNaN(llrPercent) ? "-" : String.format(Locale.ROOT, "%.1f%% of the way to %s", llrPercent, toward);
    }

    /**
     * fishtest's search range for the median-unbiased estimate: an end found at +-1000 is only the
     * edge of the range (a root beyond it, as after a perfect score), not an estimate.
     */
    public static final double SEARCH_LIMIT = 1000;

    /** True for a median-unbiased figure that is the edge of the search range, not a root. */
    public static boolean atSearchLimit(double elo) {
        return Math.abs(elo) >= SEARCH_LIMIT;
    }

    /** A median-unbiased figure: two decimals, or "> 1000" / "< -1000" at the edge of the search range. */
    public static String unbiasedText(double elo) {
        return !atSearchLimit(elo) ? f2(elo) : elo > 0 ? "> 1000" : "< -1000";
    }

    /** The median-unbiased estimate as {@link #unbiasedText}; null without one. */
    public String unbiasedElo() {
        return unbiased == null ? null : unbiasedText(unbiased.elo());
    }

    /** The median-unbiased estimate's interval as "[lo, hi]" ({@link #unbiasedText} each); null without one. */
    public String unbiasedInterval() {
        return unbiased == null ? null
                : "[" + unbiasedText(unbiased.ciLower()) + ", " + unbiasedText(unbiased.ciUpper()) + "]";
    }

    /** Two decimals, without the sign of a value that rounds to zero (as the report's cells). */
    public static String f2(double x) {
        if (Double.isNaN(x)) {
            return "-";
        }
        String s = String.format(Locale.ROOT, "%.2f", x);
        return s.matches("-0\\.0*") ? s.substring(1) : s;
    }
}

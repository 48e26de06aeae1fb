package arbiter.results;

import arbiter.stats.MatchStats;
import arbiter.stats.Sprt;
import java.util.Locale;

/**
 * A match's standing after a game, from {@code player}'s side against {@code opponent}: its counts,
 * the statistics the console, the page, the report and the stop policy all show, and the SPRT's
 * state. Made by {@link Scoreboard#verdict()} in constant time, whatever the number of games.
 *
 * @param pentanomial counts of complete colour-reversed pairs, low to high: LL, LD, WL+DD, WD, WW
 * @param paired      the openings are paired: the statistics and the SPRT count game pairs
 * @param stats       Elo, nElo, LOS and their 95% intervals: pentanomial when paired and a pair is
 *                    complete, else trinomial (NaN figures before any game)
 * @param sprt        the run's SPRT, or null
 * @param sprtResult  the SPRT at these counts, or null without one
 * @param winLossPairs of the pentanomial's middle cell, the pairs of a win and a loss (the others: two draws)
 */
public record MatchVerdict(String player, String opponent, long wins, long draws, long losses, long[] pentanomial,
                           boolean paired, MatchStats stats, Sprt sprt, Sprt.Result sprtResult, long winLossPairs) {

    /** Decided games between the two. */
    public long games() {
        return wins + draws + losses;
    }

    /** Complete colour-reversed pairs. */
    public long pairs() {
        long n = 0;
        for (long c : pentanomial) {
            n += c;
        }
        return n;
    }

    /** True when the SPRT accepted H0 or H1. */
    public boolean sprtDecided() {
        return sprtResult != null && sprtResult.verdict() != Sprt.Verdict.CONTINUE;
    }

    /** The SPRT's verdict as a sentence when it ended the test, or null to go on. */
    public String stopReason() {
        if (!sprtDecided()) {
            return null;
        }
        Sprt.Result r = sprtResult;
        return String.format(Locale.ROOT, "SPRT %s (llr %.3f, bounds [%.3f, %.3f])", r.verdict(), r.llr(), r.lower(),
                r.upper());
    }
}
